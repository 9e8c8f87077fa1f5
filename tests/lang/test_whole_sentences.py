"""Every message is a whole sentence in every language (issue 40 §2): nothing in the sources
glues a sentence together from translated pieces (lang/sentences.py), and each kind of glue
the scan knows is caught when planted; the list, result and footer words that replaced the
pieces read whole in each language."""

from __future__ import annotations

from pathlib import Path

import pytest

import lang
from lang import sentences

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]


def test_no_message_is_glued_from_pieces() -> None:
    found = sentences.problems(ROOT)
    head = "a message built from pieces (docs/i18n/sentences.md says how to write it whole):"
    assert found == [], "\n".join([head, *found])


@pytest.mark.parametrize(
    ("source", "says"),
    [
        # words glued to a translated message by +
        ('x = _("Bo") + " passes"', "glues the words 'passes'"),
        ('x = "You " + _("passed")', "glues the words 'You'"),
        # two translated messages glued into one sentence, by + or in an f-string
        ('x = _("You played") + " " + _("a pair")', "glues two translated messages"),
        ("x = f\"{_('You played')} {ngettext('a card', 'cards', n)}\"", "glues two translated"),
        ('x = pgettext("tag", "Bo") + _("passes").format(n=1)', "glues two translated"),
        # a value beside a translated message, in an order the code fixes
        ('x = f"{_(setting.label)} {shown}"', "puts a value beside"),
        ('x = str(n) + _("cards")', "puts a value beside"),
        # a label ending in a colon with the rest glued after it
        ('x = _("You chained:") + " " + cards', "label ending in a colon"),
        ('x = fill(_("Kitty:"), dim) + " " + cards', "label ending in a colon"),
        # a message glued onto another with +=
        ('x = _("Play"); x += _("with a password")', "with +="),
        # a list of translated words joined in code
        ('x = ", ".join(_(w) for w in words)', "joins a list of translated words with ', '"),
        ('x = " and ".join([_("a joker"), _("an 8")])', "joins a list of translated words"),
        ('x = _(", ").join(_(w) for w in words)', "translated separator"),
        # a plural chosen by hand
        ('x = _("card") if n == 1 else _("cards")', "plural by hand"),
        # msgids that are pieces
        ('x = N_(" · sudden death")', "starts or ends with a space"),
        ('x = _("{field}: ").format(field=f)', "starts or ends with a space"),
        ('x = _("and {name} passes")', "joining word"),
        ('x = _(", with a password")', "starts with a comma"),
        ('x = _(", ")', "starts or ends with a space"),
        ('x = pgettext("list", "·")', "punctuation alone"),
        ('x = pgettext("list", "、{name}")', "starts with a comma"),
        ('x = ngettext("{n} card", " cards", n)', "starts or ends with a space"),
    ],
)
def test_a_planted_piece_is_caught(source: str, says: str) -> None:
    found = sentences.source_problems(source, "tui/games/x/words.py")
    assert any(says in line for line in found), found
    assert all(line.startswith("tui/games/x/words.py:1: ") for line in found)


@pytest.mark.parametrize(
    "source",
    [
        # whole templates, with fields for what changes
        'x = _("{name} played {cards}").format(name=n, cards=c)',
        'x = fill(_("You chained: {cards}"), cards=c)',
        'x = ngettext("{n} card", "{n} cards", n).format(n=n)',
        # layout between whole messages: no letters, no list
        'x = " · " + _("enter play")',
        'x = _("Scores") + "\\n" + _("Nobody won")',
        'x = "\\n".join(_(line) for line in lines)',
        'x = " · ".join(_(w) for w in keys)',
        # a table's columns, padded to their widths
        "x = f\"  {_('player'):<{w}}  {_('score'):>6}\"",
        # the pieces another program glues for a reason (argparse, getpass)
        'x = _("usage: ")',
        'x = _("Password: ")',
        # a label that ends in a colon, shown alone (a heading, a seat's row)
        'x = Text(_("You:"))',
    ],
)
def test_a_whole_message_passes(source: str) -> None:
    assert sentences.source_problems(source) == []


def test_every_piece_kept_for_a_reason_says_it() -> None:
    assert all(reason.strip() for reason in sentences.PIECES.values())
    assert all(sentences.piece(msgid) is None for msgid in sentences.PIECES)


@pytest.mark.parametrize(
    ("code", "one", "two", "three"),
    [
        ("en", "Ann", "Ann and Bo", "Ann, Bo and Chen"),
        ("ja", "Ann", "AnnとBo", "Ann、BoとChen"),
        ("zh", "Ann", "Ann和Bo", "Ann、Bo和Chen"),
        ("hi", "Ann", "Ann और Bo", "Ann, Bo और Chen"),
    ],
)
def test_a_list_reads_as_its_language_lists(code: str, one: str, two: str, three: str) -> None:
    from tui.fill import and_list

    with lang.scope(code):
        assert and_list([]) == ""
        assert and_list(["Ann"]) == one
        assert and_list(["Ann", "Bo"]) == two
        assert and_list(iter(["Ann", "Bo", "Chen"])) == three


def test_a_rounds_result_is_its_own_sentence_without_its_number() -> None:
    """The results panel's title says the round; its result is a sentence of its own in each
    language, not the words after the colon of "Round 3: …" cut out of a translation."""
    from tui.games.swapo.choices import round_words

    record = {
        "round": 3,
        "winners": [0],
        "points": [21, 0, 0],
        "hands": [["7S", "7H", "7D", "2C", "3C"], ["2S"], ["3S"]],
        "declared": [None, None, None],
        "sudden_death": True,
    }
    names = ["Ann", "Bo", "Chen"].__getitem__
    assert round_words(record, names) == "Round 3: Ann (three 7s, +21) won · sudden death"
    bare = round_words(record, names, sudden_mark=False, numbered=False)
    assert bare == "Ann (three 7s, +21) won"
    with lang.scope("ja"):
        assert round_words(record, names, numbered=False).startswith("Ann（")
        assert "ラウンド" not in round_words(record, names, numbered=False)


def test_a_footer_word_takes_its_games_sense() -> None:
    """SwaPo's "declare" (a joker's rank) is not 秘十's (亮主): the game's context decides,
    and a word no game has its own entry for reads as everywhere."""
    with lang.scope("ja"):
        assert lang.in_context("swapo", "declare") == "宣言"
        assert lang.in_context("mishi", "declare") == lang._("declare") == "亮主"
        assert lang.in_context("swapo", "pass") == lang._("pass")
    assert lang.in_context("swapo", "declare") == "declare"
