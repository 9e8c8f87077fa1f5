"""The plain player's lines when they come from a file or from nothing (tui/plain/typed.py):
``kotatsu --plain play swoop < moves.txt`` reads the file's lines as typed ones and leaves the
table when they end; with ``< /dev/null`` it leaves at once. The event loop cannot watch a file
(epoll refuses it): those lines are read in a thread, a pipe's and a terminal's by the loop."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import pytest

from tui.plain.typed import Typed, watchable


async def lines_of(stdin) -> list[str]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "stdin", stdin)
        typed = Typed()

        async def all_lines() -> list[str]:
            return [line async for line in typed.lines()]

        return await asyncio.wait_for(all_lines(), 10)


async def test_a_files_lines_are_read_in_turn_and_its_end_ends_them(tmp_path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("help\n7h 7d\nquit\n", encoding="utf-8")
    with moves.open() as stdin:
        assert not watchable(stdin)
        assert await lines_of(stdin) == ["help\n", "7h 7d\n", "quit\n"]
    with open(os.devnull) as stdin:
        assert not watchable(stdin)
        assert await lines_of(stdin) == []


async def test_a_pipes_lines_are_read_by_the_loop() -> None:
    read, write = os.pipe()
    os.write(write, "hand\nпас\n".encode())
    os.close(write)
    with os.fdopen(read) as stdin:
        assert watchable(stdin)
        assert await lines_of(stdin) == ["hand\n", "пас\n"]


@pytest.mark.parametrize("given", ["file", "nothing"])
def test_kotatsu_plain_plays_from_a_file_and_leaves_where_it_ends(tmp_path, given) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("help\nhand\n", encoding="utf-8")
    stdin = moves if given == "file" else os.devnull
    with open(stdin) as lines:
        done = subprocess.run(
            [sys.executable, "-m", "tui", "--plain", "play", "swoop", "--seed", "3"],
            stdin=lines,
            capture_output=True,
            text=True,
            timeout=30,
        )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    assert "Plain table" in done.stdout
    if given == "file":  # the help, then the hand, as typed
        assert "quit leaves the table" in done.stdout
        assert "In your hand (11):" in done.stdout
