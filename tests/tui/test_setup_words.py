"""What was still English on screen: a table that cannot be made (bad seats, an unknown game
or option, a value out of range), the host's controls refusing (start now), argparse's rarer
errors. Each is a code and parameters (engine.BadSetup), worded in the player's language."""

from __future__ import annotations

import pytest

import engine
import lang
from engine.reasons import REASONS
from net.wire.reasons import problem
from tui.cli import main

LANGUAGES = ("ja", "zh", "ko", "hi")

BAD_TABLES = [
    (("nogame", 4, {}), "setup.unknown_game"),
    (("swapo", 1, {}), "setup.seats_range"),
    (("mishi", 3, {}), "setup.seats_exact"),
    (("swapo", 4, "decks=2"), "setup.options_mapping"),
    (("swapo", 4, {"nonsense": 1}), "setup.unknown_option"),
    (("swapo", 4, {"dealer_method": "dice"}), "setup.one_of"),
    (("swapo", 4, {"decks": "two"}), "setup.whole_number"),
    (("swapo", 4, {"decks": 9}), "setup.range"),
    (("swapo", 4, {"memory_only": "maybe"}), "setup.true_false"),
    (("swapo", 4, {"variant": 3}), "setup.variant_shape"),
    (("swapo", 4, {"variant": "bogus"}), "setup.unknown_variant"),
    (("swapo", 4, {"first_dealer": 7}), "setup.no_seat"),
    (("swoop", 4, {"first_player": 5}), "setup.no_seat"),
    (("swoop", 8, {"decks": 2}), "setup.too_few_decks"),
]


def bad_setup(args: tuple) -> engine.BadSetup:
    with pytest.raises(engine.BadSetup) as caught:
        engine.new_game(*args)
    return caught.value


@pytest.mark.parametrize(("args", "code"), BAD_TABLES)
def test_a_bad_table_is_a_code_with_parameters(args: tuple, code: str) -> None:
    exc = bad_setup(args)
    assert isinstance(exc, ValueError)  # callers that catch ValueError still do
    assert exc.code == code and code in REASONS
    assert str(exc) == problem(exc)  # English: the template filled
    assert "{" not in str(exc)


def test_the_english_keeps_its_words() -> None:
    assert str(bad_setup(("swapo", 4, {"nonsense": 1}))).startswith("unknown option 'nonsense'")
    assert "unknown variant 'bogus'" in str(bad_setup(("swapo", 4, {"variant": "bogus"})))
    assert str(bad_setup(("swapo", 4, {"dealer_method": "dice"}))) == (
        "option 'dealer_method': must be one of joker_draw, high_card"
    )


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize(("args", "reason"), BAD_TABLES)
def test_every_bad_table_is_worded_in_each_language(args: tuple, reason: str, code: str) -> None:
    exc = bad_setup(args)
    with lang.scope(code):
        words = problem(exc)
    assert words != str(exc) and "{" not in words
    for name, value in exc.params.items():
        if isinstance(value, int) or name in ("given", "name"):
            assert str(value) in words, (name, value, words)
        if name == "game":  # the game's title as that language writes it
            with lang.scope(code):
                assert lang._(str(value)) in words


def test_the_host_controls_refuse_in_the_players_language() -> None:
    started = engine.BadSetup("setup.started")
    few = engine.BadSetup("setup.too_few_players", n=2)
    assert str(few) == "this game needs at least 2 players"
    with lang.scope("ko"):
        assert problem(started) == "게임이 이미 시작되었습니다"
        assert problem(few) == "이 게임은 최소 2명의 플레이어가 필요합니다"
    assert problem(ValueError("plain")) == "plain"  # an uncoded error stays as it is


def test_the_command_line_says_a_bad_option_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LANGUAGE", raising=False)
    assert main(["--lang", "ja", "play", "swapo", "--option", "decks=9"]) == 2
    assert "オプション 'decks'：1〜4にしてください" in capsys.readouterr().err
    assert main(["--lang", "hi", "host", "mishi", "--headless", "--seats", "3"]) == 2
    assert "मी शी में ठीक 4 खिलाड़ी होते हैं, 3 नहीं" in capsys.readouterr().err
    lang.use("en")


@pytest.mark.parametrize(
    ("argv", "msgid"),
    [
        (["host", "swapo", "--b", "3"], "ambiguous option: %(option)s could match %(matches)s"),
        (["play", "swapo", "--ascii=yes"], "ignored explicit argument %r"),
    ],
)
def test_argparse_rarer_errors_in_the_chosen_language(
    argv: list[str], msgid: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LANGUAGE", raising=False)
    with pytest.raises(SystemExit):
        main(["--lang", "zh", *argv])
    err = capsys.readouterr().err
    template = lang.translation("zh").gettext(msgid)
    assert template != msgid and template.split("%")[0].strip() in err
    lang.use("en")
