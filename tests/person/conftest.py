"""A person's tables run in their own state directories, English unless a case asks, no
animations and no NO_COLOR from the caller's shell (a case sets its own)."""

from __future__ import annotations

import pytest

import lang


@pytest.fixture(autouse=True)
def own_dirs(monkeypatch):
    # the state, config and data directories: each test's own (tests/conftest.py)
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    monkeypatch.delenv("NO_COLOR", raising=False)
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
    lang.use(lang.DEFAULT)
