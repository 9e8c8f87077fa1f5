"""A deal as people see it: paced by the table, whatever the engine is waiting for.

Some games ask private questions while dealing (a drawer who may show a card that makes
trumps — a secret: it tells who holds that card). A table that forwarded the engine's states
as they come would tell it through its timing (the deal stalls while someone is asked) and
through the version counter (every pass is an action). Such a game says how its deal is shown
(``Game.deal_pacing``, an ``engine.base.DealPacing``); at a table with people (any seat that is
not the host's bot), from the moment a deal starts the ``DealPacer`` is the only source of
``state`` frames:

- the *visible* deal advances one card every ``tick`` seconds from the deal's start. Each seat
  sees its own cards of the first ``k`` and everyone's counts (``DealPacing.view``: the deck
  fixes who gets which card, so this does not depend on the engine's position);
- a person is offered a decision quietly (``pending == [seat]``, ``legal`` = what it could
  decide and the ``decline``) when a card arrives on its screen that makes one possible, for
  ``window`` seconds (a table option) after that card's arrival. A key records its choice;
  when the engine asks it (at once or later), the pacer answers for it: its choice, or the
  decline once the window of that card is over;
- every request of a seat during the shown deal is judged against the deal as the screens
  were last shown it (at the last ``step``), never against the engine, which runs ahead of
  them and whose position is the secret: a key answers the offer of its card once and for
  all (the offer never comes back, whether the engine asked, is held at another person's
  card or is past it); a declaration chosen is told at once to its own seat alone (``chosen``
  in its view) and offers it nothing more until it is shown to everyone at its fixed moment,
  or refused ``too_late`` when a declaration the screens show by then outranks it; a
  ``hint`` is refused ``deal_goes_on`` and a take-back ``takeback_sealed`` (whether the
  engine asks the seat in the open already would tell when the hidden questions ended);
- frames go out at the ``step`` ticks only (besides a deal's first ones, after the public
  move that starts it, and a seat's own after its key): what the engine or the host's bots
  do meanwhile moves no frame;
- the engine's position is therefore resolved up to card ``d`` at the latest ``window`` after
  card ``d`` became visible, so a decision made at card ``d`` is shown to everyone at exactly
  ``t(d) + lag`` (``lag = window + 2 ticks``), and the deal ends (the real state, the end
  event, the round after it) at ``t(steps) + lag + tick``: the same moments whoever was asked
  and whatever they did (only the decisions, public by the rules, change frames);
- the frames carry a *wire version*: the table's version minus every deal action so far
  (``hidden``), so the number of private decisions never shows; acts coming back are
  translated. A table rebuilt from its journal counts ``hidden`` again (``replayed``).

Bot-only tables are not paced (``paced=False``): the deal runs at full speed and the pacer
lets everything through as the table made it (its frames then still count the private
decisions, at no telling speed). At a paced table, a person asked in the open whose only
choice is the decline (to bid after the deal, when it cannot outbid) is declined for after the
same window (``DealPacing.waiting_out``).

A deal that follows a hand's end starts on the screens only once the people have closed that
hand's results panel (or the host's wait for it is over, net/table/resultswait.py): until one of its
cards has been shown, its start moves along with the clock.

What timing can still tell: (1) only under a host so loaded that the engine is not through
card ``d`` within two ticks of its deadline would a decision be shown late; (2) frames to
the offered person's own connection (an offer ending in the pause after the last card, a key
press) could be seen by someone watching the network, not by the table; (3) a person's own
reaction time in the round after the deal and at a game's forced steps (bots use one fixed
delay for every move, forced or not); (4) unpaced (bot-only) tables still send a frame per
deal pass.

This module does no I/O and reads no clock: the table (net/table/table.py) calls ``outgoing`` on
everything it sends, ``receive`` on every message it gets and ``step`` every ``tick`` seconds
(a timer it asks the host for), each with the time; what ``step`` and ``receive`` return is
sent as is. It names no game: what is dealt, offered and shown is the game's ``DealPacing``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.base import DealPacing

from ..wire.messages import rejected_message
from .limits import DEFAULT_TICK
from .rules import Message, Rules

if TYPE_CHECKING:  # a deal's run: imported when a paced deal first starts (most games have none)
    from .dealrun import Intent, Run

ALONE_WINDOW = 8.0  # seconds of an offer with one person at the table (the rest bots)
SHARED_WINDOW = 5.0  # … with more people (the deal's end waits this long for everyone)


class DealPacer:
    """See the module docstring. ``plays(seat)``: the host's bot answers for that seat."""

    def __init__(
        self,
        table: Rules,
        plays: Callable[[int], bool],
        *,
        paced: bool,
        tick: float = DEFAULT_TICK,
    ) -> None:
        self.table = table
        self.plays = plays
        self.active = self.paced = paced and table.game.deal_pacing() is not None
        self.tick = tick
        self.hidden = 0  # deal actions so far: no frame's version counts them
        self.run: Run | None = None
        self._version = table.version
        self._in_deal = False
        self._drawn = 0  # the engine's draws when it last asked (where a decision is made)
        self._deal: object | None = None
        self._waiting_since: tuple[int, float] | None = None  # (version, when) a wait began
        self._pacing: tuple[object, DealPacing] | None = None

    @property
    def pacing(self) -> DealPacing:
        """The game's pacing (only read at a paced table, whose game has one)."""
        game = self.table.game
        if self._pacing is None or self._pacing[0] is not game:
            pacing = game.deal_pacing()
            assert pacing is not None
            self._pacing = (game, pacing)
        return self._pacing[1]

    def replayed(self, _seat: int, _action: Any) -> None:
        """A table rebuilt from its journal calls this before each replayed action: the
        deal's are counted (as ``_take`` did when they were first played), so the wire
        version goes on where the seats saw it."""
        if self.active and self.pacing.dealing():
            self.hidden += 1

    def caught_up(self) -> None:
        """After a replay: what the pacer knows of the table is as of now."""
        self._version = self.table.version
        self._in_deal = self.active and self.pacing.dealing()

    def taken_back(self) -> None:
        """The table's game was rebuilt without its last actions (net/table/takebacks.py: never
        during a deal being shown, never past a deal's draws): the deal it shows now, if
        any, has been shown already, and the version is the table's."""
        if not self.active or not self.table.started:
            return
        self.caught_up()
        self._drawn = self.pacing.drawn()
        if self.run is None and self._deal is not None:
            self._deal = self.pacing.deal()

    # -- times -----------------------------------------------------------------------------
    @property
    def window(self) -> float:
        """The game's window; unset (None): longer when one person plays against bots."""
        chosen = self.pacing.window
        if chosen is not None:
            return chosen
        people = sum(1 for seat in range(self.table.game.seats) if not self.plays(seat))
        return ALONE_WINDOW if people <= 1 else SHARED_WINDOW

    @property
    def lag(self) -> float:
        return self.window + 2 * self.tick

    def shown_at(self, draw: int) -> float:
        """When draw number ``draw`` (1-based) arrives on the screens."""
        assert self.run is not None
        return self.run.t0 + draw * self.tick

    def visible(self, now: float) -> int:
        assert self.run is not None
        steps = self.pacing.steps
        return max(0, min(steps, math.floor((now - self.run.t0) / self.tick + 1e-9)))

    def release_at(self) -> float:
        return self.shown_at(self.pacing.steps) + self.lag + self.tick

    @property
    def wire_version(self) -> int:
        return self.table.version - self.hidden

    # -- hooks for the host ----------------------------------------------------------------
    def holds(self) -> bool:
        """The host's bots must wait (the round after the deal is not shown yet)."""
        return self.run is not None and not self.pacing.dealing()

    def bot_delay(self, delay: float) -> float:
        """The host's bots answer the engine's deal questions at once while a deal is shown."""
        return 0.0 if self.run is not None else delay

    def receive(self, seat: int | None, message: Message, now: float) -> list | None:
        """A message from a peer sitting at ``seat``: acts get the table's version back; during
        a shown deal the pacer answers the seat's requests itself (its answer, or None: the
        table's), judged on the deal as the screens were last shown it, never on the engine
        (which runs ahead): an act is a decision it was offered, a hint or a take-back is
        refused (whether the engine asks the seat in the open yet is the deal's secret)."""
        kind = message.get("t")
        if not self.active:
            return None
        if self.run is None:
            if kind == "act" and isinstance(message.get("version"), int):
                message["version"] += self.hidden  # the wire version back to the table's
            return None
        if seat is None:
            return None  # the table refuses spectators itself
        refusal = self._refusal(kind)
        if refusal is not None:
            return [(p, self._rejected(refusal)) for p in self._peers_of(seat)]
        if kind != "act":
            return None
        self._postpone(now)
        seen = self.run.framed_at
        action = message.get("action")
        offer = self._offer(seat, seen)
        if not offer or (action != self.pacing.decline and action not in offer):
            beaten = self._beaten_by(seat, seen) if action != self.pacing.decline else None
            if beaten is not None:
                return [(p, self._too_late(beaten)) for p in self._peers_of(seat)]
            return [(p, self._rejected("deal_goes_on")) for p in self._peers_of(seat)]
        from .dealrun import Intent

        intent = Intent(self._own_draw(seat, self.visible(seen)), action)
        self.run.intents[seat] = intent
        self.run.answered[seat] = intent.draw  # kept, whatever the engine does with it
        if action != self.pacing.decline:
            self.run.chosen[seat] = intent  # told to its own screen until it is judged
        return self._resolve(seen) + self._frames(seen, only=seat)

    def _refusal(self, kind: object) -> str | None:
        """The refusal of a request other than an act while a deal is shown (None: the
        table's own answer, e.g. that hints are off)."""
        if kind == "hint" and self.table.hints.on:
            return "deal_goes_on"
        if kind == "takeback" and self.table.takebacks.on:
            return "takeback_sealed"
        return None

    def outgoing(self, out: list[tuple[Any, Message]], now: float) -> list[tuple[Any, Message]]:
        """What the host sends of the table's messages ``out`` (and the frames it adds)."""
        if not self.active:
            return out
        before = self.run
        kept = self._take(out, now)
        if self.run is not None:  # a bot answered: a person whose window is over is next?
            self._postpone(now)
            kept += self._resolve(self.run.framed_at)
            if self.run is not before:  # a deal starts (after a public move): its first frames
                kept += self._frames(now)
        return kept

    def _take(self, out: list[tuple[Any, Message]], now: float) -> list[tuple[Any, Message]]:
        """The table's messages after an action: the bookkeeping, and what may go out as is."""
        table, pacing = self.table, self.pacing
        drawn = self._drawn
        deal_action = self._in_deal and table.version != self._version
        if deal_action:
            self.hidden += table.version - self._version
        self._version = table.version
        self._in_deal = pacing.dealing()
        self._drawn = pacing.drawn()
        deal = pacing.deal() if self.paced and table.started and not table.game.over else None
        if deal is not None and deal is not self._deal:
            from .dealrun import Run

            self._deal = deal
            self.run = Run(now, deal, framed_at=now)
        kept: list[tuple[Any, Message]] = []
        seen: set[int] = set()
        for peer, message in out:
            if message.get("t") == "rejected":  # it names the version too
                kept.append((peer, {**message, "version": self.wire_version}))
                continue
            if message.get("t") != "state":
                kept.append((peer, message))
                continue
            events = message.get("events") or []
            if self.run is not None:
                if id(events) not in seen:
                    seen.add(id(events))
                    self._harvest(events, drawn)
                continue
            kept.append((peer, {**message, "version": self.wire_version}))
        return kept

    def step(self, now: float) -> list[tuple[Any, Message]]:
        """Every tick: answer for people whose window is over, show the deal, end it."""
        if not self.paced:
            return []
        if self.run is None:
            return self._wait_out(now)
        self._postpone(now)
        self.run.framed_at = now
        out = self._resolve(now) + self._settle(now)
        if now >= self.release_at() and not self.pacing.dealing():
            return out + self._release(now)
        return out + self._frames(now)

    # -- inside ------------------------------------------------------------------------------
    def _postpone(self, now: float) -> None:
        """The people's results panels of the hand before are still up (net/table/resultswait.py):
        a deal no screen has shown a card of yet starts at ``now`` at the earliest, so nobody
        misses its cards or its declarations behind a panel. Who has closed a panel is public,
        so the later start tells nothing."""
        assert self.run is not None
        if self.run.most_shown == 0 and self.table.results.holds:
            self.run.t0 = max(self.run.t0, now)

    def _harvest(self, events: list[dict], drawn: int) -> None:
        """Sort the events of the shown deal: a decision made at draw ``drawn``, the end."""
        assert self.run is not None
        pacing = self.pacing
        for event in events:
            if event.get("type") in pacing.DECISION_EVENTS:
                self.run.declared.append((drawn, event))
            elif event.get("type") in pacing.END_EVENTS or self.run.dealt:
                self.run.dealt.append(event)
            else:
                self.run.first_events.append(event)

    def _public(self, now: float) -> list[dict]:
        """The decisions shown now (their events)."""
        assert self.run is not None
        return [e for draw, e in self.run.declared if now >= self.shown_at(draw) + self.lag]

    def _own_draw(self, seat: int, k: int) -> int:
        """The count of draws up to ``seat``'s latest card among the first ``k`` (0: none)."""
        return self.pacing.own_step(seat, k)

    def _offer(self, seat: int, now: float) -> list[dict]:
        """What ``seat`` is offered now: what it could decide with its latest card."""
        assert self.run is not None
        if self.plays(seat) or self.window <= 0 or seat in self.run.chosen:
            return []  # (a decision of its own not shown yet: nothing more until it is)
        k = self.visible(now)
        draw = self._own_draw(seat, k)
        if draw == 0 or now >= self.shown_at(draw) + self.window:
            return []
        if self.run.answered.get(seat, 0) >= draw:
            return []  # it answered this card's offer
        return self.pacing.offer(seat, draw, self._public(now))

    def _resolve(self, now: float) -> list[tuple[Any, Message]]:
        """Answer the engine for the person it asks, as far as their choices and windows say."""
        assert self.run is not None
        pacing, game, out = self.pacing, self.table.game, []
        decline = pacing.decline
        while pacing.dealing():
            seat = next(iter(game.pending()), None)
            if seat is None or self.plays(seat):
                break
            draw = pacing.drawn()
            intent = self.run.intents.get(seat)
            if intent is not None and draw > intent.draw:  # the engine never asked that card
                self._lost(seat, intent)
                intent = None
            action: dict | None = None
            if intent is not None and draw < intent.draw:
                action = decline  # it chose on a later card
            elif intent is not None and intent.action != decline:
                del self.run.intents[seat]
                legal = game.legal_actions(seat)
                action = intent.action if intent.action in legal else decline
                if action is decline:
                    self._lost(seat, intent)
            elif (intent is not None and draw == intent.draw) or now >= self.shown_at(draw) + (
                self.window
            ):
                action = decline  # it declined on this card, or its window is over
            if action is None:
                break
            out += self._take(self.table.play(seat, action), now)
        asked = next(iter(game.pending()), None) if pacing.dealing() else None
        past = pacing.drawn() if pacing.dealing() else pacing.steps + 1
        for seat, intent in list(self.run.intents.items()):  # the engine is past these cards
            if intent.draw < past or (intent.draw == past and asked != seat):
                self._lost(seat, intent)
        return out

    def _lost(self, seat: int, intent: Intent) -> None:
        """``seat``'s decision on its card at ``intent.draw`` was not asked for or cannot
        stand: one made earlier in the deal, not shown yet, outranks it (``_settle`` tells the
        seat when the screens show that one)."""
        assert self.run is not None
        if self.run.intents.get(seat) is intent:
            del self.run.intents[seat]

    def _settle(self, now: float) -> list[tuple[Any, Message]]:
        """Judge the decisions chosen and not shown yet on the deal as shown ``now``: one that
        a decision shown since outranks is refused ``too_late`` (to its seat alone, naming
        that shown decision); one that stands is shown to everyone at its fixed lag. Whether
        the engine asked or ran past the card never changes the answer or its moment."""
        run = self.run
        assert run is not None
        out: list[tuple[Any, Message]] = []
        for seat, choice in list(run.chosen.items()):
            draw = choice.draw
            shown = [
                (d, e) for d, e in run.declared if d < draw and now >= self.shown_at(d) + self.lag
            ]
            stands = choice.action in self.pacing.offer(seat, draw, [e for _, e in shown])
            due = now >= self.shown_at(draw) + self.lag
            if stands and (not due or run.intents.get(seat) is choice):
                continue  # not due yet (or a loaded host's engine has not reached the card)
            del run.chosen[seat]
            if stands and any(d == draw and e.get("seat") == seat for d, e in run.declared):
                continue  # shown to everyone in this step's frames
            beaten = [e for _, e in shown if e.get("seat") != seat]
            refusal = self._too_late(beaten[-1]) if beaten else self._rejected("deal_goes_on")
            out += [(p, refusal) for p in self._peers_of(seat)]
        return out

    def _beaten_by(self, seat: int, now: float) -> dict | None:
        """The public decision that ended ``seat``'s offer on its latest card, if one did."""
        assert self.run is not None
        draw = self._own_draw(seat, self.visible(now))
        if draw == 0 or now >= self.shown_at(draw) + self.window:
            return None
        shown = [d for d in self.run.declared if now >= self.shown_at(d[0]) + self.lag]
        if not shown or shown[-1][1].get("seat") == seat:
            return None
        if self.shown_at(shown[-1][0]) + self.lag < self.shown_at(draw):
            return None  # it stood before the card came: nothing was offered
        return shown[-1][1]

    def _too_late(self, event: dict) -> Message:
        from .dealrun import too_late

        return too_late(self.wire_version, event)

    def _frames(self, now: float, only: int | None = None) -> list[tuple[Any, Message]]:
        """The deal as every joined peer sees it now (only to those whose frame changed);
        ``only``: to that seat's connections alone (its own key), as of the last ``step``."""
        run, pacing = self.run, self.pacing
        assert run is not None
        k = self.visible(now)
        run.most_shown = max(run.most_shown, k)
        declared = self._public(now)
        events: list[dict] = []
        if only is None:
            shown = len(declared)
            events = run.first_events + [d[1] for d in run.declared[run.shown : shown]]
            run.first_events, run.shown = [], shown
        out = []
        for peer, guest in self.table.peers.items():
            if not guest.joined or (only is not None and guest.seat != only):
                continue
            seat = guest.seat
            view = dict(pacing.view(seat, k, declared))
            legal = [] if seat is None else self._offer(seat, now)
            if legal and seat is not None:
                view["pending"] = [seat]
                legal = [*legal, pacing.decline]
            choice = None if seat is None else run.chosen.get(seat)
            if choice is not None:  # its own decision, not shown yet (to it only)
                view["chosen"] = choice.action
            if not events and run.last.get(id(peer)) == (view, legal):
                continue
            run.last[id(peer)] = (view, legal)
            if legal and seat is not None:  # the offered seat's own countdown (to it only)
                left = self.shown_at(self._own_draw(seat, k)) + self.window - now
                view = {**view, "offer_left": round(max(0.0, left), 1)}
            frame = {
                "t": "state",
                "version": self.wire_version,
                "view": view,
                "events": events,
                "legal": legal,
            }
            out.append((peer, frame))
        return out

    def _release(self, now: float) -> list[tuple[Any, Message]]:
        """The deal is over on every screen: the real state (the go-alone round) for all."""
        run = self.run
        assert run is not None
        events = [d[1] for d in run.declared[run.shown :]] + run.first_events + run.dealt
        self.run = None
        out = []
        for peer, guest in self.table.peers.items():
            if guest.joined:
                frame = self.table.state_for(guest.seat, events)
                frame["version"] = self.wire_version
                out.append((peer, frame))
        return out

    def waiting(self, now: float) -> bool:
        """Whether a person is asked in the open with the decline as its only choice (the
        wait for its window is counted from the first ``now`` this is asked at)."""
        seat = None
        if self.paced and self.table.started and not self.table.game.over:
            seat = self.pacing.waiting_out()
        if seat is None or self.plays(seat):
            self._waiting_since = None
            return False
        if self._waiting_since is None or self._waiting_since[0] != self.table.version:
            self._waiting_since = (self.table.version, now)
        return True

    def _wait_out(self, now: float) -> list[tuple[Any, Message]]:
        """A person asked in the open whose only choice is the decline (``waiting_out``) is
        declined for after the window."""
        if not self.waiting(now):
            return []
        assert self._waiting_since is not None
        if now + 1e-9 < self._waiting_since[1] + self.window:
            return []
        self._waiting_since = None
        seat = self.pacing.waiting_out()
        assert seat is not None
        return self.outgoing(self.table.play(seat, self.pacing.decline), now)

    def _peers_of(self, seat: int) -> list[Any]:
        return [p for p, g in self.table.peers.items() if g.joined and g.seat == seat]

    def _rejected(self, code: str) -> Message:
        return rejected_message(self.wire_version, code, {})
