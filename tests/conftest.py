"""Every test keeps its game records in its own temporary data directory, never the user's."""

import pytest


@pytest.fixture(autouse=True)
def _records_elsewhere(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))
