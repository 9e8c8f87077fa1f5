"""What the host says, as codes: the English templates of every ``rejected``, ``error`` and
``notice`` code the host (or the client, of a host) gives. The wire carries only the code and
its parameters; each screen words them in its player's language (tui/words.py).

Same shape and parameter conventions as the engine's table (engine/reasons.py): a template is a
msgid or a counted ``ngettext(singular, plural, count_field)``; ``seat`` is a seat index,
``name`` a player's name (data, as the table knows it), ``card``/``cards`` card codes. An error
code's family is the part before the dot (``full.seats`` is a ``full``): clients decide on the
family (retry or not), screens word the whole code.

A ``rejected`` may also carry an engine code (``not_your_turn``, ``game_over``…): ``sentence``
and the screen look in both tables; no code is in both.
"""

from __future__ import annotations

from collections.abc import Mapping

import lang
from engine.reasons import REASONS as ENGINE_REASONS
from engine.reasons import Param, Show, Template, english, ngettext, plain, word
from lang import N_

REJECTIONS: dict[str, Template] = {
    "spectator_act": N_("spectators cannot act"),
    "not_started": N_("the game has not started yet"),
    "stale": N_("stale action: you saw version {seen}, the table is at {now}"),
    "engine_failed": N_("the engine could not apply this action ({error})"),
    "deal_goes_on": N_("nothing to decide now: the deal goes on"),
    # TRANSLATORS: 秘十: a declaration (亮主) made earlier in the deal outranks yours
    "too_late": N_("too late: {seat} showed {cards} first"),
    "chat_empty": N_("empty message"),
    "whispers_off": N_("whispers are off at this table"),
    "spectator_whisper": N_("spectators cannot whisper"),
    "whisper_target": N_("you can whisper only to another seat"),
    "whisper_away": N_("that player is not connected"),
    "hints_off": N_("hints are off at this table"),
    # TRANSLATORS: the turn clock ran out; the table's bot makes this decision for you
    "clock_out": N_("time ran out: the bot plays this one for you"),
    "review_not_over": N_("the game can be reviewed once it is over"),
    "review_unavailable": N_("this table keeps no record of the game"),
    "takebacks_off": N_("this table does not allow take-backs"),
    "takeback_busy": N_("a take-back is being decided already"),
    "takeback_nothing": N_("you have no action to take back yet"),
    # TRANSLATORS: a take-back refused: a card was drawn, turned up or revealed, or a trick
    # or a round ended since the player's last action
    "takeback_shown": N_("too late to take back: something hidden has been shown since"),
    # TRANSLATORS: a take-back refused: sealed decisions (SwaPo's joker declarations, 秘十's
    # tens during the deal) cannot be taken back without telling the table about them
    "takeback_sealed": N_("decisions made in secret cannot be taken back"),
    "takeback_someone": N_("someone else has played since: their move would vanish"),
    # TRANSLATORS: a take-back refused: the table said no (or did not answer) to this
    # player's last request, and nothing has been played since
    "takeback_denied": N_("the table said no: ask again once the game has moved on"),
    # TRANSLATORS: a take-back refused: the player took back several actions this turn
    "takeback_enough": N_("enough take-backs this turn: play on"),
    "takeback_waiting": N_("wait: the table is deciding on a take-back"),
    "takeback_none": N_("no take-back is being asked"),
    "takeback_not_asked": N_("you are not asked about this take-back"),
    "takeback_answered": N_("you have answered already"),
    # TRANSLATORS: a spectator's chat line refused: the host muted this spectator
    "chat_muted": N_("the host has muted your chat at this table"),
    # TRANSLATORS: a spectator's chat line refused: the table was hosted with quiet spectators
    "spectators_quiet": N_("spectators may watch this table but not chat"),
}
"""``rejected``: the table refuses one message; the connection stays."""

ERRORS: dict[str, Template] = {
    "protocol.unknown_peer": N_("a message from a connection the table does not know"),
    "protocol.join_first": N_("the first message must be a join"),
    "protocol.unexpected": N_("unexpected {kind} after joining"),
    "protocol.bad_frame": N_("bad frame: {detail}"),
    "protocol.bad_message": N_("a bad message: {detail}"),
    "protocol.expected": N_("expected {expected}, got {got}"),
    "version": N_("the host speaks protocol {theirs}, not {ours}"),
    "password.wrong": N_("wrong password"),
    "password.needed": N_("this table needs a password"),
    "token": N_("that resume token belongs to no seat at this table"),
    "no_seat": N_("there is no {seat} at this table"),
    "seat_taken": N_("{seat} is taken"),
    "full.seats": N_("every seat at this table is taken; join as a spectator"),
    "full.joining": N_("too many connections are joining; try again shortly"),
    "full.spectators": ngettext(
        "this table has {n} spectator already", "this table has {n} spectators already", "n"
    ),
    "busy": N_("this seat was taken over a moment ago"),
    "replaced": N_("this seat was taken over by a new connection"),
    "flood": N_("too many messages for too long"),
    "idle": N_("no message for too long"),
    "gone.lost": N_("connection lost"),
    "gone.closed": N_("connection closed"),
    "internal": N_("the host failed: {error}"),
    "closed": N_("the host closed the table"),
    "removed": N_("the host removed you from the table"),
    # TRANSLATORS: told to a spectator the host sent away, and to it again if it comes back
    "banned": N_("the host asked you to leave this table: you cannot come back to it"),
    # TRANSLATORS: a join to watch refused: the table was hosted with no spectators
    "spectators.none": N_("this table takes no spectators"),
}
"""``error``: the connection ends (``gone.*``: it ended by itself, nothing is sent)."""

