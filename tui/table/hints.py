"""Hints for learners, at tables whose host turned them on (``kotatsu play``: on; a LAN table:
``kotatsu host --hints``). ``h`` shows what the game's normal bot would do now and one line of
why, worded in the player's language; nothing is played. The hint is computed here, from this
seat's own view and legal actions only (engine/hints.py), so it can know nothing the seat does
not; the table is only told that a hint was looked at (the ``hint`` message: everyone reads
"Ann asked for a hint"), once per turn. ``HintDesk`` is the table screen's part that offers
them and words the one asked for (``give``), returned for the table to show and tell.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

import lang
from engine.base import SeatView
from engine.hints import HINTS, Hint
from engine.hints import hint as bot_hint
from engine.reasons import Param, plain, word
from lang import N_, _
from tui.widgets.cards import SUIT_GLYPHS

from . import parse
from .decisions import Decisions, asked_openly
from .game_words import words_for
from .messages import TableState
from .news import Said
from .parse import Wired

SeatName = Callable[[int], str]
CardText = Callable[[str], str]

#: How the hint says an action every game has (``{cards}`` drawn as cards); a game declares
#: its own kinds (``GameWords.HINT_ACTIONS``, tui/games/<game>/declared.py), and an action
#: neither names is said by its type.
ACTIONS: dict[str, str] = {
    # TRANSLATORS: a hint: the action the bot would take ({cards}: cards drawn as cards)
    "play": N_("play {cards}"),
    # TRANSLATORS: a hint: pass (no swap, no power, no declaration)
    "pass": N_("pass"),
}


def action_words(
    action: Mapping[str, object],
    cards: Sequence[str],
    card_text: CardText,
    seat_name: SeatName,
    game: str,
) -> str:
    """``game``'s ``action`` in words: ``cards`` are the cards it moves (each drawn by
    ``card_text``)."""
    words = words_for(game)
    key = words.hint_action(action)
    told = parse.Event.of(action)  # any game's action: read by name, whatever its game
    target = told.seat_of("target")
    values = {
        "cards": " ".join(card_text(c) for c in cards),
        "name": seat_name(target) if target is not None else "",
        "rank": told.text("rank"),
        "n": len(told.integers("give")),
    }
    template = words.HINT_ACTIONS.get(key) or ACTIONS.get(key)
    if template is None:
        return told.kind
    try:
        return _(template).format(**values)
    except (KeyError, IndexError, ValueError):
        return template.format(**values)


def reason_words(
    hint: Hint, card_text: CardText, seat_name: SeatName, *, glyphs: bool = True
) -> str:
    """Why, in the player's language (English if a translation does not fit its fields);
    suits as glyphs unless ``glyphs`` is off (the cards are drawn with letters)."""

    def show(name: str, value: Param) -> str:
        if name == "seat" and isinstance(value, int):
            return seat_name(value)
        if name == "card" and isinstance(value, str):
            return card_text(value)
        if name == "cards" and isinstance(value, list):
            return " ".join(card_text(c) for c in value)
        if name == "suit" and isinstance(value, str) and glyphs:
            return SUIT_GLYPHS.get(value, value)
        return plain(name, value)

    template = HINTS.get(hint.code, HINTS["best"])
    for gettext, ngettext in ((lang._, lang.ngettext), (None, None)):
        try:
            return word(template, hint.params, gettext=gettext, ngettext=ngettext, show=show)
        except (KeyError, IndexError, TypeError, ValueError):
            continue
    return hint.code


def hint_line(
    hint: Hint,
    cards: Sequence[str],
    card_text: CardText,
    seat_name: SeatName,
    game: str,
    *,
    glyphs: bool = True,
) -> str:
    """The hint as the notice line and the log say it: "Hint: play 7♠ 7♥ — shed 7♠ 7♥: …"."""
    # TRANSLATORS: a hint for learners: {action} what the bot would do, {why} its reason
    return _("Hint: {action} — {why}").format(
        action=action_words(hint.action, cards, card_text, seat_name, game),
        why=reason_words(hint, card_text, seat_name, glyphs=glyphs),
    )


def hint_cards(action: Mapping[str, object]) -> list[str]:
    """The cards an action names (a game's screen adds what it names otherwise)."""
    told = parse.Event.of(action)
    if told.has("cards"):
        return told.cards()
    card = told.text("card")
    return [card] if card else []


def seat_hint(
    game: str,
    me: int,
    view: SeatView,
    legal: Sequence[Wired],
    moved_cards: Callable[[Wired], list[str]],
    card_text: CardText,
    seat_name: SeatName,
    *,
    glyphs: bool = True,
) -> str | None:
    """The hint line for seat ``me`` now, from its own view and legal actions only; None
    when the normal bot has none (or fails on this view: that costs the hint, not the table).
    ``moved_cards``: the cards an action moves, as the game's screen reads them."""
    try:
        shown = bot_hint(game, me, view, legal)
    except Exception:
        shown = None
    if shown is None:
        return None
    return hint_line(shown, moved_cards(shown.action), card_text, seat_name, game, glyphs=glyphs)


class CardNames(Protocol):
    """How a game names a hint's cards (its face, tui/table/face.py)."""

    def hint_card(self, code: str) -> str: ...
    def hint_cards(self, action: Wired) -> list[str]: ...


class HintDesk:
    """The table's hints: whether ``h`` gives one now, and the one it gives. It reads the
    table's description (whether the host allows hints) and what it is given."""

    def __init__(self, table_info: dict, letters: bool) -> None:
        self.table_info = table_info
        self.glyphs = not letters  # suits as glyphs unless the cards are drawn with letters

    def offered(self, me: int | None, state: TableState, decisions: Decisions) -> bool:
        """Whether ``h`` gives a hint now: the host allows hints, and this seat is asked a
        question the table knows of (a hint asked for tells the table)."""
        allowed = self.table_info.get("hints") is True and asked_openly(me, state, decisions)
        return allowed and not decisions.asked_sealed()

    def give(
        self,
        game: str,
        me: int | None,
        state: TableState,
        decisions: Decisions,
        names: CardNames,
        seat_name: SeatName,
    ) -> Said | None:
        """What the normal bot would do now, and why, for the notice line and the log (None:
        no hint is offered now); the table is to be told a hint was seen once one is shown
        (``Said.notice``), and the prompt says so when there is none."""
        if me is None or state.view is None or not self.offered(me, state, decisions):
            return None
        line = seat_hint(
            game,
            me,
            state.view,
            state.legal,
            names.hint_cards,
            names.hint_card,
            seat_name,
            glyphs=self.glyphs,
        )
        if line is None:
            return Said(reject=_("No hint for this question."))
        return Said(notice=line, timeout=12, log=((line, None),))
