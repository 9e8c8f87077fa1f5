"""engine imports nothing from net, tui or textual; net imports nothing from tui (DESIGN.md)."""

import ast
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
