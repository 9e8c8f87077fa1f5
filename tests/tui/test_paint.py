"""Issue 13: a new state repaints what changed and lays the screen out only when a size has
to change — the card widgets, the ``Steady`` lines and, through real games, the tables, whose
footer shows at every state the keys Textual's own would."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.compose import compose
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer

import engine
from tui.app import make_app
from tui.games.swoop.cards import HAND, SLOTS, MineFaces, SwoopCards
from tui.pilot import MemoryClient, browser_of, local_launcher, seat_states, wait_until
from tui.settings import Settings
from tui.table.screen import TableScreen
from tui.widgets.cards import CardFace, CardStyle
from tui.widgets.footer import WordedFooter
from tui.widgets.pickable import PickableCards
from tui.widgets.steady import Steady


def layouts_of(app: App) -> list[int]:
    """A list that grows by one each time the screen is laid out."""
    seen: list[int] = []
    app.screen.screen_layout_refresh_signal.subscribe(app.screen, lambda _: seen.append(1))
    return seen


def renders_of(widget) -> list[int]:
    """A list that grows by one each time ``widget`` draws its content."""
    seen: list[int] = []
    render = widget.render

    def counted():
        seen.append(1)
        return render()

    widget.render = counted
    return seen


class Column(App[None]):
    CSS = """
    #box { width: 30; height: 12; }
    #fixed { height: 2; }
    #grown { height: auto; }
    #rest { height: 1fr; }
    #kept { height: auto; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Steady("fixed", id="fixed")
            yield Steady("grown", id="grown")
            yield Steady("kept", id="kept")
            yield Steady("the rest", id="rest")


async def test_a_steady_line_sized_by_css_never_lays_the_screen_out():
    app = Column()
    async with app.run_test(size=(40, 14)) as pilot:
        await pilot.pause()
        layouts = layouts_of(app)
        fixed = app.query_one("#fixed", Steady)
        for text in ("a", "one\ntwo", "a line that is longer than thirty cells wraps", "b"):
            fixed.show(text)
            await pilot.pause()
            assert "".join(str(fixed.render()).split()) == "".join(text.split())
        assert layouts == []
        grown = app.query_one("#grown", Steady)
        grown.show("measured")  # the first show measures
        await pilot.pause()
        layouts.clear()
        grown.show("same height")  # one line as before: only repainted
        await pilot.pause()
        assert layouts == []
        grown.show("now\ntwo lines")
        await pilot.pause()
        assert layouts and grown.region.height == 2


async def test_the_rest_of_the_column_takes_room_for_lines_that_do_not_fit():
    app = Column()
    async with app.run_test(size=(40, 14)) as pilot:
        await pilot.pause()
        rest = app.query_one("#rest", Steady)
        room = rest.region.height
        layouts = layouts_of(app)
        rest.show("\n".join(f"line {n}" for n in range(room)))  # fits: a repaint
        await pilot.pause()
        assert layouts == [] and rest.region.height == room
        rest.show("\n".join(f"line {n}" for n in range(room + 3)))  # more: the column scrolls
        await pilot.pause()
        assert rest.region.height == room + 3 or rest.virtual_region.height == room + 3
        assert rest.styles.min_height is not None
        rest.show("short again")
        await pilot.pause()
        assert rest.styles.min_height is None and rest.region.height == room


async def test_a_kept_height_grows_but_does_not_shrink_until_released():
    app = Column()
    async with app.run_test(size=(40, 14)) as pilot:
        await pilot.pause()
        kept = app.query_one("#kept", Steady)
        kept.keep_height(True)
        kept.show("one")
        await pilot.pause()
        kept.show("one\ntwo")
        await pilot.pause()
        assert kept.region.height == 2
        layouts = layouts_of(app)
        kept.show("back to one")
        await pilot.pause()
        assert layouts == [] and kept.region.height == 2
        assert str(kept.render()) == "back to one"
        kept.keep_height(False)  # e.g. a short window: the lines decide again
        kept.show("one")
        await pilot.pause()
        assert kept.region.height == 1


class Cards(App[None]):
    CSS = "#hand { width: 1fr; } #mine { width: 1fr; }"

    def compose(self) -> ComposeResult:
        yield PickableCards(CardStyle(), id="hand")
        yield SwoopCards(CardStyle(), id="mine")


def faces(*codes: str) -> list[CardFace]:
    return [CardFace(code) for code in codes]


