"""The host and the sans-I/O table do not pass each other's state along (issue 38 §2): a reader
reaches the state where it lives (``host.table``, ``table.rules``, ``table.pacer``), and the
host's decisions go through one door (``Host.decide``, ``Table.decide``: net/table/decisions.py),
so a new decision or a new piece of state adds no one-line forward at each layer.

A forward is a method or property of ``Host`` or ``Table`` whose body (its docstring aside) is
one statement that only hands on another part's attribute or call — ``return self.rules.x``,
``return self.table.x(...)``, ``self.rules.x = y``, ``self._deliver(self.table.x(...))``,
``return self._output(self.rules.x(...))``. An AST scan, no sockets."""

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
CLASSES = {"net/doors/host.py": "Host", "net/table/table.py": "Table"}

ALLOWED = {
    "Host.decide",  # the one door of the host's decisions: what the table decides, delivered
    "Table.open",  # an input: a peer arrived (the rules' greeting, as the table's Output)
    "Table.play",  # an input: a move for a seat (the host's bot's answer goes through it)
}
"""The forwards there are (no more may come)."""


def handed_on(node: ast.expr) -> bool:
    """Whether ``node`` is ``self.<part>.<name>...`` or a call of it (another part's)."""
    if isinstance(node, ast.Call):
        node = node.func
    depth = 0
    while isinstance(node, ast.Attribute):
        node, depth = node.value, depth + 1
    return depth >= 2 and isinstance(node, ast.Name) and node.id == "self"


def wrapped(node: ast.expr) -> ast.expr:
    """``self._output(x)`` or ``self._deliver(x)``: ``x`` (what is wrapped is what is handed
    on); anything else as it is."""
    if (
        isinstance(node, ast.Call)
        and len(node.args) == 1
        and not node.keywords
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "self"
    ):
        return node.args[0]
    return node


def is_forward(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    if len(body) != 1:
        return False
    statement = body[0]
    if isinstance(statement, ast.Return | ast.Expr) and statement.value is not None:
        return handed_on(wrapped(statement.value))
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        return handed_on(statement.targets[0])
    return False


def forwards(path: str, name: str) -> list[str]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name]
    found = []
    for node in cls.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and is_forward(node):
            setter = any(
                isinstance(d, ast.Attribute) and d.attr == "setter" for d in node.decorator_list
            )
            found.append(f"{name}.{node.name}" + (" (setter)" if setter else ""))
    return found


def test_the_host_and_the_table_forward_no_more_than_they_need():
    found = [f for path, name in CLASSES.items() for f in forwards(path, name)]
    new = sorted(set(found) - ALLOWED)
    assert not new, (
        f"one-line forwards ({len(found)}, at most {len(ALLOWED)}): {', '.join(new)} — read the "
        "state where it lives (host.table, table.rules, table.pacer) and decide through "
        "Host.decide / Table.decide (net/table/decisions.py)"
    )
    assert len(found) <= len(ALLOWED), found


def test_the_scan_sees_a_forward():
    """The scan itself: each shape of a forward is seen, and a method with logic is not."""
    source = '''
class Table:
    @property
    def game(self):
        """The game."""
        return self.rules.game

    @game.setter
    def game(self, game):
        self.rules.game = game

    def cover(self, seat):
        return self._output(self.rules.controls.cover(seat))

    def hold(self, held):
        self._deliver(self.table.hold(held))

    def showing(self):
        return self.pacer.run is not None

    def own(self):
        return self.name

    def two(self):
        self.menu_open = True
        return self._output([])
'''
    tree = ast.parse(source)
    (cls,) = tree.body
    assert isinstance(cls, ast.ClassDef)
    seen = [n.name for n in cls.body if isinstance(n, ast.FunctionDef) and is_forward(n)]
    assert seen == ["game", "game", "cover", "hold"]
