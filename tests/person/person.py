"""A person at a seat: plays a real app through its Pilot by what the screen shows.

``Person`` reads only the screen: the prompt bar's text, the footer's keys (their letters and
whether they are drawn greyed), the title of a panel or dialog on top, and the screen's painted
lines (for a dump). It decides a key from that — the keys the footer and the prompt offer,
random but seeded — presses it, and goes on until the game is over; then it opens the review
where the final panel offers it and deals again where offered, and plays that game too.

The truth of "the table waits for this seat" is the ``Oracle``'s: the host's own game
(``HostOracle``, when the host runs in this process) or the last state the host sent this seat
(``WireOracle``, a host in another process). The person never reads it to choose a key; it is
the test's check. Each time the table waits for this seat and the screen has settled, the
screen must show a question and at least one key that answers it (``SilentWait`` otherwise,
with the screen's text); a screen whose offered keys change nothing, press after press, is a
silent wait too.
"""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import dataclass, field
from typing import Any, Protocol

from textual import events

import lang
from tui.pilot import _language_of, _whole_screen, screen_lines, table_screen
from tui.widgets.footer import KeyEntry, WordedFooter

#: Footer actions that do not answer the table's question (they look, talk or leave).
META_ACTIONS = frozenset(
    {"chat", "scores", "rules", "leave", "host_menu", "hint", "takeback", "review", "dismiss"}
)
#: Settled polls a wait may go without a question and a key before it is a silent wait.
SILENT_POLLS = 6
#: Presses in a row that change nothing on the screen nor at the table: the keys do nothing.
DEAD_PRESSES = 40
#: Presses within one wait before the person gives up (it is lost, or the screen misleads).
LOST_PRESSES = 400
#: The character a key sends, for the keys the person presses that are not one character.
KEY_CHARACTERS = {"space": " ", "enter": "\r", "escape": "\x1b"}
#: Seconds without a new state after which the screen counts as settled (and, where the host
#: runs in this process, once the screen has taken the last state it sent: ``HostOracle.shown``).
QUIET = 0.01
#: Seconds ``settled`` waits at most for the screen to take the host's last state; past them
#: it counts as settled by the quiet alone (a state that never comes is the person's to find).
CATCH_UP = 2.0
#: Seconds the table may stand still, waiting for nobody we can see, before it is a stall.
STALL_SECONDS = 45.0

DIGIT_RANGE = re.compile(r"(\d+)\s*[–-]\s*(\d+)")
COUNTER = re.compile(r"(\d+)\s*/\s*(\d+)")
#: A key named in the prompt's words: "p pass", "d declare", "t turn" (a letter, a space, a word).
PROMPT_LETTER = re.compile(r"(?:^|[\s·(—,])([a-z])\s+\w")
#: Letters the person never presses from the prompt's words: they leave, chat, show scores,
#: open the host's menu, or mean "a" (the article).
NEVER_LETTERS = frozenset("qcsmra")


class SilentWait(AssertionError):
    """The table waits for this seat and the screen does not say so (or its keys do nothing)."""


class Oracle(Protocol):
    """The host's truth about this seat (the test's, never the person's)."""

    def waits(self) -> bool: ...
    def over(self) -> bool: ...
    def version(self) -> int: ...
    def shown(self, app: Any) -> bool: ...


