"""The fast lane: ``pytest -m unit`` runs the engine, the sans-I/O table, the codec and the
decision models — no Textual app, no sockets — in seconds (README, "Two commands").

A test joins the lane with ``pytestmark = pytest.mark.unit`` (a whole file) or
``@pytest.mark.unit``. The lane is kept honest here: a unit test that opens a socket or runs
a Textual app fails, naming what it did.
"""

from __future__ import annotations

import gc
import os
import socket
import sys
import tempfile
from pathlib import Path

import pytest

# Python caches bytecode unless told not to, and some sandboxes tell it not to
# (PYTHONDONTWRITEBYTECODE): then every xdist worker rewrites every test module's asserts
# again (seconds each), and every ``kotatsu`` child the tests start compiles the project
# again. The tests cache it as Python does by default (``__pycache__`` is in .gitignore):
# before the first of the project's modules is imported here (tui/__init__.py, tui/cells.py
# and tui/collector.py were compiled again by every worker and child), and in the children
# too, which inherit the environment: what only a child imports (``python -m tui``'s
# command line, the plain front, the lobby) was compiled again by each of them, some 30-50 ms
# of every ``kotatsu`` started, and is now compiled by the first.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

from tui.collector import OLDER, YOUNG  # noqa: E402  (after the lines above)


@pytest.hookimpl(optionalhook=True)  # xdist's hook: nothing without xdist
def pytest_xdist_auto_num_workers(config) -> int | None:
    """``-n auto`` (pyproject's addopts): the fast lane (``-m unit``) only computes, so one
    worker a core; the whole suite waits on sockets, timers and screens much of the time, so
    four a core keep the cores busy. On two cores, quiet, the whole suite at 2,131 tests (its
    screen tests no longer render what nobody sees): 146-149 s at six workers with the cores
    busy only 1.7 of 2 of the time, 131-132 s at seven, 128-133 s at eight, 116-130 s at nine,
    131 s at ten and 130 s at twelve. Earlier, when each test computed a third more, six did
    best (183 s against 192 s at eight). ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still decides if
    set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own hook reads it
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cores = cores or 1
    return cores if config.getoption("markexpr", "") == "unit" else 4 * cores


# Which tests start first. xdist hands out work in the order it was collected, and the tests
# that share one xdist group (the LAN ones: "zeroconf") run one after another on one worker —
# about a minute of mostly waiting. Collected late, that chain ends the run long after the other
# workers are done; collected first, it runs beside everything else. Then the screens (the
# longest tests), then the sockets, and last the short computing tests that fill the gaps.
# The property tests (hypothesis: many games each) compute for long: they start with the screens.
# The person at every seat and the plain front's whole games (a person's pace: most of a minute
# each, mostly waiting) start before the screens: started last, one of them ended the run 50 s
# after every other worker was done. The catalogue checks (each a whole check of a catalogue
# with a fault planted) and the import hygiene (fresh interpreters) come before the short
# computing tests: last, they ended the run 20 s after the rest.
_FIRST = (
    "tests/person/",
    "tests/plain/",
    "tests/tui/",
    "tests/net/",
    "tests/browser/",
    "tests/lang/",
    "tests/test_import_hygiene.py",
)


def _start_order(item: pytest.Item) -> int:
    if item.get_closest_marker("xdist_group") is not None:
        return 0
    if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
        return 1
    path = item.nodeid
    for rank, prefix in enumerate(_FIRST, start=2):
        if path.startswith(prefix):
            return rank
    return len(_FIRST) + 2


def pytest_ignore_collect(collection_path, config) -> bool | None:
    """tests/browser is collected only when its tests are asked for (``-m browser``): its
    conftest imports the web door (aiohttp, asyncssh), Playwright and pyte, a third of a second
    of every worker's start, for tests the default run deselects."""
    asked = "browser" in config.getoption("markexpr", "").replace("not browser", "")
    if collection_path.name == "browser" and collection_path.parent.name == "tests" and not asked:
        return True
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_start_order)  # stable: within a rank, the collected order
    _computing_among_screens(items)


#: Of the short computing tests (tests/engine/, last in the order above), the share that runs
#: among the screens instead; the rest still fills the end of the run.
AMONG_SCREENS = 0.6


def _computing_among_screens(items: list[pytest.Item]) -> None:
    """The screen tests wait too (a pause, a timer, the table's bots): eight workers on them
    kept the two cores busy only 1.3-1.9 of 2 of the time, for most of a minute, while the
    engine's tests (computing only) waited for the end. Most of those now run among the
    screens, spread evenly through them (each keeps its order); the rest still come last,
    where short tests even out the workers' ends."""
    screens_rank = 2 + _FIRST.index("tests/tui/")
    last_rank = len(_FIRST) + 2
    screens = [item for item in items if _start_order(item) == screens_rank]
    computing = [
        item
        for item in items
        if _start_order(item) == last_rank and item.nodeid.startswith("tests/engine/")
    ]
    moved = computing[: int(len(computing) * AMONG_SCREENS)]
    if not screens or not moved:
        return
    taken = set(map(id, screens)) | set(map(id, moved))
    mixed: list[pytest.Item] = []
    placed = 0  # of the moved tests, how many are in ``mixed``
    for count, screen in enumerate(screens, start=1):
        mixed.append(screen)
        due = len(moved) * count // len(screens)  # as many as the screens' share so far
        mixed.extend(moved[placed:due])
        placed = due
    first = next(i for i, item in enumerate(items) if id(item) in taken)
    rest = [item for item in items if id(item) not in taken]
    items[:] = rest[:first] + mixed + rest[first:]


