"""``kotatsu --plain`` (issue 39): whole games of every game played in a pseudo-terminal by a
real ``kotatsu`` process, typing only commands; nothing it writes holds an escape sequence
(no cursor movement, no colour, no redraw: a screen reader reads each line once)."""

from __future__ import annotations

import os

import pytest

import engine
from tests.plain.driver import ESCAPE, KEY_HINT, Player


def short(game: str) -> list[str]:
    """A game's shortest length (its length option at 1: a round, a hand, a deal, a target
    any hand reaches); a deal shown card by card with a window to declare in (秘十's) gets a
    window of 2 s instead of 8 (alone with bots): the deal's end waits for the whole window,
    whatever is typed, and a declaration typed too late is refused as any other is."""
    options = engine.GAMES[game].OPTIONS
    window = ["--option", "declare_window=2"] if "declare_window" in options else []
    return ["--option", f"{engine.GAMES[game].LENGTH_OPTION}=1", *window]


# Every registered game at its shortest, and SwaPo with all its variants at once
GAMES = [(game, short(game)) for game in engine.GAMES]
GAMES.append(("swapo", [*short("swapo"), "--option", "variant=dagger,asterisk,ace"]))


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_whole_game_is_played_by_typed_commands(game: str, options: list[str]) -> None:
    # the plain player hosts on 127.0.0.1 with bots that do not wait (kotatsu play paces them)
    player = Player(
        "host", game, "--plain", "--bind", "127.0.0.1", "--bots", "3", "--seats", "4",
        "--bot-delay", "0", "--hints", "--results-wait", "0", *options,
    )  # fmt: skip
    player.play_out(swaps="variant=dagger,asterisk,ace" not in options)  # Dagger's take positions
    assert player.quit() == 0
    assert "Game over" in player.text()
    assert not ESCAPE.search(player.raw), player.text()[-2000:]
    keys = [line for line in player.text().splitlines() if KEY_HINT.search(line)]
    assert not keys, keys[:5]  # questions name the commands that fit, never a key


def test_play_plain_against_bots_says_the_table_in_lines() -> None:
    player = Player("--plain", "play", "swoop", "--seed", "3", "--option", "hands=1")
    player.wait_for(r"^Type (.*), or help$")
    player.type("hand")
    assert player.wait_for(r"^In your hand \(\d+\): (.*)$").group(1)  # suits in words
    player.type("zz top")
    player.wait_for(r"^Not a command: zz top")
    player.wait_for(r"^Type (.*), or help$")  # what would fit, said again
    assert player.quit() == 0
    assert "♠" not in player.text() and "♥" not in player.text()
    assert not ESCAPE.search(player.raw)


def test_tab_completes_a_command_where_the_terminal_has_it() -> None:
    player = Player("--plain", "play", "swoop", "--seed", "3", "--option", "hands=1")
    player.wait_for(r"^Type (.*), or help$")
    os.write(player.fd, b"han\t\n")  # Tab completes "han" to "hand"
    assert player.wait_for(r"^In your hand \(\d+\): (.*)$").group(1)
    assert player.quit() == 0
    assert not ESCAPE.search(player.raw), player.raw[-400:]


def test_plain_with_no_table_asks_which_in_a_line() -> None:
    player = Player("--plain")
    player.type("zqz")  # typed before kotatsu takes the terminal: kept, and shown once
    player.wait_for(r"^Type a table's number to join it")
    player.wait_for(r"^Not a command: zqz")
    assert player.text().count("zqz") == 2, player.text()  # the echo and the complaint
    player.type("join 127.0.0.1:1 --password")  # a password is asked for, not shown
    player.wait_for(r"^This table asks for a password \(not shown as you type\)")
    player.type("sekrit-42")
    player.wait_for(r"Nobody is listening at 127.0.0.1:1")
    assert b"sekrit" not in player.raw
    player.type("play nothing")
    player.wait_for(r"invalid choice")  # the command line's own complaint, then asked again
    player.wait_for(r"^Type a table's number")
    player.type("play swoop --option hands=1 --seed 3")
    player.wait_for(r"^Type (.*), or help$")
    player.type("quit")  # leaves the table for the lobby
    player.wait_for(r"^You are back in the lobby")
    assert player.quit() == 0
    assert not ESCAPE.search(player.raw)
