"""``lang`` keeps no module ``global``: the process's language is an object (``Voice``) and a
context's its own (a contextvar), so a test or an app changes it without rebinding a name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import lang

pytestmark = pytest.mark.unit


def test_no_module_of_lang_rebinds_a_global():
    for path in Path(lang.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Global)]
        assert not found, f"{path.name}: global at line(s) {found}"


def test_use_sets_the_process_language_a_scope_overrides():
    before = lang.current()
    try:
        assert lang.use("ja_JP.UTF-8") == "ja" and lang.current() == "ja"
        with lang.scope("ko"):
            assert lang.current() == "ko"
        assert lang.current() == "ja"
    finally:
        lang.use(before)
