"""Take-backs at a table (a table setting: off, ask the table, or free; docs/protocol.md).

A player may take back their own last action as long as nobody else has acted since it and
nothing hidden has been shown since: no card drawn, turned up or revealed, no trick or round
completed (the engine says which steps show something: ``Game.shows_hidden``;
``engine.undo.Rewind`` gives the game without the last actions). Only the asker's own actions
go: a move of another seat — a bot's too — is never taken back, since the table has seen it
(a card played from a hand goes back into no hidden hand) and taking it back again and again
would probe how that seat answers. Refused, to the asker alone and worded on facts the asker
knows:

- ``takebacks_off``: this table does not allow take-backs;
- ``takeback_busy``: a take-back is being decided already (one at a time);
- ``takeback_nothing``: the seat has not acted yet in this game;
- ``takeback_shown``: something hidden was shown since (or by) the seat's last action;
- ``takeback_sealed``: the action, or one since, was a decision made in secret (SwaPo's
  sealed joker declarations, Mi Shi's tens during the deal), or the table is in such a phase
  now: asking would tell the table that the seat made one (whoever asks to change a joker's
  rank holds a joker), and who has made one is itself the secret;
- ``takeback_someone``: another seat (a person or a bot) has acted since;
- ``takeback_denied``: the table said no (or did not answer) to this seat's last request, and
  nothing has happened at the table since: asking again would only hold it again;
- ``takeback_enough``: the seat has taken back ``PER_TURN`` actions already while no other
  seat acted (each take-back sends every seat a new state and a line in its log).

With "ask", every other person seated and connected (not spectators, not bots, not away
seats) answers yes or no within ``VOTE_WAIT`` seconds (a timer of the table): any no, or no
answer in time, refuses it; bots agree, so a table of one person and bots grants at once, as
"free" does. While it is asked the table holds: the bots wait, acts are refused
(``takeback_waiting``). Who said no is told to everyone (a table decision among friends).

Names no game; no I/O, no clock (the table gives the time).
"""

from __future__ import annotations

from typing import Any, Generic, NamedTuple, Protocol

from engine.base import Event, Game
from engine.undo import Rewind

from ..wire.messages import TAKEBACK_MODES as MODES
from ..wire.messages import rejected_message
from ..wire.reasons import Param
from .seating import Guest, P, Seating

Message = dict[str, Any]

VOTE_WAIT = 30.0
"""Seconds the people at the table have to answer a take-back request."""

PER_TURN = 3
"""How many take-backs one seat may have while no other seat acts."""


class Step(NamedTuple):
    """One action since the last step that showed something hidden."""

    seat: int
    open: bool  #: the seat was awaited in a way every view shows (not a sealed decision)
    cards: tuple[str, ...]  #: the cards its public events name for that seat


class Request:
    """A take-back being asked of the table (a plain class: a dataclass compiled its methods
    from text at every table's start, issue 37)."""

    def __init__(self, id: int, seat: int, keep: int, voters: set[int], until: float) -> None:
        self.id = id
        self.seat = seat
        self.keep = keep  #: how many of the table's actions stay
        self.voters = voters
        self.until = until
        self.yes: set[int] = set()


def named_cards(seat: int, events: list[Event] | Any) -> tuple[str, ...]:
    """The cards the first of ``events`` by ``seat`` names (a card played, a card stabbed):
    public by the engine's contract (every event is)."""
    for event in events:
        if not isinstance(event, dict) or event.get("seat") != seat:
            continue
        cards = event.get("cards", event.get("card"))
        if isinstance(cards, str):
            return (cards,)
        if isinstance(cards, list):
            return tuple(c for c in cards if isinstance(c, str))
    return ()