# Garbage, as the ``kotatsu`` process collects it (tui/collector.py): a screen test builds a
# whole app whose caches hold hundreds of thousands of objects, and CPython's own thresholds
# (700, 10, 10) then walked them all again and again — a third of a worker's time went to
# collecting. The young generation is collected after YOUNG allocations, each older one after
# OLDER collections of the one below, and what every test shares (the imports, the collected
# tests) is frozen out of the collections once collected.
gc.set_threshold(YOUNG, OLDER, OLDER)


def pytest_collection_finish(session: pytest.Session) -> None:
    _unseen_refreshes_not_prepainted()
    gc.collect()
    gc.freeze()


@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """pytest ends a worker's session with five full collections in a row (to find what an
    object that dies only then says to ``sys.unraisablehook``). A worker that drew screens
    still holds half a million objects in Textual's caches, and each collection walked them
    all: two to three seconds of every worker's CPU, all at the end of the run. One collection
    here finds what dies; what lives on is then frozen, so pytest's five walk nothing twice."""
    gc.collect()
    gc.freeze()


# What a worker would report of the snapshots nobody reads. At the end of the session syrupy
# (the snapshots' plugin) writes a report to the terminal: under xdist each worker writes its
# own to a terminal nobody sees (only the controller's is shown), and to write it, it looks for
# the snapshots this worker did not use, comparing each against every test the worker ran — a
# location made with pathlib each time: 2-3 s of every worker's CPU, all at the end of the run.
# Syrupy acts on unused snapshots only without xdist (a worker's report is not merged); a
# worker's report, once syrupy has made it, is replaced here by one with nothing to say.
class _NothingToSay:
    lines: tuple[str, ...] = ()


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return  # one process, or xdist's controller: syrupy's report is the one shown
    syrupy = getattr(session.config, "_syrupy", None)
    if getattr(syrupy, "report", None) is not None:
        syrupy.report = _NothingToSay()  # type: ignore[union-attr]


# What every app a test starts would parse again. A Textual app parses its stylesheet (every
# widget's DEFAULT_CSS, the app's .tcss) when it starts, into a cache of its own: a worker
# starts hundreds of apps, and parsed the same CSS hundreds of times (a fifth of an app's
# start, ~30 ms). The parsed rules are kept here for the whole worker, under everything the
# parse reads (the CSS, where it came from, its scope and rank, the theme's variables); the
# app gets the same rules its own parse would give (the rules are not changed once parsed).
_parsed_css: dict[tuple, list] = {}


def _css_parsed_once() -> None:
    from textual.css.stylesheet import Stylesheet

    parse = getattr(Stylesheet, "_parse_rules", None)
    if parse is None or getattr(parse, "shared", False):
        return  # another Textual: each app parses, as before

    def shared(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        variables = self._variables
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(variables.items()))
        rules = _parsed_css.get(key)
        if rules is None:
            rules = _parsed_css[key] = parse(
                self, css, read_from, is_default_rules, tie_breaker, scope
            )
        return rules

    shared.shared = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = shared  # type: ignore[method-assign]


_css_parsed_once()


# What a screen test's app paints that nobody sees. An app under ``run_test`` is headless: at
# every refresh Textual still renders the changed parts of the screen into segments, and the
# headless driver throws them away (a fifth of a screen test's CPU). What a test reads of a
# screen (``tui.pilot.screen_lines``, the snapshots, ``export_screenshot``) is rendered whole
# when it is read, from the same widgets, so every read sees what a terminal would show. The
# tests that watch the painting itself (what is repainted, and how often) are marked
# ``paints``: their apps render every refresh as a terminal's would.
_painting = {"every refresh": False}


def _unseen_refreshes_not_rendered() -> None:
    from textual._compositor import Compositor

    render_update = getattr(Compositor, "render_update", None)
    if render_update is None or getattr(render_update, "unseen", False):
        return  # another Textual: every refresh is rendered, as before

    def seen_only(self, full=False, screen_stack=None, simplify=False):
        if full or _painting["every refresh"]:
            return render_update(self, full, screen_stack, simplify)
        self._dirty_regions.clear()  # rendered whole when the screen is read
        return None

    seen_only.unseen = True  # type: ignore[attr-defined]
    Compositor.render_update = seen_only  # type: ignore[method-assign]


_unseen_refreshes_not_rendered()


