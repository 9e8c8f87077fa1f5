"""The table's parts hold no screen (issue 37 §3): each module of tui/table/ but the screen's
own is read (its source, no app run) for a part that keeps the table screen, or stands for it,
instead of owning its region as a widget or returning what it wants done.

A part of the table holds the screen when its module imports the screen's, takes a parameter
typed as a screen (``TableScreen``, Textual's ``Screen``) or a protocol standing for one, or
named ``screen``, or sets ``self.screen``. A protocol stands for the screen when it declares
what only the screen has: a name of ``TableScreen``'s own (its methods, properties and the
attributes it sets) or of Textual's ``Screen``, that the game's part (``TablePart``, which
the parts may read) does not have.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from textual.screen import Screen

pytestmark = pytest.mark.unit

TABLE = Path(__file__).parents[2] / "tui" / "table"
SCREEN_TYPES = {"TableScreen", "Screen"}


def own_names(tree: ast.Module, class_name: str) -> set[str]:
    """The names a class of ``tree`` defines: its methods and properties, what its body
    declares, and the attributes its methods set on ``self``."""
    (found,) = (n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == class_name)
    names: set[str] = set()
    for node in found.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    for node in ast.walk(found):
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            for leaf in ast.walk(target):
                if isinstance(leaf, ast.Attribute) and _is_self(leaf.value):
                    names.add(leaf.attr)
    return names


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def _parse(name: str) -> ast.Module:
    return ast.parse((TABLE / name).read_text(encoding="utf-8"))


def screen_only_names() -> set[str]:
    """What only the screen has: the table screen's own names and Textual's screen's, less
    the game's part's (a part may read the game's part)."""
    textual = {name for name in dir(Screen) if not name.startswith("__")}
    screen = own_names(_parse("screen.py"), "TableScreen") | textual
    return screen - own_names(_parse("part.py"), "TablePart")


def protocol_members(node: ast.ClassDef) -> set[str]:
    members = set()
    for item in node.body:
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
            members.add(item.name)
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            members.add(item.target.id)
    return members


def _names_in(annotation: ast.expr | None) -> set[str]:
    if annotation is None:
        return set()
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        annotation = ast.parse(annotation.value, mode="eval").body
    return {n.id for n in ast.walk(annotation) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(annotation) if isinstance(n, ast.Attribute)
    }


def holdings(source: str, standing: set[str]) -> list[str]:
    """Where a module's source keeps the screen or stands for it ([]: nowhere)."""
    tree = ast.parse(source)
    found: list[str] = []
    screen_like = set(SCREEN_TYPES)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            bases = {b.id for b in node.bases if isinstance(b, ast.Name)}
            read = protocol_members(node) & standing
            if "Protocol" in bases and read:
                found.append(f"protocol {node.name} stands for the screen ({sorted(read)})")
                screen_like.add(node.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            imported = {alias.name for alias in node.names}
            own = node.level > 0 and module.split(".")[-1] == "screen"
            if own or module == "tui.table.screen":
                found.append(f"line {node.lineno}: imports the screen's module")
            elif "TableScreen" in imported:
                found.append(f"line {node.lineno}: imports TableScreen")
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            arguments = node.args
            for arg in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]:
                typed = _names_in(arg.annotation) & screen_like
                if arg.arg == "screen" or typed:
                    why = f"typed {sorted(typed)}" if typed else "named screen"
                    found.append(f"line {node.lineno}: {node.name} takes a screen ({why})")
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                held = isinstance(target, ast.Attribute) and target.attr == "screen"
                if held and _is_self(target.value):
                    found.append(f"line {node.lineno}: sets self.screen")
    return found


def test_no_part_of_the_table_holds_the_screen_or_stands_for_it():
    standing = screen_only_names()
    assert {"prompt", "log_pane", "link", "notify", "app"} <= standing  # what a part would reach
    assert not {"look", "state", "seats", "me"} & standing  # the game's part has them too
    modules = sorted(p for p in TABLE.glob("*.py") if p.name != "screen.py")
    assert len(modules) > 20
    held = {
        p.name: found
        for p in modules
        if (found := holdings(p.read_text(encoding="utf-8"), standing))
    }
    assert held == {}


def test_the_check_finds_a_part_that_holds_the_screen():
    """The scan itself: each way of holding the screen it looks for is found."""
    standing = screen_only_names()
    held = """
from typing import Protocol
from .screen import TableScreen

class Shown(Protocol):
    me: int | None
    def draw_header(self) -> None: ...

class Part:
    def __init__(self, table: Shown, other: "TableScreen") -> None:
        self.table = table

    def tell(self, screen) -> None:
        self.screen = screen
"""
    found = holdings(held, standing)
    assert any("protocol Shown" in line for line in found)
    assert any("imports the screen's module" in line for line in found)
    assert sum("takes a screen" in line for line in found) == 3  # table, other, screen
    assert any("sets self.screen" in line for line in found)
    fine = """
from typing import Protocol

class Told(Protocol):
    def event_line(self, event: dict) -> str: ...

class Part:
    def __init__(self, seats: object, look: Told) -> None:
        self.seats = seats
"""
    assert holdings(fine, standing) == []