class Takebacks:
    """One table's take-backs: the ``mode``, the undoable tail of the game and its steps,
    and the request being asked (see the module docstring)."""

    def __init__(self, mode: str = "off") -> None:
        if mode not in MODES:
            raise ValueError(f"takebacks: one of {', '.join(MODES)}, not {mode!r}")
        self.mode = mode
        self.rewind: Rewind | None = None
        self.steps: list[Step] = []
        self.request: Request | None = None
        self.granted = 0
        """How many take-backs were granted (the table rebuilds what follows the game)."""
        self.turn: tuple[int, int] | None = None
        """(seat, how many take-backs it had since another seat last acted)."""
        self.denied: dict[int, int] = {}
        """seat -> the table's version when the table last refused its request."""
        self._ids = 0

    @property
    def on(self) -> bool:
        return self.mode != "off"

    # -- every action --------------------------------------------------------------------------
    def before(self, game: Game, seat: int) -> bool:
        """Called before ``seat`` acts: whether it is awaited in a way every view shows."""
        if self.rewind is None:
            self.rewind = Rewind(game)  # the game as it was before its first action here
        return seat in (game.view(None).get("pending") or [])

    def applied(self, game: Game, seat: int, action: Any, events: list, *, open_: bool) -> None:
        """``game`` applied ``action`` for ``seat`` (``open_``: what ``before`` said)."""
        assert self.rewind is not None
        self.rewind.applied(game, seat, action, events)
        if self.turn is not None and self.turn[0] != seat:
            self.turn = None  # another seat acted: a new turn
        if not self.rewind.steps:
            self.steps = []
        else:
            cards = named_cards(seat, events) if open_ else ()
            self.steps.append(Step(seat, open_, cards))

    # -- judging a request ---------------------------------------------------------------------
    def judge(self, seat: int, game: Game, acted: bool) -> tuple[str | None, int]:
        """May ``seat`` take back its last action now (``acted``: it has acted in this game)?
        The refusal's code, or None and how many actions go (the seat's and all after it)."""
        if not self.on:
            return "takebacks_off", 0
        if self.request is not None:
            return "takeback_busy", 0
        if game.over:
            return "game_over", 0
        mine = [i for i, step in enumerate(self.steps) if step.seat == seat]
        last = mine[-1] if mine else None
        if last is None:
            return ("takeback_shown" if acted else "takeback_nothing"), 0
        since = self.steps[last:]
        if not (game.view(None).get("pending") or []) or not all(s.open for s in since):
            return "takeback_sealed", 0
        if any(s.seat != seat for s in since[1:]):
            return "takeback_someone", 0  # what they did, the table saw (bots' moves too)
        return None, len(since)

    def limited(self, seat: int, version: int) -> str | None:
        """Whether ``seat`` may not ask now (the table at ``version``): the refusal's code."""
        if self.denied.get(seat) == version:
            return "takeback_denied"
        if self.turn is not None and self.turn == (seat, PER_TURN):
            return "takeback_enough"
        return None

    def refused(self, seat: int, version: int) -> None:
        """The table said no to ``seat``'s request (or did not answer) at ``version``."""
        self.denied[seat] = version

    def back(self, n: int) -> tuple[Game, Step]:
        """The game without its last ``n`` actions, and the first of them (the asker's)."""
        assert self.rewind is not None
        step = self.steps[-n]
        game = self.rewind.back(n)
        del self.steps[-n:]
        self.granted += 1
        had = self.turn[1] if self.turn is not None and self.turn[0] == step.seat else 0
        self.turn = (step.seat, had + 1)
        return game, step

    # -- asking the table ----------------------------------------------------------------------
    def ask(self, seat: int, keep: int, voters: set[int], until: float) -> Request:
        self._ids += 1
        self.request = Request(self._ids, seat, keep, set(voters), until)
        return self.request

    def close(self) -> Request | None:
        request, self.request = self.request, None
        return request


class Asked(Protocol[P]):
    """What of the table's rules (net/table/rules.py) the take-back desk reads and changes."""

    game: Game
    started: bool
    version: int
    actions: list[tuple[int, Any]]
    seating: Seating[P]
    takebacks: Takebacks

    def now(self) -> float: ...
    def joined(self) -> list[tuple[P, Guest]]: ...
    def notice(self, code: str, **params: Param) -> Message: ...
    def publish(self, events: list[Any]) -> list[tuple[P, Message]]: ...

    def taken_back(self, game: Game, n: int, record: Message | None) -> None:
        """The game is now ``game``, ``n`` actions back (journalled as ``record``)."""
        ...