NOTICES: dict[str, Template] = {
    "left": N_("{name} left the table; their seat waits for them"),
    "back": N_("{name} is back"),
    "covered": N_("a bot plays for {name} until they come back"),
    "removed": N_("the host removed {name} from the table"),
    "taken_over": N_("seat {number} ({name}) was taken over by a new connection"),
    # TRANSLATORS: a player looked at a hint for learners (what the bot would do)
    "hint_asked": N_("{name} asked for a hint"),
    # TRANSLATORS: a take-back asked of the table: everyone else answers yes or no
    "takeback_asked": N_("{name} asks to take back their last action"),
    "took_back": N_("{name} took back their last action"),
    # TRANSLATORS: {cards}: the cards of the action taken back, drawn as cards
    "took_back_cards": N_("{name} took back their last action ({cards})"),
    # TRANSLATORS: {by}: the player who said no to {name}'s take-back
    "takeback_refused": N_("{by} said no: {name}'s action stands"),
    "takeback_unanswered": N_("not everyone answered in time: {name}'s action stands"),
    "takeback_dropped": N_("{name} left: their take-back is dropped"),
    "takeback_lapsed": N_("{name}'s take-back is no longer possible: the action stands"),
    # TRANSLATORS: the turn clock: a player's time (and time bank) ran out
    "timed_out": N_("time ran out: the bot played for {name}"),
    # TRANSLATORS: the turn clock, told to the player whose time ran out
    "timed_out_you": N_("your time ran out: the bot played this one for you"),
    # TRANSLATORS: {name}: a spectator (someone watching the table without a seat)
    "muted": N_("the host muted {name}'s chat"),
    # TRANSLATORS: {name}: a spectator whose chat the host had muted
    "unmuted": N_("{name} may chat again"),
    # TRANSLATORS: {name}: a spectator the host sent away; they cannot come back
    "sent_away": N_("the host asked {name} to stop watching and leave"),
}
"""``notice``: the table's own news, to everyone at it."""

LISTENING: dict[str, Template] = {
    # TRANSLATORS: kotatsu host/serve/web could not open its port; {address}: an IP address
    "listen.in_use": N_(
        "port {port} at {address} is in use already, by another table or program: choose"
        " another port, or leave the port out for any free one"
    ),
    "listen.address": N_("{address} is not an address of this machine"),
    # TRANSLATORS: ports below 1024 need an administrator's rights
    "listen.denied": N_("port {port} is reserved for the system here: choose one above 1023"),
    "listen.failed": N_("cannot listen at {address}:{port}: {error}"),
}
"""This machine's own failure to listen (net/doors/listening.py); never on the wire."""

REASONS: dict[str, Template] = {**REJECTIONS, **ERRORS}
"""Every net refusal (``rejected`` and ``error``) by code."""


def family(code: str) -> str:
    """The family of an error code: ``full.seats`` -> ``full``."""
    return code.partition(".")[0]


def sentence(code: str, params: Mapping[str, Param]) -> str:
    """The English sentence of a refusal (net or engine code; the code if unknown)."""
    return english(REASONS if code in REASONS else ENGINE_REASONS, code, params)


def notice_sentence(code: str, params: Mapping[str, Param]) -> str:
    """The English sentence of a notice."""
    return english(NOTICES, code, params)


def problem(exc: Exception) -> str:
    """An exception for a person to read, in the current language: a coded one (a BadSetup,
    an IllegalAction: ``code`` and ``params``) worded from its template, any other as it is."""
    code = getattr(exc, "code", None)
    params = getattr(exc, "params", None)
    if isinstance(code, str) and isinstance(params, dict) and template_of(code) is not None:
        game = params.get("game")
        if isinstance(game, str):  # a game's title is a msgid of its screen ("SwaPo")
            params = {**params, "game": lang._(game)}
        return say(code, params)
    return str(exc)


def template_of(code: str, *, notice: bool = False) -> Template | None:
    """The template of a notice, or of a refusal (net or engine); None if no table has it."""
    if notice:
        return NOTICES.get(code)
    return REASONS.get(code) or ENGINE_REASONS.get(code) or LISTENING.get(code)


def say(code: str, params: Mapping[str, Param], *, notice: bool = False, show: Show = plain) -> str:
    """A refusal (or a ``notice``) worded in the current language (``lang``), each parameter
    shown by ``show``. A code no table knows, or a translation whose fields the parameters do
    not fill, falls back to English, and then to the code itself: never an exception."""
    template = template_of(code, notice=notice)
    if template is None:
        return code
    for gettext, plural in ((lang._, lang.ngettext), (None, None)):
        try:
            return word(template, params, gettext=gettext, ngettext=plural, show=show)
        except (KeyError, IndexError, TypeError, ValueError):
            continue
    return code