@pytest.mark.paints  # it counts what is painted: every refresh is rendered
async def test_cards_shown_again_unchanged_are_not_drawn_again():
    app = Cards()
    async with app.run_test(size=(60, 20)) as pilot:
        hand = app.query_one("#hand", PickableCards)
        hand.show(faces("AS", "KH", "10D"), cursor=0)
        await pilot.pause()
        renders, layouts = renders_of(hand), layouts_of(app)
        hand.show(faces("AS", "KH", "10D"), cursor=0)
        await pilot.pause()
        assert renders == [] and layouts == []
        hand.show(faces("AS", "KH", "10D"), cursor=1)  # the cursor moves: drawn, same size
        await pilot.pause()
        assert renders == [1] and layouts == []
        hand.show(faces("AS", "KH"), cursor=1)  # a card fewer in a wide widget: a repaint
        await pilot.pause()
        assert len(renders) == 2 and layouts == []


@pytest.mark.paints  # it counts what is painted: every refresh is rendered
async def test_my_swoop_cards_shown_again_unchanged_are_not_drawn_again():
    app = Cards()
    async with app.run_test(size=(60, 20)) as pilot:
        mine = app.query_one("#mine", SwoopCards)

        def my_cards() -> MineFaces:
            made = MineFaces(titles={SLOTS: "up", HAND: Text("hand")}, notes={SLOTS: "note"})
            for slot, code in enumerate(["9S", "4H"]):
                made.add(CardFace(code, row=SLOTS), ("up", slot))
            for n, code in enumerate(["2C", "2D", "7S"]):
                made.add(CardFace(code, row=HAND, group=code[0]), ("hand", n))
            return made

        mine.show_mine(my_cards(), None, boxed=False)
        await pilot.pause()
        height = mine.region.height
        renders, layouts = renders_of(mine), layouts_of(app)
        mine.show_mine(my_cards(), None, boxed=False)
        await pilot.pause()
        assert renders == [] and layouts == []
        mine.show_mine(my_cards(), ("hand", 1), boxed=False)  # my turn: the cursor shows
        await pilot.pause()
        assert renders == [1] and layouts == [] and mine.region.height == height


class TextualFooter:
    """The keys Textual's own ``Footer`` shows for ``screen`` now: its own ``compose`` (what
    it mounts at each change of keys), read without mounting the widgets it makes. The
    footer is given its screen but not mounted: mounted, its ``compose`` sets its grid's
    column count, a layout of the whole screen at each change of keys that would be counted
    as the table's. Its ``compose`` reads the screen's active bindings (each binding, whether
    it works, its tooltip) and nothing else that changes: it is asked again when they did."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.plain = Footer(compact=True)
        self.plain.set_reactive(Footer._bindings_ready, True)
        self.plain._attach(screen)
        self.read: tuple[tuple, list[tuple[str, str, bool]]] | None = None

    def keys(self) -> list[tuple[str, str, bool]]:
        active = self.screen.active_bindings.items()
        bindings = tuple((key, on.binding, on.enabled, on.tooltip) for key, on in active)
        if self.read is None or self.read[0] != bindings:
            with self.plain._context():  # its keys bind to it, as when it composes itself
                children = compose(self.plain)
            shown = [(key.key, key.description, key.has_class("-disabled")) for key in children]
            self.read = (bindings, shown)
        return self.read[1]


@pytest.mark.parametrize("game", list(engine.GAMES))
async def test_a_game_followed_at_80x24_lays_the_screen_out_rarely_and_footers_keys_are_textuals(
    game,
):
    """Past the first states, fewer than 3 % of the states lay the screen out, the footer
    (whose keys change with the state) included.

    And the footer, which reads the keys itself and draws them on one line
    (tui/widgets/footer.py), shows at every state the keys Textual's own Footer would show
    there: the keys did change on the way. Textual's Footer is asked what it shows at each
    state (its ``compose``, from the screen's keys then) rather than left to mount a widget
    per key at every change of keys: the same keys, read without waiting for it to catch up
    (this was tests/tui/test_steady_widgets.py's, which played a game of its own for it)."""
    count = 150
    client = MemoryClient(game, name="bench", settings={"hints": True})  # as kotatsu play
    settings = Settings(name="bench", cursor_blink=False)
    app = make_app(launcher=local_launcher(client), settings=settings, browser=browser_of())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.stop_listening()  # from now on the test is the table
        footer = screen.query_one(WordedFooter)
        textual = TextualFooter(screen)
        version, laid_out = screen.version, 0
        keys_seen = set()
        layouts = layouts_of(app)
        for n, (view, legal, events) in enumerate(seat_states(game, count)):
            version += 1
            message = {"t": "state", "version": version, "view": view, "legal": legal}
            screen.receive({**message, "events": events})
            await pilot.pause()
            if layouts and n >= 5:  # the first states lay the new table out
                laid_out += 1
            layouts.clear()
            shown = [(key.key, key.description, not key.enabled) for key in footer.wanted_keys()]
            assert shown == textual.keys(), f"the footer's keys at state {n}"
            keys_seen.add(tuple(shown))
        assert laid_out <= count * 0.03, f"{laid_out} of {count} states laid the screen out"
        assert len(keys_seen) >= 2, "the footer's keys never changed on the way"
