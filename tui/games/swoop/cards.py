"""The local player's cards in Swoop: the four slots and the hand, as ``PickableCards``.

Suits never matter in Swoop, so on a normal terminal cards are drawn as their ranks, grouped
(``A  2 2  7 7 7``), and a hand of forty cards after a pick-up still fits by wrapping; on a big
terminal they are boxes. The first row is the seat line (``▶  You  hand 11`` and the slots,
lined up with the other seats' slots, then the mystery places and the score), the second the
hand. ``MineFaces`` says which item (``swoop_flow.Item``) each face stands for, so a click
(``PickableCards.Picked``) goes back to the decision model as that item.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text

from engine.cards import rank
from tui.widgets.cards import UNKNOWN, CardFace
from tui.widgets.pickable import PickableCards

from . import flow

SLOTS, HAND = "slots", "hand"  # the two rows


class MineFaces:
    """My cards as faces, the item each stands for (None: not pickable), and the row
    titles and notes (a plain class: a dataclass compiled its methods from text at every
    Swoop table's start, issue 37)."""

    def __init__(
        self,
        *,
        titles: dict[object, str | Text] | None = None,
        notes: dict[object, str | Text] | None = None,
    ) -> None:
        self.faces: list[CardFace] = []
        self.items: list[flow.Item | None] = []
        self.titles: dict[object, str | Text] = {} if titles is None else titles
        self.notes: dict[object, str | Text] = {} if notes is None else notes

    def add(self, face: CardFace, item: flow.Item | None) -> None:
        self.faces.append(face)
        self.items.append(item)

    def index(self, item: flow.Item | None) -> int | None:
        """Where ``item`` stands (the cursor's place), or None."""
        return self.items.index(item) if item is not None and item in self.items else None


class SwoopCards(PickableCards):
    """My slots and hand: ranks inline, with 10s and jokers (they always swoop) standing
    out and backs in the mystery look; boxes (with their suits) on big terminals."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "pickable-cards--rank",  # a card by its rank
        "pickable-cards--ten",  # 10s and jokers
        "pickable-cards--mystery",  # a mystery card's back
    }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.items: list[flow.Item | None] = []

    def show_mine(self, mine: MineFaces, cursor: flow.Item | None, *, boxed: bool) -> None:
        """Redraw with my cards; ``cursor`` is the item under the cursor (None: nothing is
        being asked, the marks lines are blank); ``boxed`` draws boxes (big terminals)."""
        self.items = mine.items
        look = (mine.titles, mine.notes, not boxed)
        if look != (self.titles, self.notes, self.inline):  # the same faces, drawn anew
            self.titles, self.notes = mine.titles, mine.notes
            self.inline = not boxed
            self.set_class(not boxed, "-inline")
            self.mark_at = "center" if boxed else "end"
            self.relayout()
        self.show(mine.faces, mine.index(cursor))  # repaints only what changed

    def item(self, index: int) -> flow.Item | None:
        return self.items[index] if 0 <= index < len(self.items) else None

    def suit_look(self, code: str | None) -> list[str]:
        if not self.inline:
            return super().suit_look(code)
        if code is None:
            return ["mystery"]
        if not code or code == UNKNOWN:
            return []
        return ["ten"] if rank(code) in ("10", "JK") else ["rank"]


def rank_label(code: str, letters: bool) -> str:
    """A card by its rank, two cells wide at least (so the slots line up)."""
    return flow.rank_name(rank(code), letters).rjust(2)