@dataclass
class HostOracle:
    """A ``net.doors.host.Host`` in this process: its game's pending seats."""

    host: Any
    seat: int
    #: What the host sent this seat (its app's screen), read during a paced deal only.
    wire: Any = None

    def waits(self) -> bool:
        game = self.host.table.rules.game
        if not (self.host.table.rules.started and not game.over and self.seat in game.pending()):
            return False
        pacer = getattr(self.host.table, "pacer", None)
        if pacer is None or not (pacer.active and pacer.pacing.dealing()):
            return True
        # a paced deal (秘十's): the engine asks ahead of the cards shown; the table asks the
        # seat when its card is shown (the state it sends), and a declaration chosen waits to
        # be shown with its card: the table has the seat's answer
        if pacer.run is not None and self.seat in pacer.run.chosen:
            return False
        return self.wire is None or bool(self.wire.waits())

    def over(self) -> bool:
        return bool(self.host.table.rules.started and self.host.table.rules.game.over)

    def version(self) -> int:
        return int(self.host.table.rules.version)

    def shown(self, app: Any) -> bool:
        """Whether the table screen on show has taken the last state this host sent it (False
        while one is on its way). The wire's version is the table's outside a paced deal,
        whose frames go out at the deal's own ticks (then: True, the quiet decides)."""
        screen = table_screen(app)
        table = self.host.table
        if screen is None or not table.rules.started or host_of(app) is not self.host:
            return True
        pacer = table.pacer
        if pacer.active and pacer.run is not None:
            return True
        return screen.state.version >= pacer.wire_version


def host_of(app: Any) -> Any:
    """The ``net.doors.host.Host`` this app runs for its table (``play``: its closer's owner;
    ``host``: the seat's), else None."""
    screen = table_screen(app) or _table_under(app)
    if screen is None:
        return None
    link = screen.seat_link
    if link.host is not None:
        return link.host
    for closer in link.closers:
        owner = getattr(closer, "__self__", None)
        if type(owner).__name__ == "Host":
            return owner
    return None


def own_host(app: Any) -> Oracle:
    """The oracle of a table this app runs itself (``play``, ``host``)."""
    screen = table_screen(app) or _table_under(app)
    return HostOracle(host_of(app), screen.me, WireOracle(app))


@dataclass
class WireOracle:
    """A host in another process: what it last sent this seat (its legal actions for us)."""

    app: Any

    def _state(self) -> Any:
        screen = table_screen(self.app) or _table_under(self.app)
        return None if screen is None else screen.state

    def waits(self) -> bool:
        state = self._state()
        return bool(state and state.legal and not state.view.get("over"))

    def over(self) -> bool:
        state = self._state()
        return bool(state and state.view.get("over"))

    def version(self) -> int:
        state = self._state()
        return state.version if state else 0

    def shown(self, app: Any) -> bool:
        """The screen's own state is this oracle's truth: nothing else to wait for."""
        return True


def _table_under(app: Any) -> Any:
    """The table screen under a panel or dialog, if any."""
    from tui.table.screen import TableScreen

    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    return None


@dataclass
class Tally:
    """What the people did, over a run (the bench prints it)."""

    presses: int = 0
    waits_checked: int = 0
    silent: list[str] = field(default_factory=list)
    games: int = 0
    reviews: int = 0
    agains: int = 0
    panels: int = 0
    takebacks: int = 0

    def add(self, other: Tally) -> None:
        self.presses += other.presses
        self.waits_checked += other.waits_checked
        self.silent += other.silent
        self.games += other.games
        self.reviews += other.reviews
        self.agains += other.agains
        self.panels += other.panels
        self.takebacks += other.takebacks


def footer_keys(app: Any) -> list[KeyEntry]:
    """The keys the footer on top shows now (as drawn: greyed ones have ``enabled`` False)."""
    footers = app.screen.query(WordedFooter)
    return list(footers.first().shown_keys()) if footers else []


def answering(keys: list[KeyEntry]) -> list[KeyEntry]:
    """The footer's keys that answer a question now: shown in full, not a look or a leave."""
    return [k for k in keys if k.enabled and k.action.partition("(")[0] not in META_ACTIONS]


def prompt_text(app: Any) -> str:
    """The prompt bar's text on the table screen (what it shows now), else ''."""
    screen = table_screen(app)
    return screen.prompt.plain if screen is not None else ""


def in_review(app: Any) -> bool:
    """Whether the screen on top is a review (a replay's table, its controls shown)."""
    from tui.replay.controls import ReplayControls

    return any(screen.query(ReplayControls) for screen in app.screen_stack)


def screen_dump(app: Any) -> str:
    return "\n".join(line.rstrip() for line in screen_lines(app))


