"""Why the rules refuse an action: one code and its parameters, worded from one table.

``IllegalAction(code, **params)`` carries data; the wire carries the same data, and each
screen words it in its player's language (tui/words.py). ``str(exc)`` is the English sentence
(``english``), for logs, the command line and tests.

A template is one msgid, or ``(singular, plural, count_field)`` for a sentence with a count
(worded with ``ngettext`` on ``params[count_field]``). Parameter values are ``str``, ``int`` or
a list of ``str``, and some names have a meaning the screen relies on:

- ``card`` / ``cards``: card codes (the screen draws them as cards);
- ``seat``: a seat index (the screen shows that seat's name; English says "seat N");
- ``kind``: the action type refused. English starts the sentence with ``kind: `` unless the
  template names ``{kind}`` itself; a screen leaves it out (the player knows what they did).

Everything else (ranks, suits, keys, phases, numbers) is data, shown as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from lang import N_

Param = str | int | list[str]
Template = str | tuple[str, str, str]
Show = Callable[[str, Param], str]
"""How a screen shows one parameter: ``show(name, value)``."""


def counted(singular: str, plural: str, count_field: str) -> Template:
    """A counted template: ``(singular, plural, count_field)``. Only a marker: the tables call
    it by the name ``ngettext`` so that Babel extracts both forms as one plural message (the
    words are chosen later, by ``word``, with the real ``lang.ngettext``)."""
    return (singular, plural, count_field)


ngettext = counted  # the extraction keyword (see ``counted``)

REASONS: dict[str, Template] = {
    # The action's shape (every game) ---------------------------------------------------------
    "not_a_mapping": N_("an action must be a mapping"),
    "no_type": N_("an action must be a mapping with a string 'type'"),
    "missing_keys": N_("missing {keys}"),
    "unexpected_keys": N_("unexpected {keys}"),
    "wrong_type": N_("{key} has the wrong type"),
    "not_card_codes": N_("{key} must be a list of card codes"),
    "not_whole_numbers": N_("{key} must be a list of whole numbers"),
    "not_allowed_now": N_("'{kind}' is not allowed in the {phase} phase ({allowed})"),
    "no_such_seat": N_("there is no seat {given} at this table"),
    "game_over": N_("the game is over"),
    "not_your_turn": N_("it is not your turn"),
    # A table's set-up: its game, seats and options (BadSetup, a ValueError) ----------------
    "setup.unknown_game": N_("unknown game '{given}' (games: {known})"),
    # TRANSLATORS: kotatsu host --clock S: seconds per decision
    "setup.clock_range": N_("clock: seconds per decision must be from {lo} to {hi}"),
    # TRANSLATORS: kotatsu host --bank S: each player's extra time for the game
    "setup.bank_range": N_("bank: seconds must be from 0 to {hi}"),
    "setup.seats_number": N_("seats: must be a whole number"),
    "setup.seats_range": N_("seats: {game} takes {lo} to {hi} players, not {n}"),
    "setup.seats_exact": N_("seats: {game} takes exactly {lo} players, not {n}"),
    "setup.options_mapping": N_("options must be a mapping of option names to values"),
    "setup.unknown_option": N_("unknown option '{name}' (known: {known})"),
    "setup.one_of": N_("option '{name}': must be one of {values}"),
    "setup.whole_number": N_("option '{name}': must be a whole number"),
    "setup.range": N_("option '{name}': must be from {lo} to {hi}"),
    "setup.at_least": N_("option '{name}': must be {lo} or more"),
    "setup.true_false": N_("option '{name}': must be true or false"),
    "setup.variant_shape": N_(
        "option '{name}': must be a list of variant names or a comma-separated string"
    ),
    "setup.unknown_variant": N_(
        "option '{name}': unknown variant '{given}' (choose among {known})"
    ),
    "setup.no_seat": N_("option '{name}': there is no seat {given} at a table of {seats}"),
    "setup.bots_range": N_("bots: must be from 0 to {seats}"),
    "setup.started": N_("the game has started already"),
    "setup.too_few_players": ngettext(
        "this game needs at least {n} player", "this game needs at least {n} players", "n"
    ),
    "setup.too_few_decks": ngettext(
        "option '{name}': {decks} deck cannot give {seats} players {each} cards each",
        "option '{name}': {decks} decks cannot give {seats} players {each} cards each",
        "decks",
    ),
}
"""Every engine refusal's English template, by code (extracted for the catalogues)."""


def plain(name: str, value: Param) -> str:
    """A parameter in plain English: seats as "seat N", lists of cards spaced, lists commaed."""
    if name == "seat" and isinstance(value, int):
        return f"seat {value + 1}"
    if isinstance(value, list):
        return (" " if name == "cards" else ", ").join(map(str, value))
    return str(value)


def msgids(template: Template) -> tuple[str, ...]:
    """The msgid of a template, or its singular and plural for a counted one."""
    return (template,) if isinstance(template, str) else template[:2]


def word(
    template: Template,
    params: Mapping[str, Param],
    *,
    gettext: Callable[[str], str] | None = None,
    ngettext: Callable[[str, str, int], str] | None = None,
    show: Show = plain,
) -> str:
    """``template`` filled with ``params`` (each shown by ``show``), translated by ``gettext``
    / ``ngettext`` when given (English otherwise). KeyError if a field has no parameter,
    ValueError/TypeError if a counted template's count is not a whole number."""
    if isinstance(template, str):
        text = gettext(template) if gettext is not None else template
    else:
        singular, plural, field = template
        n = params[field]
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(f"the count {field!r} must be a whole number")
        if ngettext is not None:
            text = ngettext(singular, plural, n)
        else:
            text = singular if n == 1 else plural
    return text.format(**{name: show(name, value) for name, value in params.items()})


def english(templates: Mapping[str, Template], code: str, params: Mapping[str, Param]) -> str:
    """The English sentence of ``code`` (the code itself if the table does not know it, or if
    its parameters do not fill it), prefixed with ``kind: `` when the template does not name
    the kind itself."""
    template = templates.get(code)
    if template is None:
        return code
    try:
        text = word(template, params)
    except (KeyError, IndexError, TypeError, ValueError):
        return code
    kind = params.get("kind")
    if isinstance(kind, str) and not any("{kind}" in m for m in msgids(template)):
        text = f"{kind}: {text}"
    return text
