"""Whole Swoop sentences chosen by case: swoops by count, plays with where their cards came
from, the pile's line and the picked group's preview (translators get each as one msgid)."""

from __future__ import annotations

from rich.text import Text

from lang import N_, _, ngettext
from tui.fill import fill, listed, mine_or
from tui.table.parse import Event

#: The looks of the tagged words in the sentences below.
TAGS = {"dim": "dim", "b": "bold"}

#: A swoop by two to four cards, in words: (jokers?, count) -> ("You …", "{name} …").
SWOOPED = {
    (False, 2): (
        # TRANSLATORS: Swoop log: a swoop with two cards of {rank} (10s: "two 10s")
        N_("Swoop! You swooped with two {rank}s"),
        # TRANSLATORS: Swoop log: a swoop with two cards of {rank} (10s: "two 10s")
        N_("Swoop! {name} swooped with two {rank}s"),
    ),
    (False, 3): (
        # TRANSLATORS: Swoop log: a swoop with three cards of {rank}
        N_("Swoop! You swooped with three {rank}s"),
        # TRANSLATORS: Swoop log: a swoop with three cards of {rank}
        N_("Swoop! {name} swooped with three {rank}s"),
    ),
    (False, 4): (
        # TRANSLATORS: Swoop log: four cards of one rank made a swoop ("four 7s")
        N_("Swoop! You swooped with four {rank}s"),
        # TRANSLATORS: Swoop log: four cards of one rank made a swoop ("four 7s")
        N_("Swoop! {name} swooped with four {rank}s"),
    ),
    (True, 2): (
        # TRANSLATORS: Swoop log: a swoop with two jokers
        N_("Swoop! You swooped with two jokers"),
        # TRANSLATORS: Swoop log: a swoop with two jokers
        N_("Swoop! {name} swooped with two jokers"),
    ),
    (True, 3): (
        # TRANSLATORS: Swoop log: a swoop with three jokers
        N_("Swoop! You swooped with three jokers"),
        # TRANSLATORS: Swoop log: a swoop with three jokers
        N_("Swoop! {name} swooped with three jokers"),
    ),
    (True, 4): (
        # TRANSLATORS: Swoop log: a swoop with four jokers
        N_("Swoop! You swooped with four jokers"),
        # TRANSLATORS: Swoop log: a swoop with four jokers
        N_("Swoop! {name} swooped with four jokers"),
    ),
}


def swooped(joker: bool, count: int, rank: str, mine: bool, name: str) -> str:
    """ "Swoop! Bo swooped with a 10" / "… with three jokers" / "… with four 7s"."""
    words = SWOOPED.get((joker, count))
    if words is not None:
        return _(words[0] if mine else words[1]).format(name=name, rank=rank)
    if joker and mine:
        # TRANSLATORS: Swoop log: a swoop with jokers; {count} (a number) may be used in
        # every form, though English leaves it out of "a joker"
        template = ngettext(
            "Swoop! You swooped with a joker", "Swoop! You swooped with {count} jokers", count
        )
    elif joker:
        # TRANSLATORS: Swoop log: a swoop with jokers; {count} (a number) may be used in
        # every form, though English leaves it out of "a joker"
        template = ngettext(
            "Swoop! {name} swooped with a joker", "Swoop! {name} swooped with {count} jokers", count
        )
    elif mine:
        # TRANSLATORS: Swoop log: a swoop with cards of {rank} (a 10); {count} (a number) may
        # be used in every form, though English leaves it out of "a 10"
        template = ngettext(
            "Swoop! You swooped with a {rank}", "Swoop! You swooped with {count} {rank}s", count
        )
    else:
        # TRANSLATORS: Swoop log: a swoop with cards of {rank} (a 10); {count} (a number) may
        # be used in every form, though English leaves it out of "a 10"
        template = ngettext(
            "Swoop! {name} swooped with a {rank}",
            "Swoop! {name} swooped with {count} {rank}s",
            count,
        )
    return template.format(name=name, rank=rank, count=count)


#: Where a played group came from (listed when not only the hand).
SOURCES = {
    # TRANSLATORS: Swoop log, where cards came from: "Bo played 7 7 (turned up + hand)"
    "turned up": N_("turned up"),
    # TRANSLATORS: Swoop log, where cards came from: "Bo played 7 7 (hand + face-up)"
    "hand": N_("hand"),
    # TRANSLATORS: Swoop log, where cards came from: "Bo played 7 7 (hand + face-up)"
    "face-up": N_("face-up"),
}


def sources(event: Event) -> str:
    """Where a played group came from, when not only the hand: "face-up", "hand + face-up",
    "turned up", "turned up + hand"…; "" for the hand alone."""
    hand, table = event.cards("hand"), event.integers("table")
    parts = ["turned up"] if event.text("mystery") else []
    if hand and (parts or table):
        parts.append("hand")
    if table:
        parts.append("face-up")
    # TRANSLATORS: Swoop log, joins the places cards came from: "hand + face-up"
    return listed([_(SOURCES[p]) for p in parts], _("{a} + {b}"))