def screen_look(app: Any) -> tuple[str, ...]:
    """The screen's text, line by line, to tell whether a key changed it: what
    ``screen_lines`` reads (the whole screen's strips, drawn in the app's language) without
    putting it through a console first (a third of the cost), trailing spaces kept."""
    with lang.scope(_language_of(app)):
        update = _whole_screen(app)
    return tuple("".join(strip.text for strip in line) for line in update.strips)


class Person:
    """One person at one seat; see the module docstring."""

    def __init__(
        self,
        pilot: Any,
        oracle_for: Any,
        *,
        seed: int = 0,
        takeback_rate: float = 0.0,
        again: bool = True,
        review: bool = True,
        label: str = "",
    ) -> None:
        self.pilot = pilot
        self.app = pilot.app if pilot is not None else None
        #: ``oracle_for(app)``: the host's truth for the table screen on show (a new one
        #: after "play again").
        self.oracle_for = oracle_for
        self.oracle: Oracle = oracle_for(self.app)
        self.rng = random.Random(seed)
        self.takeback_rate = takeback_rate
        self.want_again = again
        self.want_review = review
        self.label = label
        self.tally = Tally()
        self.trace: list[str] = []  # the last presses, for a failure's story

    # -- reading the screen ----------------------------------------------------------------
    def question(self) -> str:
        """The question on the screen now: the table's prompt, or a panel or dialog's words."""
        if table_screen(self.app) is not None:
            return prompt_text(self.app).strip()
        return " ".join(line.strip() for line in screen_lines(self.app) if line.strip())

    def footer(self) -> list[KeyEntry]:
        """The footer's keys as drawn."""
        return footer_keys(self.app)

    def offered(self) -> list[KeyEntry]:
        return answering(self.footer())

    def top(self) -> str:
        """What is on top: "panel" (results), "dialog" (a yes/no or a look), "table", "review"
        (a finished game's replay) or "other" (the lobby, a form)."""
        name = type(self.app.screen).__name__
        if name == "ResultsPanel":
            return "panel"
        if name in ("Confirm", "TakebackVote", "ScoresScreen", "RulesScreen"):
            return "dialog"
        if in_review(self.app):
            return "review"
        return "table" if table_screen(self.app) is not None else "other"

    def panel_offers(self) -> set[str]:
        """What the results panel's keys offer now: next, close, again, review."""
        found = re.findall(
            r"answer\('(\w+)'\)", " ".join(k.action for k in self.footer() if k.enabled)
        )
        return set(found)

    def dump(self) -> str:
        return screen_dump(self.app)

    def look(self) -> object:
        """The screen as it is now, to compare with how it was (``screen_look``)."""
        return screen_look(self.app)

    def reviewing(self) -> bool:
        return in_review(self.app)

    async def pause(self, seconds: float) -> None:
        await asyncio.sleep(seconds) if self.pilot is None else await self.pilot.pause(seconds)

    def fail(self, kind: str, why: str) -> None:
        story = " ".join(self.trace[-30:])
        text = (
            f"{kind} [{self.label}]: {why}\nprompt: {self.question()[:300]}\n"
            f"footer: {[(k.key_display, k.description, k.enabled) for k in self.footer()]}"
            f"\nlast presses: {story}\n--- screen ---\n{self.dump()}"
        )
        self.tally.silent.append(f"{kind} [{self.label}]: {why}")
        raise SilentWait(text)

    # -- playing -----------------------------------------------------------------------------
    async def press(self, key: str) -> None:
        """Press ``key`` as the terminal would send it; what it does is waited for by
        ``settled`` (every caller looks at the screen only after it). Textual's
        ``Pilot.press`` also waits until the process has used no CPU for a moment (up to a
        second, twice a key): most of a game's time, and on a busy machine far more."""
        self.trace.append(key)
        self.tally.presses += 1
        self.app.post_message(
            events.Key(key, KEY_CHARACTERS.get(key, key if len(key) == 1 else None))
        )

    async def settled(self) -> None:
        """Until no new state came for a short while (the bots here play at once) and the
        screen has taken the last state the host sent it (``Oracle.shown``; for at most
        ``CATCH_UP`` s, then the quiet alone)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + CATCH_UP
        while True:
            screen = table_screen(self.app)
            before = (screen.states_seen if screen else -1, self.oracle.version(), self.app.screen)
            await self.pilot.pause(QUIET)
            screen = table_screen(self.app)
            if (
                screen.states_seen if screen else -1,
                self.oracle.version(),
                self.app.screen,
            ) == before and (self.oracle.shown(self.app) or loop.time() > end):
                return

    async def play_game(self) -> None:
        """Play until the game is over and its final panel is answered."""
        self.tally.games += 1
        loop = asyncio.get_running_loop()
        last_move = loop.time()
        last_version = self.oracle.version()
        silent_polls = 0
        dead = 0
        tries = 0
        # after a key: the screen settled, and how it looked then (None: not looked at, the
        # table moved); nothing runs between that and the next look at the table (no await)
        settled, seen = False, None
        while True:
            if not settled:
                await self.settled()
                seen = None
            settled = False
            name = self.top()
            if self.oracle.version() != last_version:
                last_version = self.oracle.version()
                last_move = loop.time()
                tries = dead = silent_polls = 0
            if name == "panel":
                if await self.answer_panel():
                    return
                last_move = loop.time()
                continue
            if name == "dialog":
                await self.answer_dialog()
                continue
            if name != "table":
                if loop.time() - last_move > STALL_SECONDS:
                    self.fail("stall", f"stuck on {name}")
                await self.pause(0.05)
                continue
            if not self.oracle.waits():
                if self.oracle.over() and loop.time() - last_move > STALL_SECONDS:
                    self.fail("no final panel", "the game is over and no final panel showed")
                elif self.oracle.over():
                    await self.pause(0.05)  # the final panel is on its way
                elif loop.time() - last_move > STALL_SECONDS:
                    self.fail("stall", "the table stood still, waiting for nobody on this screen")
                else:
                    await self.pause(0.02)
                continue
            # the table waits for this seat, and the screen has settled
            question, keys = self.question(), self.offered()
            if not question or not keys:
                silent_polls += 1
                if silent_polls >= SILENT_POLLS:
                    self.fail("silent wait", "the table waits for this seat; no question/key")
                await self.pause(0.1)
                continue
            silent_polls = 0
            self.tally.waits_checked += 1
            version = self.oracle.version()
            looked = seen if seen is not None else self.look()
            await self.press(self.choose(question, keys))
            await self.settled()
            settled, seen = True, None  # the next look at the table needs no other wait first
            # the table moved (its version), else the screen did: a version moved needs no look
            if self.oracle.version() == version and (seen := self.look()) == looked:
                dead += 1
                if dead >= DEAD_PRESSES:
                    self.fail("dead keys", f"{dead} presses of the offered keys changed nothing")
            else:
                dead = 0
            tries += 1
            if tries >= LOST_PRESSES:
                self.fail("lost", f"{tries} presses and the table still waits for this seat")

    def choose(self, question: str, keys: list[KeyEntry]) -> str:
        """A key to press, from what the screen offers (see the module docstring)."""
        rng = self.rng
        by_action = {k.action.partition("(")[0]: k for k in keys}
        weights: dict[str, float] = {}

        def offer(key: str, weight: float) -> None:
            weights[key] = weights.get(key, 0.0) + weight

        rejected = question.startswith("✗")
        for key in keys:
            offer(key.key, 1.5)
        if "confirm" in by_action:
            offer("enter", 1.0 if rejected else 4.0)
        if "pick" in by_action:
            offer("space", 3.0 if rejected else 2.0)
        if "move" in by_action:
            offer("left", 0.5)
            offer("right", 1.5)
        if "back" in by_action:
            offer("escape", -1.2)  # a person clears a choice now and then, not often
        span = DIGIT_RANGE.search(question)
        digits = None
        if span:
            lo, hi = int(span.group(1)), int(span.group(2))
            if 0 <= lo <= hi <= 9:
                digits = range(lo, hi + 1)
                for d in digits:
                    offer(str(d), 3.0 / len(digits))
        for letter in PROMPT_LETTER.findall(question):
            if letter not in NEVER_LETTERS:
                offer(letter, 1.0)
        counter = COUNTER.search(question)
        if counter and "pick" in by_action:  # "0/3": pick until it is whole, then confirm
            have, want = int(counter.group(1)), int(counter.group(2))
            if have == want and "confirm" in by_action:
                return "enter"
            if have < want:
                return self.pick_next(have, digits)
        if self.takeback_rate and rng.random() < self.takeback_rate:
            footer = {k.action.partition("(")[0]: k for k in self.footer()}
            if footer.get("takeback") and footer["takeback"].enabled:
                self.tally.takebacks += 1
                return "u"
        choices = [(k, w) for k, w in weights.items() if w > 0]
        return rng.choices([k for k, _ in choices], [w for _, w in choices])[0]

    def pick_next(self, have: int, digits: range | None = None) -> str:
        """Pick one more card as a person does: move, pick; a pick that took one back off
        (the count fell) is picked again; a refused one (a locked card) moves on, either way;
        where the prompt offers digits, a digit now and then."""
        last, before = self.last_pick
        if last in ("space", "digit") and before is not None and have < before:
            key = self.last_key  # took one back off: pick it again
        elif digits and self.rng.random() < 0.4:
            key = str(self.rng.choice(digits))
        elif last == "space":
            key = self.rng.choice(["left", "right"])
        else:
            key = "space"
        self.last_pick = ("digit" if key.isdigit() else key, have)
        self.last_key = key
        return key

    last_key = "space"
    last_pick: tuple[str, int | None] = ("", None)

    async def answer_panel(self) -> bool:
        """A results panel: enter goes on; the final one is reviewed and dealt again where it
        offers that. True when the game (and any game dealt again) is done."""
        self.tally.panels += 1
        offers = self.panel_offers()
        if not offers:
            self.fail("silent panel", "a results panel with no key to close it")
        final = "close" in offers
        if not final:
            await self.press("enter")
            return False
        if self.want_again and "again" in offers:
            self.want_again = False  # the next game is reviewed instead
            self.tally.agains += 1
            await self.press("a")
            await self.new_deal()
            await self.play_game()
            return True
        if self.want_review and "review" in offers:
            self.want_review = False
            await self.review()
            return True
        await self.press("enter")
        return True

    async def review(self) -> None:
        """``r`` on the final panel: the whole game opens, every hand shown; then back."""
        await self.press("r")
        loop = asyncio.get_running_loop()
        end = loop.time() + 15
        while not self.reviewing():
            if loop.time() > end:
                self.fail("review", "r review the game opened nothing")
            await self.pause(0.05)
        self.tally.reviews += 1
        for key in ("right", "right", "home"):
            await self.press(key)
        for _ in range(12):  # leave it: q, and enter on any results panel on the way
            await self.settled()
            if not self.reviewing():
                return
            await self.press("enter" if self.top() == "panel" else "q")
        self.fail("review", "q did not leave the review")

    async def new_deal(self) -> None:
        """After "play again": a new table screen, seated."""
        from tui.pilot import wait_until

        try:
            await wait_until(
                self.pilot,
                lambda: (
                    (s := table_screen(self.app)) is not None
                    and s.states_seen > 0
                    and not s.view.get("over")
                ),
                20,
            )
        except AssertionError:
            self.fail("play again", "a play again dealt no new game")
        self.oracle = self.oracle_for(self.app)

    async def answer_dialog(self) -> None:
        """A yes/no or a look: answer it (yes to a take-back asked of us, else close)."""
        keys = {k.key for k in self.footer()}
        await self.press("y" if "y" in keys else "escape")
