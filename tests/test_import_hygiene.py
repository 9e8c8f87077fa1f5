"""engine imports nothing from net, tui or textual; net imports nothing from tui, and names no
game (DESIGN.md: what a game needs from the host is part of the engine contract)."""

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parent.parent

FORBIDDEN = {
    "engine": {"net", "tui", "textual", "asyncio", "socket", "msgpack", "zeroconf", "time"},
    "net": {"tui", "textual"},
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_layers_do_not_import_upwards(package):
    for path in sorted((ROOT / package).rglob("*.py")):
        bad = imported_modules(path) & FORBIDDEN[package]
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_the_shell_names_no_game():
    """No module of net/ or of tui/ outside tui/games/ imports a game's package or names a
    game: a game's needs (a paced deal, whispers) reach the table through the engine contract
    (engine/base.py), and its words, shapes, screen and plain table through what it declares
    in its own folders (docs/adding-a-game.md)."""
    import engine

    games = set(engine.GAMES)
    paths = [*(ROOT / "net").rglob("*.py"), *(ROOT / "tui").rglob("*.py")]
    for path in sorted(paths):
        if (ROOT / "tui" / "games") in path.parents:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                parts = node.module.split(".")
                assert not set(parts) & games, f"{path.relative_to(ROOT)}: {node.module}"
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                words = set(node.value.replace("/", " ").replace(".", " ").split())
                named = words & games
                assert not named, f"{path.relative_to(ROOT)} names {sorted(named)}"


def test_engine_uses_no_global_random():
    """Games draw randomness only from their own seeded generator (self.rng)."""
    for path in sorted((ROOT / "engine").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for call in (
            "random.random(",
            "random.choice(",
            "random.shuffle(",
            "random.randint(",
            "random.sample(",
            "random.seed(",
        ):
            assert call not in text, f"{path.relative_to(ROOT)} calls the global {call}"


@pytest.fixture(scope="module")
def opened() -> dict[str, list[str]]:
    """What one process imports to open a table of one game from the command line (the last
    registered game: ``kotatsu play GAME``'s command line, its game and bots, its table's
    screen), and then every game's table screen and a lobby's question. Run apart: this
    process has imported everything already."""
    code = """
import json, sys
import engine, net.wire.client, net.doors.host, tui.app, tui.table.screen
from tui.app import KotatsuApp
from tui.cli import build_parser, prepared, table_problem
from tui.games import table_screen_for
game = list(engine.GAMES)[-1]
args = build_parser().parse_args(["play", game])
assert prepared(args) is None and table_problem(args) is None
engine.new_game(game, engine.GAMES[game].DEFAULT_SEATS, seed=1)
engine.make_bot(game, 1)
table_screen_for(game)
one = sorted(m for m in sys.modules if m.startswith(("engine.", "tui.games.")))
for name in engine.GAMES:
    table_screen_for(name)
KotatsuApp().lobbies()  # asked when a table is joined: no lobby has been shown
later = ("tui.lobby", "tui.replay", "engine.search", "multiprocessing")
later += ("concurrent.futures.process", "tui.dialogs", "tui.table.host_menu", "tui.table.panel")
later += ("net.kept.journal", "net.kept.seatstore", "tui.widgets.typed")
after = sorted(m for m in sys.modules if m.startswith(later) or m == "engine.record")
print(json.dumps({"game": game, "one": one, "later": after}))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    found: dict[str, list[str]] = json.loads(out.stdout)
    return found


def test_a_table_opened_from_the_command_line_imports_only_what_it_shows(opened):
    """``kotatsu play`` shows its table first: the lobby, the replay, the hard bots' search
    and their process pool, the dialogs, the host's menu and the results panel, what a game
    record is made of, the journal, the kept seats and the chat's input are imported when
    first needed (bench/bench_start.py times the start)."""
    assert opened["later"] == []


def test_a_table_of_one_game_imports_no_other_games_rules(opened):
    """``kotatsu play GAME`` reads its command line (every game's name, its own options), makes
    its game and bots and opens its table's screen without another game's rules or table:
    ``engine.GAMES`` imports a game when its class is first asked for (engine/lazy.py); what
    it knows of every game (its words, its round's end) is in the game's package."""
    import engine

    game = opened["game"]
    others = [name for name in engine.GAMES if name != game]
    theirs = tuple(f"{layer}.{name}" for name in others for layer in ("engine", "tui.games"))
    words = {f"engine.{name}{part}" for name in others for part in ("", ".reasons")}
    loaded = [m for m in opened["one"] if m.startswith(theirs) and m not in words]
    assert not loaded, f"a table of {game} imported {loaded}"


def test_the_table_imports_no_launcher_and_no_replay():
    """A table is given its ``Seat`` (tui/seat.py): nothing of the table, the games or the
    replay imports the launchers (tui/connect.py, with the network's opening and discovery);
    and a table opens a review by a message to the app (``ReviewGame``): the table and the
    games never import the replay."""
    banned = {"table": {"connect", "replay"}, "games": {"connect", "replay"}, "replay": {"connect"}}
    for folder, names in banned.items():
        for path in sorted((ROOT / "tui" / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module:
                    parts = node.module.split(".")
                    # tui.X absolutely; ..X from tui/<folder>/ (a game's folder is deeper)
                    deep = len(path.relative_to(ROOT / "tui").parts) - 1
                    top = parts[1:2] if node.level == 0 else parts[:1]
                    if (node.level == 0 and parts[0] != "tui") or 0 < node.level < deep + 1:
                        continue
                    assert not set(top) & names, f"{path.relative_to(ROOT)}: {node.module}"


def test_no_mixins_in_the_terminal_app():
    """Parts are composed, not mixed in (issue 37): no class of tui/ has two bases (a
    Textual widget that prepaints calls tui/widgets/prepaint.py's ``changed`` instead)."""
    for path in sorted((ROOT / "tui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(base) for base in node.bases]
                assert len(bases) <= 1, f"{path.relative_to(ROOT)}: {node.name}{tuple(bases)}"
                assert "Mixin" not in node.name, f"{path.relative_to(ROOT)}: {node.name}"


# net/'s parts (docs/design.md, "Layout"): what each may import of the others.
# The doors (the host, the LAN, SSH, the browser) may import every part; nothing but the doors
# and the command line (net/cli.py) imports a door.
NET_PARTS = {
    "table": {"table", "wire", "kept"},
    "wire": {"wire", "table", "kept"},
    "kept": {"kept", "table", "wire"},
    "doors": {"doors", "table", "wire", "kept"},
}
# The sans-I/O table and the wire's shapes open nothing: no socket, no task, no door.
NO_IO = {"asyncio", "socket", "asyncssh", "aiohttp", "zeroconf", "selectors", "ssl"}
SANS_IO = (
    "table",
    "wire/messages.py",
    "wire/codec.py",
    "wire/reasons.py",
    "wire/text.py",
    "wire/tokens.py",
)


def _net_imports(path: Path) -> set[tuple[str, ...]]:
    """The modules of net/ that ``path`` imports, as paths of names under net."""
    package = path.relative_to(ROOT / "net").parent.parts
    found: set[tuple[str, ...]] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                found.add((*base, *(node.module or "").split(".")) if node.module else base)
            elif node.module and node.module.split(".")[0] == "net":
                found.add(tuple(node.module.split(".")[1:]))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "net":
                    found.add(tuple(alias.name.split(".")[1:]))
    return {name for name in found if name and name[0]}


def test_the_parts_of_net_import_only_what_they_may():
    """Every module of net/ sits in one of its parts; a part imports only the parts it may
    (the table no door), and the table and the wire's shapes import nothing that does I/O."""
    loose = sorted(p.name for p in (ROOT / "net").glob("*.py") if p.name != "__init__.py")
    assert loose == ["cli.py"], f"modules of net/ in no part: {loose}"
    assert sorted(p.name for p in (ROOT / "net").iterdir() if p.is_dir() and p.name[0] != "_") == (
        sorted(NET_PARTS)
    )
    for part, allowed in NET_PARTS.items():
        for path in sorted((ROOT / "net" / part).rglob("*.py")):
            where = path.relative_to(ROOT)
            for name in _net_imports(path):
                assert name[0] in allowed, f"{where} imports net.{'.'.join(name)}"
            relative = path.relative_to(ROOT / "net").as_posix()
            if relative.startswith(SANS_IO):
                bad = imported_modules(path) & NO_IO
                assert not bad, f"{where} imports {sorted(bad)}: the sans-I/O table opens nothing"


def test_the_sans_io_table_loads_no_door():
    """Opening the sans-I/O table loads no door, no socket and no task machinery (a fresh
    interpreter: what the table's modules pull in, all the way down)."""
    code = (
        "import sys, json, net.table.table, net.table.rules, net.table.settings; "
        "print(json.dumps(sorted(sys.modules)))"
    )
    loaded = json.loads(subprocess.check_output([sys.executable, "-c", code], cwd=ROOT))
    doors = [m for m in loaded if m.startswith("net.doors")]
    assert not doors, f"the table loads {doors}"
    assert not set(loaded) & (NO_IO - {"selectors"}), sorted(set(loaded) & NO_IO)
