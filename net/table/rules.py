"""The rules of one table, with no I/O: messages in, ``(recipient, message)`` lists out.

``Rules`` is the core of the sans-I/O ``Table`` (net/table/table.py), which adds the paced deal,
the wait for the results panels and their timers, and hands the host one ``Output``. Like
websockets' sans-I/O protocol objects, it never touches a socket, a clock, a task or a file:
it is told that a peer arrived (``open``), sent a checked message (``receive``) or left
(``leave``), lets the host's bots move through ``play``, and returns what to send. A recipient
is the caller's own handle for a connection (the host uses its ``Connection`` objects, tests
use strings). A message to a peer with ``"t": "error"`` means: tell it and close it. A refusal
of the sender's own message that ends its connection raises ``Refused``; ``take_effects``
hands over what must be made durable before anything is sent (journal records) and whether
the seating changed.

The table asks the engine whether an action is legal and whose turn it is; it owns only the
handshake, seating, versions, who gets which view and chat. Every seat is sent only its own
``view``; spectators the spectator view.
"""

from __future__ import annotations

import copy
import logging
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic

import engine

from ..wire.messages import (
    NONCE_BYTES,
    PROTOCOL_VERSION,
    Refused,
    clean_name,
    notice_message,
    password_proof,
    rejected_message,
)
from ..wire.reasons import Param
from ..wire.tokens import same_secret
from .away import AwayNews
from .chat import chat_line
from .controls import Controls
from .effects import Effects
from .hints import HintsTold
from .resultswait import ResultsWait, ends_round
from .seating import Guest, P, Seat, Seating, TakeoverLimit
from .takebacks import Desk, Takebacks
from .watchers import Watchers

if TYPE_CHECKING:  # settings imports the deal's pacing, which imports this
    from .settings import HostLimits, TableSettings

log = logging.getLogger("kotatsu.net.table.table")

Message = dict[str, Any]


