"""The lobby: tables on this network (live), host one, join by address, play against bots."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from lang import N_, _, ngettext
from net.doors.opening import TablePlan, default_journal
from net.table.settings import HOSTED
from tui import table_settings
from tui.connect import (
    default_name,
    failed_launcher,
    host_launcher,
    join_launcher,
    play_launcher,
    shared_account,
    shared_bind,
)
from tui.dialogs import LanguageMenu, RulesScreen
from tui.fill import fill
from tui.option_words import settings_line
from tui.seat import Launcher
from tui.settings import Settings
from tui.text import clean, literal
from tui.widgets.footer import WordedFooter

from .choices import ChoicesMenu
from .forms import JoinForm, JoinRequest, NameForm, TableForm, TableRequest
from .rows import GAME_TITLES, columns, table_line

# TRANSLATORS: the lobby's help (Markdown); keep the keys and the table's shape
LOBBY_HELP = N_("""# kotatsu

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
| l | the language kotatsu speaks (remembered) |
| n | your name at the tables (remembered) |
| p | your choices (remembered): a nudge when it is your turn, a four-colour deck, suit letters |
| q | quit |

At a table: ←→ move, space pick, enter confirm, esc back, digits pick seats and counts,
`c` chat, `s` scores, `?` the game's rules, `q` leave. The games: **SwaPo** (with Dagger,
Asterisk and Ace), **Swoop** and **秘十 Mi Shi**; `kotatsu rules GAME` prints their rules.
""")


#: The footer's keys left out first where they do not fit, in this order (tui/widgets/footer.py).
LOBBY_EXPENDABLE = ("refresh", "reopen", "watch", "rename", "choices", "address", "language")


BrowserFactory = Callable[[Callable[[Any], None], Callable[[str], None]], Any]


def default_browser(on_added: Callable[[Any], None], on_removed: Callable[[str], None]) -> Any:
    """The LAN browser (zeroconf), from net.doors.discovery."""
    from net.doors.discovery import Browser

    bind = shared_bind()
    return Browser(on_added, on_removed, None if bind == "0.0.0.0" else bind)


class LobbyScreen(Screen[None]):
    """Tables found on the LAN appear and disappear live; keys start everything else."""

    CSS_PATH = "lobby.tcss"
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "lobby--name",  # the app's and the tables' names
        "lobby--muted",  # hints, the column heads, full tables, addresses
        "lobby--warning",  # discovery does not work here
    }
    BINDINGS: ClassVar[list] = [
        # TRANSLATORS: the lobby's footer key description; keep it short
        Binding("enter", "join_selected", N_("join"), show=True),
        # TRANSLATORS: the lobby's footer key description; keep it short
        Binding("h", "host", N_("host a table")),
        # TRANSLATORS: the lobby's footer key description; keep it short
        Binding("b", "bots", N_("play vs bots")),
        # TRANSLATORS: the lobby's footer key description; keep it short
        Binding("a", "address", N_("join by address")),
        # TRANSLATORS: the lobby's footer key description; keep it short
        Binding("w", "watch", N_("watch")),
        # TRANSLATORS: the lobby's footer key description; keep it short
        Binding("r", "refresh", N_("refresh")),
        # TRANSLATORS: the lobby's footer key description; keep it short
        Binding("o", "reopen", N_("reopen")),
        Binding("o", "no_reopen", show=False),  # o with nothing to reopen says so
        # TRANSLATORS: the lobby's footer key description; keep it short
        Binding("l", "language", N_("language")),
        # TRANSLATORS: the lobby's footer key description (change your name); keep it short
        Binding("n", "rename", N_("your name")),
        # TRANSLATORS: the lobby's footer key description (the player's own choices)
        Binding("p", "choices", N_("choices")),
        # TRANSLATORS: the lobby's footer key description; keep it short
        Binding("question_mark", "help", N_("help"), key_display="?"),
        # TRANSLATORS: the lobby's footer key description; keep it short
        Binding("q", "app.quit", N_("quit")),
    ]

    @dataclass
    class SitDown(Message):
        """The player asked for a seat: the app connects through ``launcher`` and opens the
        table (or says why it could not)."""

        launcher: Launcher

    @dataclass
    class LanguageChosen(Message):
        """The player chose the language ``code`` (lang.LANGUAGES): the app reads it from
        now on, remembers it, and has its screens say their words again."""

        code: str

    @dataclass
    class Renamed(Message):
        """The player chose the name ``name`` (the app remembers it for the next runs)."""

        name: str

    @dataclass
    class ChoicesChosen(Message):
        """The player changed their own choices (tui/lobby/choices.py): the app keeps them
        for the tables opened from now on and remembers them."""

        choices: dict[str, bool]

    def __init__(self, settings: Settings, *, browser: BrowserFactory | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.browser_factory = browser or default_browser
        self.browser: Any = None
        self.tables: dict[str, Any] = {}
        self.silent: set[str] = set()  # endpoints where a join found nobody listening
        self.status = "searching"
        self.left_open: list[Any] = []  # tables this user hosted whose host died (newest first)
        #: The table under the cursor went: no other is put under it until the player moves it.
        self.cursor_lost = False

    def compose(self) -> ComposeResult:
        yield Static("", id="lobby-title")
        yield Static("", id="lobby-status")
        yield Static("", id="lobby-reopen")
        yield Static("", id="lobby-columns")
        yield OptionList(id="tables")
        yield Static("", id="lobby-details")
        yield Static("", id="lobby-keys")
        # a narrow footer leaves these out first (the keys still work; "? keys" lists them all)
        yield WordedFooter(expendable=LOBBY_EXPENDABLE, fallback=("help", N_("keys")))

    def keys_line(self) -> Text:
        return Text(
            _("↑↓ choose · enter join · no table? b plays against bots at once, h hosts one"),
            self.look("muted"),
        )

    def draw_texts(self) -> None:
        """The title, the column heads, the keys and the tables, in the screen's looks."""
        title = Text(" ", self.look("name"))
        # TRANSLATORS: the lobby's title; {app} is kotatsu
        title.append_text(fill(_("{app} — tables on this network"), app="kotatsu"))
        self.query_one("#lobby-title", Static).update(title)
        self.query_one("#lobby-columns", Static).update(Text(columns(), self.look("muted")))
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
            self.status = clean(exc, limit=60)  # why discovery is unavailable
        self.show_tables()

    async def stop_browser(self) -> None:
        browser, self.browser = self.browser, None
        if browser is not None:
            with contextlib.suppress(Exception):  # closing must not fail the lobby
                await browser.close()

    def table_added(self, table: Any) -> None:
        self.tables[table.key] = table
        self.silent.discard(table.endpoint)  # news of it: it may answer now
        self.show_tables()

    def no_answer(self, address: str) -> None:
        """Joining ``address`` found nobody listening: its row says so (until news of the
        table, or the lobby drops it when it stops answering discovery too)."""
        self.silent.add(address)
        self.show_tables()

    def answered(self, address: str) -> None:
        """A table was joined at ``address``: it answers after all."""
        if address in self.silent:
            self.silent.discard(address)
            self.show_tables()

    def table_removed(self, key: str) -> None:
        table = self.tables.pop(key, None)
        if table is not None and key == self.chosen_key():
            # the cursor's table: no other table takes its place under the cursor
            self.cursor_lost = True
            # TRANSLATORS: the lobby; the table under the cursor closed (or left the network)
            gone = _("{name} is gone: ↑↓ choose another table")
            name = f"“{clean(table.name, limit=44)}”"
            self.notify(gone.format(name=name), severity="warning", markup=False)
        self.show_tables()

    def chosen_key(self) -> str | None:
        """The key of the table under the cursor (None: none)."""
        found = self.query("#tables")
        if not found:
            return None
        tables = found.first(OptionList)
        index = tables.highlighted
        return tables.get_option_at_index(index).id if index is not None else None

    def show_tables(self) -> None:
        if not self.query("#tables"):  # not composed yet: on_mount shows them
            return
        tables = self.query_one("#tables", OptionList)
        index = tables.highlighted
        chosen = self.chosen_key()
        tables.clear_options()
        ordered = sorted(self.tables.values(), key=lambda t: (clean(t.name), t.key))
        for table in ordered:
            line = table_line(
                table,
                ascii_only=self.settings.ascii_only,
                name=self.look("name"),
                muted=self.look("muted"),
                silent=table.endpoint in self.silent,
            )
            tables.add_option(Option(line, id=table.key))
        if ordered and not self.cursor_lost:
            keys = [t.key for t in ordered]
            # the table under the cursor stays under it while others come and go
            tables.highlighted = (
                keys.index(chosen) if chosen in keys else min(index or 0, len(keys) - 1)
            )
        status = self.query_one("#lobby-status", Static)
        if self.status != "searching":
            problem = _("LAN discovery is unavailable ({reason}) — a: join by address")
            status.update(Text("  " + problem.format(reason=self.status), self.look("warning")))
        elif ordered:
            n = len(ordered)
            found = ngettext(
                "{n} table found · still looking…", "{n} tables found · still looking…", n
            )
            status.update(Text("  " + found.format(n=n), self.look("muted")))
        else:
            searching = _("Searching for tables on this network…  (b: play against bots)")
            status.update(Text("  " + searching, self.look("muted")))
        tables.display = bool(ordered)
        self.query_one("#lobby-columns").display = bool(ordered)
        self.show_details()

    @on(OptionList.OptionHighlighted, "#tables")
    def chosen(self) -> None:
        """The cursor moved (after its table went: the player's new choice, since the lobby
        then puts it nowhere; a late message of an earlier move finds it on no table)."""
        if self.query_one("#tables", OptionList).highlighted is not None:
            self.cursor_lost = False
        self.show_details()

    def show_details(self) -> None:
        """The settings of the table under the cursor, before anyone sits at it."""
        tables = self.query_one("#tables", OptionList)
        index = tables.highlighted
        key = tables.get_option_at_index(index).id if index is not None and self.tables else None
        table = self.tables.get(key) if key else None
        details = self.query_one("#lobby-details", Static)
        details.display = table is not None
        if table is not None:
            options = dict(table.options)
            if table.variant and "variant" not in options:  # a host that sends no opts
                options["variant"] = table.variant.split(",")
            line = settings_line(table.game, options)
            told = table_settings.summary(dict(table.settings))  # hints, the turn clock…
            details.update(Text("  " + line + (f"\n  {told}" if told else ""), self.look("muted")))

    # -- tables left open: their host process died (net/kept/journal.py) ---------------------------
    @work(thread=True, exclusive=True, group="left-open")
    def find_left_open(self) -> None:
        from net.kept.journal import left_open

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
            name = literal(f"“{table.name}”", self.look("name"), limit=44)
            # TRANSLATORS: lobby; a table this player hosted whose program died; o is the key
            text = Text("  ")
            text.append_text(
                fill(
                    _("{name} ({game}) stopped before the game was over — o: reopen it"),
                    name=name,
                    game=_(game),
                )
            )
            if len(found) > 1:
                more = ngettext("({count} more)", "({count} more)", len(found) - 1)
                text.append(" " + more.format(count=len(found) - 1), self.look("muted"))
            line.update(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reopen":
            return bool(self.left_open)
        if action == "no_reopen":
            return not self.left_open
        return True

    def action_no_reopen(self) -> None:
        # TRANSLATORS: the lobby's o with no table left open by a host that stopped
        self.notify(_("No table to reopen: none was left open by a host that stopped."))

    def action_reopen(self) -> None:
        """Host the newest table left open again, from its journal, and sit at it."""
        if not self.left_open:
            return
        table = self.left_open[0]
        self.show_left_open(self.left_open[1:])
        plan = TablePlan(resume=str(table.path), limits=HOSTED, bind=shared_bind())
        self.sit(host_launcher(plan, player_name=self.settings.name))

    def on_screen_resume(self) -> None:
        self.find_left_open()  # shown, or back from a table: what is left open may differ

    async def on_unmount(self) -> None:
        await self.stop_browser()

    # -- keys ------------------------------------------------------------------------------
    def action_join_selected(self) -> None:
        tables = self.query_one("#tables", OptionList)
        if tables.highlighted is None or not self.tables:
            self.notify(_("No table selected — a: join by address"), markup=False)
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
            form = JoinForm(table.endpoint, needs_password=True, joiner=self._joiner)
            self.app.push_screen(form, self._join_request)
            return
        self.sit(join_launcher(table.address, table.port, name=self.settings.name))

    def ask_password(self, address: str, said: str = "", *, spectate: bool = False) -> None:
        """The join form for the table at ``address``, in its password field (a table joined
        without its password, or with a wrong one: ``said`` says so under the fields); a join
        to watch (``spectate``) stays one."""
        form = JoinForm(
            address, needs_password=True, joiner=self._joiner, error=said, spectate=spectate
        )
        self.app.push_screen(form, self._join_request)

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
            self.notify(_("No table selected — a: join by address"), markup=False)

    def action_host(self) -> None:
        self.app.push_screen(TableForm("host"), self._table_request)

    def action_bots(self) -> None:
        self.app.push_screen(TableForm("bots"), self._table_request)

    def action_address(self) -> None:
        self.app.push_screen(JoinForm(joiner=self._joiner), self._join_request)

    def action_refresh(self) -> None:
        self.tables.clear()
        self.show_tables()
        self._restart()

    @work(exclusive=True, group="restart")
    async def _restart(self) -> None:
        await self.stop_browser()
        self.start_browser()

    def action_help(self) -> None:
        ascii_only = self.settings.ascii_only  # (its table's lines drawn in ASCII too)
        self.app.push_screen(RulesScreen("", "kotatsu", text=_(LOBBY_HELP), ascii_only=ascii_only))

    def action_language(self) -> None:
        """Choose the language (each shown in its own name); the app remembers it."""

        def chosen(code: str | None) -> None:
            if code:
                self.post_message(self.LanguageChosen(code))

        self.app.push_screen(LanguageMenu(self.settings.lang), chosen)

    def action_rename(self) -> None:
        """Change the name others see (remembered, like the first run's)."""

        def chosen(name: str | None) -> None:
            if name:
                self.post_message(self.Renamed(name))

        self.app.push_screen(NameForm(self.settings.name or default_name(), first=False), chosen)

    def action_choices(self) -> None:
        """The player's own choices: the nudge, the four-colour deck, suit letters."""

        def chosen(choices: dict[str, bool] | None) -> None:
            if choices is not None:
                self.post_message(self.ChoicesChosen(choices))

        self.app.push_screen(ChoicesMenu(self.settings), chosen)

    def reword(self) -> None:
        """Say everything again in the language now chosen (the footer too)."""
        self.draw_texts()
        self.refresh_bindings()

    def _table_request(self, request: TableRequest | None) -> None:
        if request is None:
            return
        name = self.settings.name
        try:
            settings = request.table_settings(name or default_name())
        except ValueError as exc:  # the form checks its fields: said as a table not had
            self.sit(failed_launcher(exc))
            return
        if request.mode == "bots":
            self.sit(play_launcher(settings, name=name))
            return
        journal = default_journal(request.game)
        plan = TablePlan(settings, limits=HOSTED, journal=journal, bind=shared_bind())
        self.sit(host_launcher(plan, player_name=name, password=request.password))

    def _joiner(self, request: JoinRequest) -> Launcher:
        return request.joiner(self.settings.name)

    def _join_request(self, request: JoinRequest | None) -> None:
        if request is None:
            return
        self.sit(request.launcher or self._joiner(request))

    def sit(self, launcher: Launcher) -> None:
        self.post_message(self.SitDown(launcher))
