"""A table's settings (net/table/settings.py): made and checked once, frozen, the journal's header,
and the headers of older journals still read."""

from __future__ import annotations

import dataclasses

import pytest

import engine
from net.table.pacing import DEFAULT_TICK
from net.table.resultswait import RESULTS_WAIT
from net.table.settings import LIMIT_NAMES, HostLimits, TableSettings
from net.wire.messages import password_key

pytestmark = pytest.mark.unit


def test_new_settings_are_complete_checked_and_frozen():
    settings = TableSettings.new("swapo", seats=5, bots=2, name="Den\x1b", password="pw")
    assert settings.bot_seats == (3, 4) and len(settings.tokens) == 5
    assert settings.name == "Den" and isinstance(settings.seed, int)
    assert settings.options["adult_talk"] is True  # every option, with its default
    verifier = settings.verifier
    assert verifier is not None and verifier["key"] == password_key("pw", verifier["salt"])
    assert "pw" not in repr(settings.header())
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.seed = 1  # type: ignore[misc]
    for wrong in (
        {"game": "nope"},
        {"game": "swapo", "bots": 9},
        {"game": "swapo", "seats": "4"},
        {"game": "swapo", "bot_seats": [7]},
        {"game": "swapo", "options": {"nonsense": 1}},
    ):
        with pytest.raises(engine.BadSetup):
            TableSettings.new(**wrong)


def test_the_header_gives_the_same_settings_back():
    settings = TableSettings.new(
        "mishi", bots=3, seed=7, level="hard", deal_tick=0.01, results_wait=0, password="x"
    )
    assert TableSettings.from_header(settings.header()) == settings


def test_older_headers_are_still_read():
    """Before bot_seats, level, deal_tick and results_wait, and with the password in clear."""
    old = {
        "game": "swoop",
        "seats": 4,
        "options": {"hands": 1},
        "seed": 3,
        "bots": 2,
        "name": "old",
        "password": "secret",
        "tokens": ["a" * 32, "b" * 32, "c" * 32, "d" * 32],
    }
    settings = TableSettings.from_header(old)
    assert settings.bot_seats == (2, 3) and settings.level == "normal"
    assert (settings.deal_tick, settings.results_wait) == (DEFAULT_TICK, RESULTS_WAIT)
    assert settings.verifier is not None
    assert settings.verifier["key"] == password_key("secret", settings.verifier["salt"])
    assert "password" not in settings.header() and "secret" not in repr(settings.header())


def test_host_limits_are_their_own_keywords():
    assert "fsync" in LIMIT_NAMES and "seed" not in LIMIT_NAMES
    assert HostLimits().handshake_timeout == 10.0 and HostLimits().bot_delay == 0.0
