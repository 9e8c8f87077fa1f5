"""Whole sentences as a check: no message is glued together from translated pieces in code.

A translator orders a whole sentence; a language cannot reorder pieces the code puts side by
side. So the code hands every sentence to ``lang`` whole, with named fields (``{name}``,
``%(name)s``) for what changes, ``ngettext`` for a count and ``and_list`` (``tui/fill.py``)
for a list, and this scan of the source (its syntax tree, no import) finds what breaks that:

- a translated message with words glued to it in code (``_("You played") + " " + cards``
  is fine only as layout: a literal with no letters, such as ``" · "`` between two whole
  messages) or two translated messages glued with nothing or a space between them, by ``+``
  or in an f-string (``f"{_('Bo')} {_('passes')}"``);
- a list of translated words joined in code with a comma or a word (``", ".join(...)``,
  ``_(", ").join(...)``): ``and_list`` words a list in each language's way;
- a plural chosen by hand (``_("card") if n == 1 else _("cards")``): ``ngettext``;
- a value put beside a translated message with nothing or a space between
  (``f"{_(label)} {value}"``): the message's own field, ``_("{setting} {value}")``;
- a label ending in a colon with words glued after it in code (``_("You chained:") + " "
  + cards``): one template, ``"You chained: {cards}"``;
- a msgid that is a piece, not a sentence: it starts or ends with a space (``" · sudden
  death"``, ``"{field}: "``), starts with a joining word or a comma (``"and …"``,
  ``", with a password"``), or is punctuation alone (``", "``).

``PIECES`` names the few msgids that are pieces for a reason (argparse and getpass glue their
own words to them). A developer's tool: ``tests/lang/test_whole_sentences.py`` runs it over
engine/, net/, tui/ and lang/.
"""

from __future__ import annotations

import ast
import re
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path

TRANSLATE = {"_", "N_", "ngettext", "pgettext", "npgettext"}
"""The calls that translate (or mark for translation) a message."""

PIECES = {
    "usage: ": "argparse puts the usage line after it (tui/cli_words.py)",
    "%(prog)s: error: %(message)s\n": "argparse's own error line (tui/cli_words.py)",
    "Password: ": "getpass's prompt: what the user types follows it (tui/secret.py)",
}
"""msgids that are pieces for a reason another program gives: the reason, by msgid."""

_ARGS = {"_": (0, 1), "N_": (0, 1), "ngettext": (0, 2), "pgettext": (1, 1), "npgettext": (1, 2)}
"""Where each call's msgids are: (first argument, how many)."""
_JOINING = re.compile(r"^(and|or|but|nor|then)\b")
_FIELDS = re.compile(r"\{[^{}]*\}|%\(\w+\)[sd]|%[sd]|<[^<>]*>|\[/?[a-z ]*\]")


def _letters(text: str) -> bool:
    return any(unicodedata.category(c)[0] in "LM" for c in text)


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def translated(node: ast.AST) -> bool:
    """Whether ``node`` is a translated message: ``_(…)``, ``ngettext(…)``, ``pgettext(…)``,
    or one of these ``.format``-ed or ``fill``-ed."""
    if not isinstance(node, ast.Call):
        return False
    name = _name(node.func)
    if name in TRANSLATE:
        return True
    if name == "format" and isinstance(node.func, ast.Attribute):
        return translated(node.func.value)
    if name == "fill" and node.args:
        return translated(node.args[0])
    return False


def msgids(tree: ast.AST) -> Iterator[tuple[str, int]]:
    """Every literal msgid of the translating calls, with its line."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or _name(node.func) not in TRANSLATE:
            continue
        first, count = _ARGS[str(_name(node.func))]
        for arg in node.args[first : first + count]:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield arg.value, node.lineno


def piece(msgid: str) -> str | None:
    """Why a msgid is a piece of a sentence rather than a whole one (None: it is whole)."""
    if msgid in PIECES:
        return None
    text = msgid[:-1] if "\n" in msgid[:-1] and msgid.endswith("\n") else msgid
    if text != text.strip():
        return "starts or ends with a space, to be glued to other words"
    if _JOINING.match(text):
        return "starts with a joining word, to be glued after other words"
    if text[:1] in ",;、，":
        return "starts with a comma, to be glued after other words"
    if not _letters(_FIELDS.sub("", text)) and not _FIELDS.search(text):
        return "is punctuation alone, to be glued between words"
    return None


def _chain(node: ast.expr) -> list[ast.expr]:
    """The operands of ``a + b + c`` (strings added), in order."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return [*_chain(node.left), *_chain(node.right)]
    return [node]


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _glued(parts: list[ast.expr]) -> str | None:
    """Why a row of string parts (added, or an f-string's) glues a sentence together."""
    for i, part in enumerate(parts):
        if not translated(part):
            continue
        for step in (-1, 1):
            j = i + step
            between = ""
            while 0 <= j < len(parts) and (text := _literal(parts[j])) is not None:
                if _letters(text):
                    return f"glues the words {text.strip()!r} to a translated message"
                between += text
                j += step
            glued = not between.strip() and "\n" not in between  # not two lines
            if 0 <= j < len(parts) and translated(parts[j]) and glued:
                return "glues two translated messages into one sentence"
            if 0 <= j < len(parts) and glued and not isinstance(parts[j], ast.Constant):
                return "puts a value beside a translated message: give the message its field"
            if step == 1 and 0 <= i + 1 < len(parts) and _ends_in_colon(part):
                return "glues what follows to a translated label ending in a colon"
    return None