def _unseen_refreshes_not_prepainted() -> None:
    """A widget that changed makes its lines ahead of the frame (tui/widgets/prepaint.py): the
    lines of a refresh the frame then does not render (above). Outside ``paints`` tests a
    change is not prepainted either (4-16 % of a table test's CPU); a read of the screen
    renders every widget whole, as it does the widgets that do not prepaint. Patched once the
    tests are collected (the tests import the app; the unit lane never loads the module)."""
    prepaint = sys.modules.get("tui.widgets.prepaint")
    changed = getattr(prepaint, "changed", None)
    if changed is None or getattr(changed, "unseen", False):
        return

    def seen_only(widget, *, repaint: bool, layout: bool, recompose: bool) -> None:
        if _painting["every refresh"]:
            changed(widget, repaint=repaint, layout=layout, recompose=recompose)

    seen_only.unseen = True  # type: ignore[attr-defined]
    prepaint.changed = seen_only  # type: ignore[union-attr]


def _parameters_counted_once() -> None:
    """Textual calls every callback with as many arguments as it takes, counted by
    ``inspect.signature`` and kept on the function; a closure made afresh each time is counted
    afresh. The Pilot's ``pause`` makes one per widget of the screen (some 20 at a table, at
    every pause: 2 % of a table test's CPU), as is a method bound afresh in a ``partial``
    (``call_after_refresh``'s). A plain function's count is its code's: kept here by its code
    object, a bound method's one fewer (a function that says it wraps another, or carries a
    signature of its own, is counted as before)."""
    from types import FunctionType, MethodType

    from textual import _callback

    count = getattr(_callback, "_count_parameters", None)
    if count is None or getattr(count, "shared", False):
        return  # another Textual: counted as before
    counted: dict[object, int] = {}

    def shared(callback):
        func, bound = callback, 0
        if type(func) is MethodType:
            func, bound = func.__func__, 1
        if type(func) is not FunctionType or hasattr(func, "__wrapped__"):
            return count(callback)
        if hasattr(func, "__signature__"):
            return count(callback)
        found = counted.get(func.__code__)
        if found is None:
            found = counted[func.__code__] = count(func)
        return found - bound if found >= bound else count(callback)

    shared.shared = True  # type: ignore[attr-defined]
    _callback._count_parameters = shared


_parameters_counted_once()


@pytest.fixture(autouse=True)
def _paints(request):
    """A test marked ``paints`` renders every refresh, as a terminal would be sent it."""
    if request.node.get_closest_marker("paints") is None:
        yield
        return
    _painting["every refresh"] = True
    try:
        yield
    finally:
        _painting["every refresh"] = False


def _old_screens_forgetters() -> list:
    """Textual keeps two method caches keyed by the object itself (up to 1,024 each): the
    painted lines of every widget a test drew (``StylesCache``) and each app's colour filter.
    Kept from test to test they held half a million objects per worker, which every full
    collection walked again; emptied after each test, the next test starts without them."""
    from textual import _styles_cache
    from textual import filter as filters

    methods = (
        getattr(_styles_cache.StylesCache, "get_inner_outer", None),
        getattr(filters.ANSIToTruecolor, "truecolor_style", None),
    )
    return [method.cache_clear for method in methods if hasattr(method, "cache_clear")]


_forget_old_screens = _old_screens_forgetters()


def pytest_runtest_teardown(item: pytest.Item) -> None:
    for forget in _forget_old_screens:
        forget()


def _refuse(what: str):
    def refused(*args, **kwargs):
        raise AssertionError(f"a unit test {what}: mark it otherwise or take that out")

    return refused


@pytest.fixture(autouse=True)
def _unit_lane_stays_unit(request, monkeypatch):
    """In a ``unit`` test: no socket is bound, connected or listened on, no app is run."""
    if request.node.get_closest_marker("unit") is None:
        return
    for method in ("bind", "connect", "connect_ex", "listen"):
        monkeypatch.setattr(socket.socket, method, _refuse(f"used socket.{method}"))
    app_module = sys.modules.get("textual.app")
    if app_module is not None:
        monkeypatch.setattr(app_module.App, "run_test", _refuse("ran a Textual app"))
        monkeypatch.setattr(app_module.App, "run", _refuse("ran a Textual app"))


@pytest.fixture(autouse=True)
def _records_elsewhere(tmp_path_factory, monkeypatch):
    """Every test keeps what kotatsu keeps — game records (net/kept/records.py), journals and kept
    seats (net/kept/journal.py, net/kept/seatstore.py), settings (tui/settings.py) — in its own
    temporary directories, never the user's; so do the processes it starts."""
    # one directory a test, named at random: pytest's numbered ones (``mktemp``) scan every
    # directory made before to number the next, so a worker's run grew quadratic in its tests
    # (1-2 ms a test by the end of a worker's 270)
    home = Path(tempfile.mkdtemp(prefix="xdg-", dir=tmp_path_factory.getbasetemp()))
    for name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(name, str(home / name.lower()))