class Desk(Generic[P]):
    """The table's side of take-backs: the messages in, what to send out. ``table`` is the
    table's rules, which it reads and changes through the few named members of ``Asked``."""

    def __init__(self, table: Asked[P]) -> None:
        self.table = table

    @property
    def state(self) -> Takebacks:
        return self.table.takebacks

    def _everyone(self, message: Message) -> list[tuple[P, Message]]:
        return [(peer, message) for peer, _ in self.table.joined()]

    def _refused(self, peer: P, code: str) -> list[tuple[P, Message]]:
        return [(peer, rejected_message(self.table.version, code, {}))]

    def _asked(self, request: Request, open_: bool) -> list[tuple[P, Message]]:
        """The ``takeback`` message: a request open (who is asked, seconds left) or closed."""
        left = max(0.0, request.until - self.table.now()) if open_ else 0.0
        message = {
            "t": "takeback",
            "id": request.id,
            "seat": request.seat,
            "voters": sorted(request.voters),
            "open": open_,
            "seconds": round(min(left, VOTE_WAIT), 1),
        }
        return self._everyone(message)

    def _name(self, seat: int) -> str:
        return self.table.seating[seat].name or ""

    # -- a player asks ---------------------------------------------------------------------
    def ask(self, peer: P, seat: int | None) -> list[tuple[P, Message]]:
        """``takeback`` from ``peer`` (seated at ``seat``; None: a spectator)."""
        table = self.table
        if not self.state.on:
            return self._refused(peer, "takebacks_off")
        if seat is None:
            return self._refused(peer, "spectator_act")
        if not table.started:
            return self._refused(peer, "not_started")
        acted = any(s == seat for s, _ in table.actions)
        code, n = self.state.judge(seat, table.game, acted)
        if code is None:
            code = self.state.limited(seat, table.version)
        if code is not None:
            return self._refused(peer, code)
        voters = self._voters(seat) if self.state.mode == "ask" else set()
        if not voters:  # free, or nobody but bots to ask: they agree
            return self._grant(seat, n)
        request = self.state.ask(seat, len(table.actions) - n, voters, table.now() + VOTE_WAIT)
        notice = table.notice("takeback_asked", seat=seat, name=self._name(seat))
        return self._everyone(notice) + self._asked(request, True)

    def _voters(self, seat: int) -> set[int]:
        """The people seated and connected, but the asker (bots and away seats agree)."""
        return {
            s.index
            for s in self.table.seating.seats
            if s.index != seat and not s.bot and s.peer is not None and not s.covered
        }

    # -- the table answers -----------------------------------------------------------------
    def vote(self, peer: P, seat: int | None, message: Message) -> list[tuple[P, Message]]:
        """``takeback_vote`` (``id``, ``yes``) from ``peer`` at ``seat``."""
        request = self.state.request
        if request is None or message["id"] != request.id:
            return self._refused(peer, "takeback_none")
        if seat is None or seat not in request.voters:
            return self._refused(peer, "takeback_not_asked")
        if seat in request.yes:
            return self._refused(peer, "takeback_answered")
        if not message["yes"]:
            self.state.close()
            asker = request.seat
            self.state.refused(asker, self.table.version)
            notice = self.table.notice(
                "takeback_refused", seat=asker, name=self._name(asker), by=self._name(seat)
            )
            return self._everyone(notice) + self._asked(request, False)
        request.yes.add(seat)
        return self._decided(request)

    def _decided(self, request: Request) -> list[tuple[P, Message]]:
        """Everyone asked said yes (or left): granted, if it still can be."""
        if not request.voters <= request.yes:
            return []
        self.state.close()
        table = self.table
        code, n = self.state.judge(request.seat, table.game, True)
        closed = self._asked(request, False)
        if code is not None or len(table.actions) - n != request.keep:
            asker = request.seat
            notice = table.notice("takeback_lapsed", seat=asker, name=self._name(asker))
            return self._everyone(notice) + closed
        return closed + self._grant(request.seat, n)

    def expired(self) -> list[tuple[P, Message]]:
        """The request's time is up: not everyone answered, so the action stands."""
        request = self.state.close()
        if request is None:
            return []
        seat = request.seat
        self.state.refused(seat, self.table.version)
        notice = self.table.notice("takeback_unanswered", seat=seat, name=self._name(seat))
        return self._everyone(notice) + self._asked(request, False)

    def left(self, seat: int | None) -> list[tuple[P, Message]]:
        """The person at ``seat`` left: an asker's request is dropped; a voter is not waited
        for any more (the others may still grant it)."""
        request = self.state.request
        if request is None or seat is None:
            return []
        if seat == request.seat:
            self.state.close()
            notice = self.table.notice("takeback_dropped", seat=seat, name=self._name(seat))
            return self._everyone(notice) + self._asked(request, False)
        if seat in request.voters:
            request.voters.discard(seat)
            request.yes.discard(seat)
            return self._decided(request)
        return []

    # -- granted -----------------------------------------------------------------------------
    def _grant(self, seat: int, n: int) -> list[tuple[P, Message]]:
        """Take back the last ``n`` actions (``seat``'s own): the journal
        records it, everyone is told (naming the cards only where the action showed them to
        all) and gets the state as it was."""
        table = self.table
        game, step = self.state.back(n)
        table.taken_back(game, n, {"r": "takeback", "seat": seat, "n": n})
        name = self._name(seat)
        if step.cards:
            notice = table.notice("took_back_cards", seat=seat, name=name, cards=list(step.cards))
        else:
            notice = table.notice("took_back", seat=seat, name=name)
        return self._everyone(notice) + table.publish([])
