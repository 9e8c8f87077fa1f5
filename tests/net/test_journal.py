"""The journal on its own: records round-trip, a torn tail is dropped, foreign files refused."""

from __future__ import annotations

import pytest

from net.kept.journal import Journal, JournalError, default_journal_dir, read_journal
from net.wire.codec import encode

pytestmark = pytest.mark.unit

HEADER = {
    "game": "toy",
    "seats": 2,
    "options": {"v": ("a", "b")},
    "seed": 7,
    "bots": 0,
    "name": "t",
    "password": None,
    "tokens": ["0" * 32, "1" * 32],
}


def test_records_round_trip_and_a_torn_tail_is_dropped(tmp_path):
    path = tmp_path / "j"
    journal = Journal.create(path, HEADER, fsync=False)
    journal.sit(0, "Ann")
    journal.bound(7717)
    journal.act(0, {"type": "play", "card": "10H", "raw": b"\x00"})
    journal.write_frame(encode({"r": "act", "seat": 1, "action": {"type": "pass"}}))
    journal.close()
    whole = path.stat().st_size
    with open(path, "ab") as torn:  # the crash hit in the middle of the next record
        torn.write(encode({"r": "act", "seat": 0, "action": {"type": "pass"}})[:-3])
    data = read_journal(path)
    assert data.header["seed"] == 7 and data.header["options"] == {"v": ["a", "b"]}
    assert data.names == {0: "Ann"} and data.port == 7717
    assert data.actions == [
        (0, {"type": "play", "card": "10H", "raw": b"\x00"}),
        (1, {"type": "pass"}),
    ]
    assert data.valid_bytes == whole
    again = Journal.reopen(path, data.valid_bytes, fsync=False)
    again.act(0, {"type": "pass"})
    again.close()
    assert read_journal(path).actions[-1] == (0, {"type": "pass"})


def test_an_existing_journal_is_never_overwritten(tmp_path):
    path = tmp_path / "j"
    Journal.create(path, HEADER, fsync=False).close()
    with pytest.raises(FileExistsError):
        Journal.create(path, HEADER, fsync=False)
    assert oct(path.stat().st_mode & 0o777) == "0o600"


@pytest.mark.parametrize("content", [b"", b"hello world", encode({"not": "a journal"})])
def test_foreign_files_are_refused(tmp_path, content):
    path = tmp_path / "x"
    path.write_bytes(content)
    with pytest.raises(JournalError):
        read_journal(path)
    with pytest.raises(JournalError):
        read_journal(tmp_path / "missing")


def test_default_place_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert default_journal_dir() == tmp_path / "kotatsu"
    monkeypatch.delenv("XDG_STATE_HOME")
    assert default_journal_dir().parts[-3:] == (".local", "state", "kotatsu")


def test_a_seat_left_before_the_start_is_free_with_a_new_token(tmp_path):
    path = tmp_path / "j"
    journal = Journal.create(path, HEADER, fsync=False)
    journal.sit(0, "Ann")
    journal.stand(0, "2" * 32)
    journal.sit(1, "Bo")
    journal.close()
    data = read_journal(path)
    assert data.names == {1: "Bo"} and data.tokens == {0: "2" * 32}
