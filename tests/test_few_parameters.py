"""No function of engine/, net/ or tui/ takes more than eight parameters (issue 38): one that
needs more takes the object they belong to (the table's settings, a plan, a client's way of
staying) — a setting then goes one way down, instead of being written again at every call."""

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parent.parent
MOST = 8


def parameters(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """Its parameters but ``self`` and ``cls`` (``*args`` and ``**kwargs`` count one each)."""
    given = node.args
    names = [a.arg for a in (*given.posonlyargs, *given.args, *given.kwonlyargs)]
    names += [a.arg for a in (given.vararg, given.kwarg) if a is not None]
    return [name for name in names if name not in ("self", "cls")]


def test_no_function_takes_more_than_eight_parameters():
    many = []
    for package in ("engine", "net", "tui"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    count = len(parameters(node))
                    if count > MOST:
                        where = f"{path.relative_to(ROOT)}:{node.lineno}"
                        many.append(f"{where} {node.name} ({count})")
    assert not many, "more than eight parameters: " + ", ".join(many)
