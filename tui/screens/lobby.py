"""The lobby: tables on this network (live), host one, join by address, play against bots."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.cells import set_cell_size
from rich.style import Style
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

import engine

from ..connect import Launcher, host_launcher, join_launcher, play_launcher, shared_account
from ..settings import Settings
from ..text import clean, literal
from .dialogs import RulesScreen
from .forms import JoinForm, JoinRequest, TableForm, TableRequest

GAME_TITLES = {name: cls.SHORT_TITLE for name, cls in engine.GAMES.items()}

LOBBY_HELP = """# kotatsu

A card table for friends on one network. One player hosts; the others find the table here
(or join by address when the network blocks multicast).

| key | does |
|---|---|
| ↑ ↓, enter | choose a table and join it |
| h | host a table on this network (others can join) |
| b | play at once against bots |
| a | join a table by address (`HOST:PORT`) |
| w | watch the selected table (or the one that was full) |
| r | look for tables again |
| o | reopen a table you hosted whose program stopped before the game was over |
| q | quit |

At a table: ←→ move, space pick, enter confirm, esc back, digits pick seats and counts,
`c` chat, `s` scores, `?` the game's rules, `q` leave. The games: **SwaPo** (with Dagger,
Asterisk and Ace), **Swoop** and **秘十 Mi Shi**; `kotatsu rules GAME` prints their rules.
"""

COLUMNS = "table".ljust(18) + "game".ljust(16) + "seats".rjust(5) + "  address"

BrowserFactory = Callable[[Callable[[Any], None], Callable[[str], None]], Any]


def default_browser(on_added: Callable[[Any], None], on_removed: Callable[[str], None]) -> Any:
    """The LAN browser (zeroconf), from net.discovery."""
    from net.discovery import Browser

    return Browser(on_added, on_removed)


def table_line(
    table: Any, *, ascii_only: bool = False, name: Style | str = "", muted: Style | str = ""
) -> Text:
    """One lobby row; the table's name and game come from the network, shown literally.
    ``name`` and ``muted`` are the looks of the name and of the asides."""
    game = GAME_TITLES.get(clean(table.game), clean(table.game, limit=12))
    variant = " ".join(
        v.capitalize() for v in clean(getattr(table, "variant", "") or "", limit=24).split(",")
    )
    line = literal(set_cell_size(clean(table.name, limit=40), 16), name)
    line.append("  ")
    line.append(set_cell_size(f"{game} {variant}".strip(), 16))
    full = table.taken >= table.seats
    line.append(f"{table.taken}/{table.seats}".rjust(5), style=muted if full else "")
    line.append("  ")
    line.append_text(literal(table.endpoint, muted, limit=40))
    if table.password:
        line.append("  *" if ascii_only else "  🔒")
    return line


class LobbyScreen(Screen[None]):
    """Tables found on the LAN appear and disappear live; keys start everything else."""

    CSS_PATH = "lobby.tcss"
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "lobby--name",  # the app's and the tables' names
        "lobby--muted",  # hints, the column heads, full tables, addresses
        "lobby--warning",  # discovery does not work here
    }
    BINDINGS: ClassVar[list] = [
        Binding("enter", "join_selected", "join", show=True, key_display="enter"),
        Binding("h", "host", "host a table"),
        Binding("b", "bots", "play vs bots"),
        Binding("a", "address", "join by address"),
        Binding("w", "watch", "watch"),
        Binding("r", "refresh", "refresh"),
        Binding("o", "reopen", "reopen"),
        Binding("question_mark", "help", "help", key_display="?"),
        Binding("q", "app.quit", "quit"),
    ]

    @dataclass
    class SitDown(Message):
        """The player asked for a seat: the app connects through ``launcher`` and opens the
        table (or says why it could not)."""

        launcher: Launcher

    def __init__(self, settings: Settings, *, browser: BrowserFactory | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.browser_factory = browser or default_browser
        self.browser: Any = None
        self.tables: dict[str, Any] = {}
        self.status = "searching"
        self.left_open: list[Any] = []  # tables this user hosted whose host died (newest first)

    def compose(self) -> ComposeResult:
        yield Static("", id="lobby-title")
        yield Static("", id="lobby-status")
        yield Static("", id="lobby-reopen")
        yield Static("", id="lobby-columns")
        yield OptionList(id="tables")
        yield Static("", id="lobby-keys")
        yield Footer(compact=True)

    def keys_line(self) -> Text:
        return Text(
            "↑↓ choose · enter join · no table? b plays against bots at once, h hosts one",
            self.look("muted"),
        )

    def draw_texts(self) -> None:
        """The title, the column heads, the keys and the tables, in the screen's looks."""
        title = Text(" kotatsu", self.look("name"))
        title.append(" — tables on this network")
        self.query_one("#lobby-title", Static).update(title)
        self.query_one("#lobby-columns", Static).update(Text(COLUMNS, self.look("muted")))
        self.query_one("#lobby-keys", Static).update(self.keys_line())
        self.show_tables()

    def look(self, name: str) -> Style:
        """The Rich style of the component class ``lobby--NAME`` (lobby.tcss)."""
        return self.get_component_rich_style(f"lobby--{name}", partial=True)

    def on_mount(self) -> None:
        # the component classes are styled once the screen's CSS applies: draw after that
        self.call_after_refresh(self.draw_texts)
        self.show_tables()
        self.show_left_open([])
        self.start_browser()

    # -- discovery -------------------------------------------------------------------------
    @work(exclusive=True, group="browse")
    async def start_browser(self) -> None:
        self.status = "searching"
        self.show_tables()
        try:
            self.browser = self.browser_factory(self.table_added, self.table_removed)
            await self.browser.start()
        except Exception as exc:  # no multicast: joining by address still works
            self.browser = None
            self.status = f"LAN discovery is unavailable ({clean(exc, limit=60)})"
        self.show_tables()

    async def stop_browser(self) -> None:
        browser, self.browser = self.browser, None
        if browser is not None:
            with contextlib.suppress(Exception):  # closing must not fail the lobby
                await browser.close()

    def table_added(self, table: Any) -> None:
        self.tables[table.key] = table
        self.show_tables()

    def table_removed(self, key: str) -> None:
        self.tables.pop(key, None)
        self.show_tables()

    def show_tables(self) -> None:
        tables = self.query_one("#tables", OptionList)
        index = tables.highlighted
        chosen = tables.get_option_at_index(index).id if index is not None else None
        tables.clear_options()
        ordered = sorted(self.tables.values(), key=lambda t: (clean(t.name), t.key))
        for table in ordered:
            line = table_line(
                table,
                ascii_only=self.settings.ascii_only,
                name=self.look("name"),
                muted=self.look("muted"),
            )
            tables.add_option(Option(line, id=table.key))
        if ordered:
            keys = [t.key for t in ordered]
            # the table under the cursor stays under it while others come and go
            tables.highlighted = (
                keys.index(chosen) if chosen in keys else min(index or 0, len(keys) - 1)
            )
        status = self.query_one("#lobby-status", Static)
        if self.status != "searching":
            status.update(Text(f"  {self.status} — a: join by address", self.look("warning")))
        elif ordered:
            found = f"{len(ordered)} table{'s' if len(ordered) != 1 else ''} found"
            status.update(Text(f"  {found} · still looking…", self.look("muted")))
        else:
            status.update(
                Text(
                    "  Searching for tables on this network…  (b: play against bots)",
                    self.look("muted"),
                )
            )
        tables.display = bool(ordered)
        self.query_one("#lobby-columns").display = bool(ordered)

    # -- tables left open: their host process died (net/journal.py) ---------------------------
    @work(thread=True, exclusive=True, group="left-open")
    def find_left_open(self) -> None:
        from net.journal import left_open

        found = [] if shared_account() else left_open()
        with contextlib.suppress(RuntimeError):  # the app closed meanwhile
            self.app.call_from_thread(self.show_left_open, found)

    def show_left_open(self, found: list[Any]) -> None:
        self.left_open = found
        line = self.query_one("#lobby-reopen", Static)
        line.display = bool(found)
        self.refresh_bindings()
        if found:
            table = found[0]
            game = GAME_TITLES.get(table.game, table.game)
            text = literal(f"  “{table.name}”", self.look("name"), limit=44)
            text.append(f" ({game}) stopped before the game was over — o: reopen it")
            if len(found) > 1:
                text.append(f" ({len(found) - 1} more)", self.look("muted"))
            line.update(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return bool(self.left_open) if action == "reopen" else True

    def action_reopen(self) -> None:
        """Host the newest table left open again, from its journal, and sit at it."""
        if not self.left_open:
            return
        table = self.left_open[0]
        self.show_left_open(self.left_open[1:])
        self.sit(host_launcher(table.game, resume=str(table.path), player_name=self.settings.name))

    def on_screen_resume(self) -> None:
        self.find_left_open()  # shown, or back from a table: what is left open may differ

    async def on_unmount(self) -> None:
        await self.stop_browser()

    # -- keys ------------------------------------------------------------------------------
    def action_join_selected(self) -> None:
        tables = self.query_one("#tables", OptionList)
        if tables.highlighted is None or not self.tables:
            self.notify("No table selected — a: join by address", markup=False)
            return
        option = tables.get_option_at_index(tables.highlighted)
        self.join_table(self.tables.get(option.id or ""))

    @on(OptionList.OptionSelected, "#tables")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.join_table(self.tables.get(event.option.id or ""))

    def join_table(self, table: Any) -> None:
        if table is None:
            return
        if table.password:
            self.app.push_screen(JoinForm(table.endpoint, needs_password=True), self._join_request)
            return
        self.sit(join_launcher(table.address, table.port, name=self.settings.name))

    def action_watch(self) -> None:
        """Watch the selected table (or the one that was just full) as a spectator."""
        tables = self.query_one("#tables", OptionList)
        if tables.highlighted is not None and self.tables:
            table = self.tables.get(tables.get_option_at_index(tables.highlighted).id or "")
            if table is not None and not table.password:
                self.sit(join_launcher(table.address, table.port, spectate=True))
                return
        watch = getattr(self.app, "watch_instead", None)
        if watch is not None:
            self.sit(watch)
        else:
            self.notify("No table selected — a: join by address", markup=False)

    def action_host(self) -> None:
        self.app.push_screen(TableForm("host"), self._table_request)

    def action_bots(self) -> None:
        self.app.push_screen(TableForm("bots"), self._table_request)

    def action_address(self) -> None:
        self.app.push_screen(JoinForm(), self._join_request)

    def action_refresh(self) -> None:
        self.tables.clear()
        self.show_tables()
        self._restart()

    @work(exclusive=True, group="restart")
    async def _restart(self) -> None:
        await self.stop_browser()
        self.start_browser()

    def action_help(self) -> None:
        self.app.push_screen(RulesScreen("", "kotatsu", text=LOBBY_HELP))

    def _table_request(self, request: TableRequest | None) -> None:
        if request is None:
            return
        if request.mode == "bots":
            launcher = play_launcher(
                request.game,
                bots=request.bots,
                options=request.options,
                name=self.settings.name,
                level=request.level,
            )
        else:
            launcher = host_launcher(
                request.game,
                seats=request.seats,
                bots=request.bots,
                table_name=request.table_name,
                password=request.password,
                options=request.options,
                level=request.level,
                player_name=self.settings.name,
            )
        self.sit(launcher)

    def _join_request(self, request: JoinRequest | None) -> None:
        if request is None:
            return
        self.sit(
            join_launcher(
                request.host, request.port, name=self.settings.name, password=request.password
            )
        )

    def sit(self, launcher: Launcher) -> None:
        self.post_message(self.SitDown(launcher))