class Rules(Generic[P]):
    """One game at one table, built from its ``settings`` (net/table/settings.py: the seats' resume
    tokens, the password's verifier, the host's bots' seats…) under the host's ``limits``
    (the spectators' cap, its ``--absent-bot`` told in the table's info; with a ``clock``, a
    seat taken over by its token is taken over again only ``takeover_every`` seconds later)."""

    def __init__(
        self,
        settings: TableSettings,
        limits: HostLimits | None = None,
        *,
        clock: Callable[[], float] | None = None,
    ) -> None:
        if limits is None:
            from .limits import HostLimits

            limits = HostLimits()
        self.limits = limits
        game, seats = settings.game, settings.seats
        self.table_settings = settings
        """What the table was opened with (its declared settings are told in ``info``)."""
        self.game_name = game
        self.seed = settings.seed
        self.game = engine.new_game(game, seats, dict(settings.options), seed=self.seed)
        self.name = settings.name
        self.verifier = None if settings.verifier is None else dict(settings.verifier)
        self.clock = clock
        self.takeovers = TakeoverLimit(clock, limits.takeover_every)
        self.bot_seats = list(settings.bot_seats)
        self.seating: Seating[P] = Seating(seats, self.bot_seats, list(settings.tokens))
        self.version = 0
        self.started = False
        self.peers: dict[P, Guest] = {}
        self.results = ResultsWait()
        """Whose results panel the host's bots wait for (net/table/resultswait.py)."""
        self._reading_told: frozenset[int] = frozenset()
        """The seats last told as ``reading`` (``reading_news``)."""
        self.effects = Effects()
        self.hints = HintsTold(settings.hints)
        """Whether learners may ask for hints, and who was told of which (net/table/hints.py)."""
        self.actions: list[tuple[int, Any]] = []
        """Every applied action that stands, with its seat, in order (the game record's)."""
        self.takebacks = Takebacks(settings.takebacks)
        """Whether players may take back their last action, and what can be
        (net/table/takebacks.py)."""
        self.desk: Desk[P] = Desk(self)
        self.review: Callable[[], Message] | None = None
        """The full game record, served to the table once the game is over
        (net/kept/recording.py)."""
        self.controls: Controls[P] = Controls(self)
        """The host's own decisions at this table: start now, bots, cover, remove, close."""
        self.away: AwayNews[P] = AwayNews(self)
        """Who left and came back, told after a grace (net/table/away.py)."""
        self.watchers: Watchers[P] = Watchers(self)
        """The spectators: who watches, whose chat is muted, who was sent away
        (net/table/watchers.py)."""
        self.absent_bot = limits.absent_bot_after
        """Seconds a seat stays empty before a bot plays it (the host's ``--absent-bot``;
        None: never): told in ``info``, so that every screen can say when a bot will play."""

    # -- the table as others see it ---------------------------------------------------------
    @property
    def info(self) -> Message:
        """The ``table`` field of ``hello`` and ``welcome``."""
        return {
            "name": self.name,
            "game": self.game_name,
            "options": self.game.options,
            "seats": self.game.seats,
            "password": self.locked,
            "absent_bot": self.absent_bot,
            **self.table_settings.told(),  # hints, the turn clock… (net/table/settings.py)
        }

    @property
    def locked(self) -> bool:
        """Whether joining takes the password."""
        return self.verifier is not None

    @property
    def over(self) -> bool:
        return self.started and self.game.over

    @property
    def whispers_allowed(self) -> bool:
        """Private messages only where the game's options offer them (``WHISPER_OPTION``)."""
        option = self.game.WHISPER_OPTION
        return bool(option) and self.game.options.get(option) is True

    def seat_of(self, peer: P) -> int | None:
        """The seat ``peer`` sits in (None: a spectator, not joined, or unknown)."""
        guest = self.peers.get(peer)
        return None if guest is None else guest.seat

    def answers_request(self, peer: P, message: Message) -> bool:
        """Whether ``message`` is an act the table asked ``peer`` for: its seat is pending and it
        saw the current version. Such acts are never counted against the peer's rate."""
        guest = self.peers.get(peer)
        return (
            message["t"] == "act"
            and guest is not None
            and guest.seat is not None
            and self.started
            and not self.game.over
            and message["version"] == self.version
            and guest.seat in self.game.pending()
        )

    def sitters(self) -> list[Message]:
        """The ``sit`` records of the seats taken now: with ``settings()``, all a journal needs
        before the start (the compacted form of any join/leave churn)."""
        return [
            {"r": "sit", "seat": seat.index, "name": seat.name}
            for seat in self.seating.seats
            if seat.name is not None and not seat.bot
        ]

    def record(self, record: Message) -> None:
        """A record for the journal, made durable before this step's messages go out."""
        self.effects.records.append(record)

    def take_effects(self) -> Effects:
        """What happened since the last call, besides the messages returned."""
        effects, self.effects = self.effects, Effects()
        return effects

    # -- connections --------------------------------------------------------------------------
    def open(self, peer: P, nonce: bytes | None = None) -> list[tuple[P, Message]]:
        """A new connection: it is greeted with a fresh nonce for its password proof."""
        guest = Guest(os.urandom(NONCE_BYTES) if nonce is None else nonce)
        self.peers[peer] = guest
        hello = {
            "t": "hello",
            "v": PROTOCOL_VERSION,
            "table": self.info,
            "nonce": guest.nonce,
            "salt": None if self.verifier is None else self.verifier["salt"],
        }
        return [(peer, hello)]

    def receive(self, peer: P, message: Message) -> list[tuple[P, Message]]:
        """A checked client message from ``peer``; ``Refused`` when the peer must go."""
        guest = self.peers.get(peer)
        if guest is None:
            raise Refused("protocol.unknown_peer")
        kind = message["t"]
        if not guest.joined:
            if kind != "join":
                raise Refused("protocol.join_first")
            return self._join(peer, guest, message)
        if kind == "act":
            return self._on_act(peer, guest, message)
        if kind == "chat":
            return self._on_chat(peer, guest, message)
        if kind == "ping":
            return [(peer, {"t": "pong", "n": message["n"]})]
        if kind == "hint":
            return self._on_hint(peer, guest)
        if kind == "review":
            return self._on_review(peer)
        if kind == "takeback":
            return self.desk.ask(peer, guest.seat)
        if kind == "takeback_vote":
            return self.desk.vote(peer, guest.seat, message)
        if kind == "results_seen":
            self.results.seen(guest.seat, message["version"])
            return []  # nothing to tell: a late or unexpected one is simply not counted
        raise Refused("protocol.unexpected", kind=kind)

    def leave(self, peer: P) -> list[tuple[P, Message]]:
        """The connection is gone. Before the start a human's seat is given back."""
        guest = self.peers.pop(peer, None)
        if guest is not None and guest.joined and guest.watcher is not None:
            return self.lobby_news() if self.watchers.depart(peer, guest) else []
        if guest is None or guest.seat is None:
            return []
        seat = self.seating[guest.seat]
        if seat.peer != peer:
            return []  # replaced by a newer connection with the same token
        seat.peer = None
        asked = self.desk.left(seat.index)  # a take-back asked of the table goes on without it
        self.results.gone(seat.index)  # nobody is left there to close the panel
        if not self.started and not seat.bot:
            # Nothing is lost before the start: free the seat rather than block the table.
            self.seating.free(seat.index)
            self.effects.records.append({"r": "stand", "seat": seat.index, "token": seat.token})
            return self.lobby()
        if seat.bot or self.game.over:
            return self.lobby()
        # told after a grace (net/table/away.py)
        seat.away_since, seat.away_told = self.now(), False
        return asked

    def _join(self, peer: P, guest: Guest, join: Message) -> list[tuple[P, Message]]:
        if self.verifier is not None:
            proof = password_proof(self.verifier["key"], guest.nonce)
            if join["auth"] is None or not same_secret(proof, join["auth"]):
                raise Refused("password.wrong")
        out: list[tuple[P, Message]] = []
        seat: Seat[P] | None = None
        back = False  # an away player returns
        watching = self.watchers.names()
        if join["token"] is not None:
            seat = self.seating.by_token(join["token"])
            if seat.peer is not None:
                out += self._take_over(seat)
            back = seat.away_since is not None
        else:
            if join["spectator"] and self.table_settings.spectators == "none":
                raise Refused("spectators.none")  # the host's --spectators none
            if join["spectator"]:
                self.watchers.room(self.limits.max_spectators)
            self.watchers.admit(join.get("key"), clean_name(join["name"], ""))
        if join["token"] is None and not join["spectator"]:
            seat = self.seating.choose(join["seat"])
            asked = clean_name(join["name"], f"Player {seat.index + 1}")
            seat.name = self.seating.unique_name(asked, watching)
            self.effects.records.append({"r": "sit", "seat": seat.index, "name": seat.name})
        guest.joined = True
        listed = False  # a spectator came whom the others do not see watching yet
        if seat is None:
            asked = clean_name(join["name"], "")  # (a ban holds no stand-in name)
            name = self.seating.unique_name(asked or "Spectator", watching)
            listed = self.watchers.arrive(peer, guest, join.get("key"), asked, name)
        else:
            seat.peer, seat.covered = peer, False  # a covered seat is its player's again
            guest.seat = seat.index
            guest.name = seat.name or ""
            self.results.gone(seat.index)  # a new connection shows no earlier panel
        welcome = {
            "t": "welcome",
            "seat": guest.seat,
            "token": seat.token if seat is not None else None,
            "table": self.info,
            "watcher": guest.watcher,
        }
        out.append((peer, welcome))
        if seat is None:  # the spectators' list changed, or only the newcomer needs it
            news = self.lobby_news()
            out += news if listed else [(p, m) for p, m in news if p == peer]
        else:
            out += self.away.back(seat, peer) if back else self.lobby()
        if self.started:
            out.append((peer, self.state_for(guest.seat, [])))
        else:
            out += self.start()
        return out

    def _take_over(self, seat: Seat[P]) -> list[tuple[P, Message]]:
        """A token takes a connected seat: at most once per ``takeover_every`` seconds; the old
        connection is told (``replaced``) and the table hears it from the host."""
        self.takeovers.check(seat.index)
        assert seat.peer is not None
        replaced = Refused("replaced").message()
        assert replaced is not None
        notice = self.notice(
            "taken_over", seat=seat.index, number=seat.index + 1, name=seat.name or ""
        )
        return [(seat.peer, replaced)] + [
            (other, notice) for other, _ in self.joined() if other != seat.peer
        ]

    def now(self) -> float:
        """The table's clock (0 without one: "away" then reads 0 s)."""
        return 0.0 if self.clock is None else self.clock()

    def notice(self, code: str, **params: Param) -> Message:
        """The table's own news: a ``notice`` (a code of ``net.wire.reasons.NOTICES``)."""
        return notice_message(code, params)

    # -- play --------------------------------------------------------------------------------
    def start(self) -> list[tuple[P, Message]]:
        """Start the game if every seat is taken (humans and bots); nothing otherwise."""
        if self.started or not self.seating.full:
            return []
        self.started = True
        return self.lobby() + self._publish([])

    def _rejected(self, peer: P, code: str, **params: Param) -> list[tuple[P, Message]]:
        return [(peer, rejected_message(self.version, code, params))]

    def _on_act(self, peer: P, guest: Guest, message: Message) -> list[tuple[P, Message]]:
        seat = guest.seat
        if seat is None:
            return self._rejected(peer, "spectator_act")
        if not self.started:
            return self._rejected(peer, "not_started")
        if self.game.over:
            return self._rejected(peer, "game_over")
        if message["version"] != self.version:
            return self._rejected(peer, "stale", seen=message["version"], now=self.version)
        if self.takebacks.request is not None:
            return self._rejected(peer, "takeback_waiting")
        if seat not in self.game.pending():
            return self._rejected(peer, "not_your_turn")
        try:
            return self.play(seat, message["action"])
        except engine.IllegalAction as exc:
            return self._rejected(peer, exc.code, **exc.params)

    def play(self, seat: int, action: Any, bot: bool = False) -> list[tuple[P, Message]]:
        """Apply ``action`` for ``seat`` through the engine (``IllegalAction`` if it may not),
        record it, and give everyone the new state. The host's bots move through here
        (``bot=True``: the journal marks it, so a resume replays the bots' choices too)."""
        record: Message = {"r": "act", "seat": seat, "action": copy.deepcopy(action)}
        if bot:
            record["bot"] = True
        taking = self.takebacks.on
        open_ = self.takebacks.before(self.game, seat) if taking else False
        try:
            events = self.game.apply(seat, action)
        except engine.IllegalAction:
            raise
        except Exception as exc:  # an engine bug must not take the table down
            log.exception("engine failed on seat %s action %r", seat, action)
            raise engine.IllegalAction("engine_failed", error=type(exc).__name__) from exc
        self.effects.records.append(record)
        self.actions.append((seat, record["action"]))
        self.version += 1
        if taking:
            self.takebacks.applied(self.game, seat, action, events, open_=open_)
        if not self.game.over and ends_round(events):
            self.effects.round_ended = True
        return self._publish(events)

    def _on_review(self, peer: P) -> list[tuple[P, Message]]:
        """The whole game, every hand open, for whoever sat or watched: only once it is over
        (before, a record would tell every hand)."""
        if not self.over:
            return self._rejected(peer, "review_not_over")
        if self.review is None:
            return self._rejected(peer, "review_unavailable")
        return [(peer, {"t": "record", "record": self.review()})]

    def await_results(self, version: int) -> bool:
        """A round/hand ended in the state sent as ``version``: wait for the ``results_seen``
        of every seated, connected person. True if anyone is waited for."""
        people = [s.index for s in self.seating.seats if not s.bot and s.peer is not None]
        return self.results.begin(version, people)

    def state_for(self, seat: int | None, events: list[Any]) -> Message:
        """The ``state`` message for ``seat`` (None: a spectator): its own view only."""
        legal = (
            self.game.legal_actions(seat)
            if seat is not None and self.started and not self.game.over
            else []
        )
        return {
            "t": "state",
            "version": self.version,
            "view": self.game.view(seat),
            "events": events,
            "legal": legal,
        }

    def joined(self) -> list[tuple[P, Guest]]:
        """Every joined connection and what the table knows of it."""
        return [(peer, guest) for peer, guest in self.peers.items() if guest.joined]

    def publish(self, events: list[Any]) -> list[tuple[P, Message]]:
        """Every joined connection its own ``state`` (see ``_publish``)."""
        return self._publish(events)

    def taken_back(self, game: engine.Game, n: int, record: Message | None) -> None:
        """A take-back (net/table/takebacks.py): ``game`` is the game without its last ``n``
        actions; the version goes on (it counts every change, never goes down) and the
        journal gets ``record`` (None: it is being replayed from there)."""
        self.game = game
        del self.actions[len(self.actions) - n :]
        self.version += 1
        if record is not None:
            self.effects.records.append(record)

    def _publish(self, events: list[Any]) -> list[tuple[P, Message]]:
        """Every joined connection its own view, the public events and its legal actions.
        Spectators share one message object, so the host can encode it once."""
        spectators: Message | None = None
        out: list[tuple[P, Message]] = []
        for peer, guest in self.joined():
            if guest.seat is None:
                if spectators is None:
                    spectators = self.state_for(None, events)
                out.append((peer, spectators))
            else:
                out.append((peer, self.state_for(guest.seat, events)))
        return out

    def lobby(self) -> list[tuple[P, Message]]:
        self.effects.seating_changed = True
        return self.lobby_news()

    def lobby_news(self) -> list[tuple[P, Message]]:
        """A ``lobby`` for everyone: the seats, who the table waits for, who watches (a
        change among the spectators is no change of the seating)."""
        waiting = self.results.waiting
        self._reading_told = frozenset(waiting)
        players = self.seating.lobby(self.now(), reading=waiting)
        watchers = self.watchers.listing()
        lobby = {"t": "lobby", "players": players, "started": self.started, "watchers": watchers}
        return [(peer, lobby) for peer, _ in self.joined()]

    def reading_news(self) -> list[tuple[P, Message]]:
        """A ``lobby`` for everyone if whose results panel the table waits for changed since
        the last one told (net/table/resultswait.py): the players see who the table waits for."""
        if frozenset(self.results.waiting) == self._reading_told:
            return []
        return self.lobby_news()

    def awaited_openly(self) -> set[int]:
        """The seats every view shows awaited now (the spectator's ``pending``): never one
        asked a sealed or secret question. What the table may tell everyone of whose turn it
        is (a hint looked at, a turn clock)."""
        if not self.started or self.game.over:
            return set()
        pending = self.game.view(None).get("pending") or []
        return {s for s in pending if isinstance(s, int)}

    def _on_hint(self, peer: P, guest: Guest) -> list[tuple[P, Message]]:
        """A player looked at a hint: the table hears it, once per seat and state."""
        asked = guest.seat in self.awaited_openly()
        refusal, tell = self.hints.asked(guest.seat, asked, self.version)
        if refusal is not None:
            return self._rejected(peer, refusal)
        if not tell or guest.seat is None:
            return []
        notice = self.notice("hint_asked", seat=guest.seat, name=guest.name)
        return [(other, notice) for other, _ in self.joined()]

    # -- chat (net/table/chat.py) -------------------------------------------------------------
    def _on_chat(self, peer: P, guest: Guest, message: Message) -> list[tuple[P, Message]]:
        if self.watchers.muted(guest):  # the host muted this spectator (net/table/watchers.py)
            return self._rejected(peer, "chat_muted")
        if guest.seat is None and self.table_settings.spectators == "quiet":
            return self._rejected(peer, "spectators_quiet")  # the host's --spectators quiet
        said = chat_line(guest.seat, guest.name, message, self.whispers_allowed, self.seating)
        if isinstance(said, str):
            return self._rejected(peer, said)
        line, target = said
        if target is None:
            return [(other, line) for other, _ in self.joined()]
        return [(target, line), (peer, line)]