#: A play's sentence by case: (where from is told, higher than the pile) -> (mine, theirs).
PLAYED = {
    (False, False): (
        # TRANSLATORS: Swoop log: a play from the hand
        N_("You played {cards}"),
        # TRANSLATORS: Swoop log: a play from the hand
        N_("{name} played {cards}"),
    ),
    (True, False): (
        # TRANSLATORS: Swoop log: a play; {source}: where the cards came from ("hand +
        # face-up"); <dim>…</dim> marks quiet words (keep the tags around them)
        N_("You played {cards}<dim> ({source})</dim>"),
        # TRANSLATORS: Swoop log: a play; {source}: where the cards came from ("hand +
        # face-up"); <dim>…</dim> marks quiet words (keep the tags around them)
        N_("{name} played {cards}<dim> ({source})</dim>"),
    ),
    (False, True): (
        # TRANSLATORS: Swoop log: a play higher than the pile (so a pick-up follows);
        # <dim>…</dim> marks quiet words (keep the tags around them)
        N_("You played {cards}<dim> — higher</dim>"),
        # TRANSLATORS: Swoop log: a play higher than the pile (so a pick-up follows);
        # <dim>…</dim> marks quiet words (keep the tags around them)
        N_("{name} played {cards}<dim> — higher</dim>"),
    ),
    (True, True): (
        # TRANSLATORS: Swoop log: a play higher than the pile (so a pick-up follows);
        # {source}: where the cards came from; <dim>…</dim> quiet words (keep the tags)
        N_("You played {cards}<dim> ({source}) — higher</dim>"),
        # TRANSLATORS: Swoop log: a play higher than the pile (so a pick-up follows);
        # {source}: where the cards came from; <dim>…</dim> quiet words (keep the tags)
        N_("{name} played {cards}<dim> ({source}) — higher</dim>"),
    ),
}


def played(event: Event, mine: bool, name: str, cards: Text) -> Text:
    """ "Bo played 7 7 (hand + face-up) — higher": the play, where from, and a pick-up."""
    source = sources(event)
    words = PLAYED[bool(source), event.text("outcome") == "pickup"]
    template = _(words[0] if mine else words[1])
    return fill(template, tags=TAGS, name=name, cards=cards, source=source)


def flipped(seat: object, me: int | None, name: str, card: Text, slot: int) -> Text:
    """ "Bo turned up 7 (slot 2)"."""
    # TRANSLATORS: Swoop log: a mystery card turned face up, and which of the four slots it
    # was in; <dim>…</dim> marks quiet words (keep the tags around them)
    mine, theirs = (
        _("You turned up {card}<dim> (slot {number})</dim>"),
        _("{name} turned up {card}<dim> (slot {number})</dim>"),
    )
    return fill(mine_or(seat, me, mine, theirs), tags=TAGS, name=name, card=card, number=slot)


def pile_head(size: int, top: Text | None) -> Text:
    """ "Pile 12 · top Q ×2" / "Pile empty — the next group leads"."""
    if top is None:
        # TRANSLATORS: Swoop, the pile has no cards; <b>…</b> bold, <dim>…</dim> quiet
        # (keep the tags around the words)
        return fill(_("<b>Pile empty</b><dim> — the next group leads</dim>"), tags=TAGS)
    # TRANSLATORS: Swoop, the pile's heading: its size and the run on top ("Pile 12 · top Q ×2");
    # <b>…</b> bold, <dim>…</dim> quiet (keep the tags around the words)
    template = _("<b>Pile {count}</b><dim> · top </dim>{top}")
    return fill(template, tags=TAGS, count=Text(str(size), "bold"), top=top)


#: The preview of a picked group that goes on the pile or swoops: (outcome, alone) -> words.
PICKED = {
    # TRANSLATORS: Swoop prompt: the picked cards would swoop; words before <b> are quiet,
    # <b>…</b> bold (keep the tags around the words)
    ("swoop", False): N_("picked {cards}<b> → swoop!</b>"),
    # TRANSLATORS: Swoop prompt: the turned-up card alone would swoop; words before <b> are
    # quiet, <b>…</b> bold (keep the tags around the words)
    ("swoop", True): N_("alone {cards}<b> → swoop!</b>"),
    # TRANSLATORS: Swoop prompt: the picked cards would go on the pile; words before <b> are
    # quiet, <b>…</b> bold (keep the tags around the words)
    ("pile", False): N_("picked {cards}<b> → goes on the pile</b>"),
    # TRANSLATORS: Swoop prompt: the turned-up card alone would go on the pile; words before
    # <b> are quiet, <b>…</b> bold (keep the tags around the words)
    ("pile", True): N_("alone {cards}<b> → goes on the pile</b>"),
}


def picked(kind: str, alone: bool, count: int, cards: Text) -> Text:
    """The picked group and what it would do: "picked 7 7 → goes on the pile" (``kind``:
    the engine's outcome), or the turned-up card "alone"; ``count``: the pile it would take."""
    if kind == "pickup" and alone:
        # TRANSLATORS: Swoop prompt: the turned-up card alone is higher than the pile (a
        # pick-up of {count} cards); <b>…</b> bold (keep the tags around the words)
        template = ngettext(
            "alone {cards}<b> → higher: you take the pile ({count} card)</b>",
            "alone {cards}<b> → higher: you take the pile ({count} cards)</b>",
            count,
        )
    elif kind == "pickup":
        # TRANSLATORS: Swoop prompt: the picked cards are higher than the pile (a pick-up of
        # {count} cards); <b>…</b> bold (keep the tags around the words)
        template = ngettext(
            "picked {cards}<b> → higher: you take the pile ({count} card)</b>",
            "picked {cards}<b> → higher: you take the pile ({count} cards)</b>",
            count,
        )
    else:
        key = ("swoop" if kind == "swoop" else "pile", alone)
        template = _(PICKED[key])
    return fill(template, "dim", tags=TAGS, cards=cards, count=count)