def _ends_in_colon(node: ast.expr) -> bool:
    """Whether a translated call's literal msgid ends in a colon (a label for what follows)."""
    while isinstance(node, ast.Call) and _name(node.func) in {"format", "fill"}:
        if isinstance(node.func, ast.Attribute) and node.func.attr == "format":
            node = node.func.value
        elif node.args:
            node = node.args[0]
        else:
            return False
    if not (isinstance(node, ast.Call) and _name(node.func) in TRANSLATE and node.args):
        return False
    first = _ARGS[str(_name(node.func))][0]
    msgid = _literal(node.args[first]) if len(node.args) > first else None
    return msgid is not None and msgid.rstrip().endswith((":", "："))


def _fstring_parts(node: ast.JoinedStr) -> list[ast.expr]:
    """An f-string's parts; a value padded to a width (``{_('score'):>6}``) is a column of a
    table, laid out rather than said, so it stands as no message."""
    return [
        (ast.Constant(None) if v.format_spec is not None else v.value)
        if isinstance(v, ast.FormattedValue)
        else v
        for v in node.values
    ]


def _plural_by_hand(node: ast.IfExp) -> bool:
    test = node.test
    if not (translated(node.body) and translated(node.orelse)):
        return False
    if not isinstance(test, ast.Compare) or len(test.comparators) != 1:
        return False
    other = test.comparators[0]
    return (
        isinstance(other, ast.Constant)
        and other.value in (1, 2)
        and not (isinstance(other.value, bool))
    )


def _joined_list(node: ast.Call) -> str | None:
    """Why ``sep.join(items)`` glues a list of translated words, if it does."""
    func = node.func
    if not (isinstance(func, ast.Attribute) and func.attr == "join" and len(node.args) == 1):
        return None
    items = node.args[0]
    if not any(translated(n) for n in ast.walk(items)):
        return None
    sep = _literal(func.value)
    if translated(func.value):
        return "joins a list of translated words with a translated separator: and_list"
    if sep is not None and (_letters(sep) or "," in sep or "、" in sep):
        return f"joins a list of translated words with {sep!r}: and_list"
    return None


def source_problems(source: str, path: str = "<source>") -> list[str]:
    """Every message the source glues together from pieces, one line each."""
    tree = ast.parse(source)
    out = []
    for msgid, line in msgids(tree):
        why = piece(msgid)
        if why:
            out.append(f"{path}:{line}: the msgid {msgid!r} {why}")
    for node in ast.walk(tree):
        why = None
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            why = _glued(_chain(node))
        elif isinstance(node, ast.JoinedStr):
            why = _glued(_fstring_parts(node))
        elif (
            isinstance(node, ast.AugAssign)
            and isinstance(node.op, ast.Add)
            and translated(node.value)
        ):
            why = "glues a translated message onto another with +="
        elif isinstance(node, ast.IfExp) and _plural_by_hand(node):
            why = "chooses a plural by hand: ngettext"
        elif isinstance(node, ast.Call):
            why = _joined_list(node)
        if why:
            out.append(f"{path}:{getattr(node, 'lineno', 0)}: {why}")
    return list(dict.fromkeys(out))


def problems(root: Path, sources: Iterable[str] = ("engine", "net", "tui", "lang")) -> list[str]:
    """Every glued message in the project's sources under ``root``."""
    out = []
    for source in sources:
        for path in sorted((root / source).rglob("*.py")):
            if "__snapshots__" in path.parts:
                continue
            rel = path.relative_to(root).as_posix()
            out += source_problems(path.read_text(encoding="utf-8"), rel)
    return out
