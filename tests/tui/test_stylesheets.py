"""The app starts with the stylesheets no screen names (tui/app.py ``STYLESHEETS``, and the
terminal's where it is needed); a screen's own are read when it first shows, parsed alone: no
screen's first push makes Textual parse the whole stylesheet again."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

from textual.screen import Screen

import tui
from tui.app import REPLAY_STYLESHEET, STYLESHEETS, TERMINAL_STYLESHEET, KotatsuApp
from tui.replay.run import ReplayApp


def screen_classes() -> list[type[Screen]]:
    for module in pkgutil.walk_packages(tui.__path__, "tui."):
        if not module.name.endswith("__main__"):  # that one runs the command line
            importlib.import_module(module.name)
    found, todo = [], list(Screen.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith("tui."):
            found.append(cls)
    return found


def own_stylesheets(cls: type[Screen]) -> set[Path]:
    """The files a screen class names, resolved as Textual resolves them (beside its module)."""
    paths = cls.CSS_PATH
    if paths is None:
        return set()
    here = Path(inspect.getfile(cls)).parent
    listed = paths if isinstance(paths, list | tuple) else [paths]
    return {(here / Path(p)).resolve() for p in listed}


def test_the_app_starts_with_the_stylesheets_no_screen_names():
    at_start = {Path(p).resolve() for p in [*STYLESHEETS, TERMINAL_STYLESHEET, REPLAY_STYLESHEET]}
    assert all(p.is_file() for p in at_start)
    classes = screen_classes()
    assert len(classes) > 10  # the lobby's, the table's, the games', the dialogs', ...
    for cls in classes:
        own = own_stylesheets(cls)
        assert all(p.is_file() for p in own), f"{cls.__qualname__} names a missing file"
        assert not own & at_start, f"{cls.__qualname__}'s own stylesheet is read at start"
    for app in (KotatsuApp, ReplayApp):
        assert app.CSS_PATH == STYLESHEETS


def test_the_terminals_rules_are_read_only_for_a_terminal_that_needs_them(monkeypatch):
    """terminal.tcss names the app's -ascii or :nocolor in every rule: an app with neither
    starts without it (Textual's CSS parser is slow), one with either with it."""
    from tui.settings import Settings

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert Path(TERMINAL_STYLESHEET) not in KotatsuApp().css_path
    assert Path(TERMINAL_STYLESHEET) in KotatsuApp(Settings(ascii_only=True)).css_path
    monkeypatch.setenv("NO_COLOR", "1")
    assert Path(TERMINAL_STYLESHEET) in KotatsuApp().css_path
    rules = [r for r in TERMINAL_STYLESHEET.read_text().splitlines() if r[:1].isalpha()]
    assert rules and all(r.startswith(("KotatsuApp.-ascii ", "KotatsuApp:nocolor ")) for r in rules)


async def test_a_results_panel_pushed_first_reads_no_stylesheet(monkeypatch):
    """The first results panel of a game is shown without the whole stylesheet read again,
    its own stylesheet read then."""
    from tui.table.panel import ResultsPanel

    app = KotatsuApp()
    async with app.run_test(size=(80, 24)) as pilot:
        reparsed = []
        monkeypatch.setattr(app.stylesheet, "reparse", lambda: reparsed.append(1))
        await app.push_screen(ResultsPanel("Round 1", [], "", final=False))
        await pilot.pause()
        assert isinstance(app.screen, ResultsPanel)
        assert reparsed == []
        assert own_stylesheets(ResultsPanel) <= {Path(p) for p, _ in app.stylesheet.source}


def test_a_games_rules_reach_only_its_own_table():
    """Read at start, a game's stylesheet applies to every screen: its id rules must name its
    screen (unscoped, SwaPo's ``#hand { display: none }`` and Mi Shi's ``#hand { height: 1fr }``
    both matched every table's hand once both had been read)."""
    games = sorted((Path(tui.__file__).parent / "games").glob("*/*.tcss"))
    assert len(games) >= 3
    for path in games:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            selectors = line.split("{")[0] if "{" in line and not line[:1].isspace() else ""
            for selector in filter(None, (s.strip() for s in selectors.split(","))):
                assert not selector.startswith("#"), f"{path.name}:{number}: {selector}"


def styled(screen: Screen) -> dict[str, tuple[str, ...]]:
    """Every node of ``screen`` (by its place) with its CSS and its component classes' looks."""
    out: dict[str, tuple[str, ...]] = {}
    for n, node in enumerate(screen.walk_children(with_self=True)):
        names = sorted(
            {c for cls in type(node).__mro__ for c in getattr(cls, "COMPONENT_CLASSES", ())}
        )
        looks = tuple(str(node.get_component_rich_style(name, partial=True)) for name in names)
        out[f"{n} {type(node).__name__}#{node.id}"] = (node.styles.css, *looks)
    return out


async def test_a_table_screen_is_styled_once_as_it_first_shows():
    """A table screen's widgets are styled as they mount, against the whole stylesheet (the
    screen's own sheets are read before it is composed); Textual's restyle of the whole
    screen when it first shows is skipped (tui/table/screen.py ``on_screen_resume``): the
    styles and the looks of every node are those a restyle gives them."""
    from tests.tui.conftest import client_app
    from tui.pilot import MemoryClient, seated

    app = client_app(MemoryClient("swapo", 4))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await seated(pilot)
        assert screen.shown, "the table screen was shown"
        before = styled(screen)
        screen.update_node_styles(animate=False)
        assert styled(screen) == before, "a restyle changes no node's styles or looks"


def parsed(css: str) -> list[tuple]:
    """The rules Textual parses from ``css``, each as what it selects and sets."""
    from textual.app import App
    from textual.css.stylesheet import Stylesheet

    sheet = Stylesheet(variables=App().get_css_variables())
    sheet.add_source(css, read_from=("test", ""))
    sheet.parse()
    return [
        (rule.selectors, repr(rule.styles.get_rules()), rule.styles.important, rule.tie_breaker)
        for rule in sheet.rules
    ]


def test_compact_stylesheets_parse_to_the_same_rules():
    """tui/tcss.py's compact drops comments and blanks only: each of our stylesheets and each
    widget's DEFAULT_CSS (the text written inside ``compact(...)``) gives the same rules both
    ways, in the same order."""
    import ast

    from tui.tcss import compact

    root = Path(tui.__file__).parent
    texts = {str(path): path.read_text(encoding="utf-8") for path in root.rglob("*.tcss")}
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "compact"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                texts[f"{path}:{node.lineno}"] = node.args[0].value
    assert sum(".py:" in where for where in texts) >= 9  # the widgets' DEFAULT_CSS
    assert sum(where.endswith(".tcss") for where in texts) >= 15
    for where, css in texts.items():
        rules = parsed(css)
        assert rules, f"{where}: no rules"
        assert parsed(compact(css)) == rules, f"{where}: compact changed the rules"
        assert len(compact(css)) < len(css), f"{where}: nothing to compact"
