"""The table's keys: which work now, the word the footer shows for each, and when the footer
must be told. ``KeyLine`` is a small part the table screen owns: it answers the screen's
``check_action`` from what the screen has now (``KeysNow``: the state, the chat open, the
host's own table, a panel about to open) and from the parts whose keys it knows — the game's
part (its decision model's ``key_state`` and ``key_label``, its own keys), the hints and the
take-backs — and keeps one thing of its own: the keys' signature last shown, so that the
footer is told only when it changed (``changed``).

The actions themselves (``action_move`` …) stay on the screen, where Textual looks for them;
they forward to the game's decision model (tui/table/decisions.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from lang import _
from tui.widgets.footer import KeyEntry

from .bindings import FOOTER_WORDS, word_of
from .decisions import GAME_KEYS
from .hints import HintDesk
from .messages import TableState
from .part import TablePart
from .takeback import TakebackDesk


class KeysNow:
    """What the table's keys follow, as the table screen has it when a key is checked (made
    at each check: a few a state, the footer's refresh asks each binding). A plain class: a
    dataclass compiled its methods from text at every start (issue 37)."""

    __slots__ = ("chatting", "hosting", "me", "opening", "reviewable", "state")

    def __init__(
        self,
        state: TableState,
        me: int | None,
        chatting: bool = False,
        hosting: bool = False,
        reviewable: bool = False,
        opening: bool = False,
    ) -> None:
        self.state = state
        self.me = me
        #: The keys type into the chat.
        self.chatting = chatting
        #: The host's own table: its menu (``m``).
        self.hosting = hosting
        #: The host can be asked for the whole game now (``r`` once it is over).
        self.reviewable = reviewable
        #: A results panel opens in the next frame: no key acts (an enter meant for it).
        self.opening = opening


def part_action(
    action: str, parameters: tuple[object, ...], dynamic: tuple[str, ...]
) -> tuple[str, tuple[object, ...]] | None:
    """One of a part's own keys, as (its action, its arguments): bound as ``game``
    (``with_keys``), or named as the footer's keys name it (``dynamic``)."""
    if action == "game" and parameters:
        return str(parameters[0]), parameters[1:]
    if action in dynamic:
        return action, parameters
    return None


class KeyLine:
    """The table's keys and the footer's view of them; see the module docstring."""

    def __init__(self, part: TablePart, hints: HintDesk, takebacks: TakebackDesk) -> None:
        self.part = part
        self.hints = hints
        self.takebacks = takebacks
        #: The keys whose state or word can change (the footer is told when they do).
        self.actions = (*GAME_KEYS, *part.DYNAMIC_ACTIONS, "hint", "takeback", "review")
        self.signature: tuple = ()

    def label(self, key: str) -> str | None:
        """The decision model's word for a game key now (None: its usual word)."""
        return self.part.decisions.key_label(key)

    def allows(self, action: str, parameters: tuple[object, ...], now: KeysNow) -> bool | None:
        """The table's ``check_action``: whether a key works now (None: shown greyed). None
        works in the frame before a results panel opens; the part answers for its own keys;
        only watched (a replay), scores and rules are the only keys."""
        if now.opening:
            return False
        part, decisions = self.part, self.part.decisions
        own = part_action(action, parameters, part.DYNAMIC_ACTIONS)
        if own is not None:
            return not decisions.watching and part.allows(*own) and not now.chatting
        if decisions.watching:
            return action in ("scores", "rules")
        if action in GAME_KEYS:
            if now.chatting:  # the keys type into the chat
                return False
            if not self.shows(action, parameters):
                return False  # another binding of this key says what it does now
            return decisions.key_state(action)
        if action == "host_menu":
            return now.hosting
        if action == "hint":
            return self.hints.offered(now.me, now.state, decisions) and not now.chatting
        if action == "takeback":
            return self.takebacks.offered(now.me, now.state, decisions) and not now.chatting
        if action == "review":
            return now.state.over and now.reviewable and not now.chatting
        return True

    def footer_word(self, key: str) -> str | None:
        """Which of the key's FOOTER_WORDS the footer shows now (None: its usual word)."""
        label = self.label(key)
        return label if label in FOOTER_WORDS.get(key, ()) else None

    def word_args(self, action: str) -> tuple[str, ...]:
        """The arguments of the binding that shows ``action`` now: its footer word, if any."""
        word = self.footer_word(action) if action in GAME_KEYS else None
        return (word,) if word else ()

    def shows(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether this binding of a game key is the one that says what it does now (each
        word a key may say is a binding of its own; only the current one is shown)."""
        return word_of(parameters) == self.footer_word(action)

    def changed(self, now: KeysNow) -> bool:
        """Whether the keys that work (or their words) changed since the footer was last
        told: the footer reads every binding's state (``check_action``) at each refresh, so
        the table refreshes its bindings only then."""
        signature = tuple(
            (action, self.allows(action, self.word_args(action), now), self.label(action))
            for action in self.actions
        )
        if signature == self.signature:
            return False
        self.signature = signature
        return True


def keys_section(keys: Sequence[KeyEntry]) -> str:
    """Every key the table's footer would show now, as a Markdown section put before the
    rules (``?``): where a key the footer left out for the width is found."""
    # TRANSLATORS: the title of the list of keys, above a game's rules (a Markdown heading)
    heading = _("Keys at the table now")
    lines = [f"## {heading}", ""]
    for key in keys:
        shown = key.key_display.replace("`", "")
        lines.append(f"- `{shown}` {key.description}" if key.description else f"- `{shown}`")
    return "\n".join([*lines, "", ""])
