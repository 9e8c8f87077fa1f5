"""``python -m lang.catalog check`` holds (issue 40 §3): each fault the second translation review
planted in a copy of the catalogues, and each convention a glossary states, is caught — a word
inside another word, another game's word, a word the glossary rules out, a term whose game the
entry does not say, an exception that does not name its sense, placeholders and tags not kept,
a footer over its cells, ASCII punctuation in Japanese, spaced numbers in Chinese, a second
word for one sense (done, level, default)."""

from __future__ import annotations

from pathlib import Path

import pytest
from read_once import extract_once

from lang import catalog, conventions, terms

pytestmark = pytest.mark.unit

pytest.importorskip("babel")


def check(
    code: str,
    msgid: str,
    msgstr: str,
    path: str = "tui/screens/table.py",
    comments: tuple[str, ...] = (),
    auto: tuple[str, ...] = (),
    context: str | None = None,
) -> list[str]:
    from babel.messages.catalog import Catalog

    cat = Catalog(locale=code, domain="kotatsu")
    cat.add(
        msgid,
        msgstr,
        [(path, 1)],
        user_comments=list(comments),
        auto_comments=list(auto),
        context=context,
    )
    return terms.catalogue_problems(code, cat, {(msgid, context)}, known={})


def test_a_word_inside_a_longer_word_is_not_there() -> None:
    # 轮 (trick) inside 轮到 (turn); तल में रख (bury) inside तल में रखकर
    assert check("zh", "You win trick {number}", "轮到你赢第{number}把", "x/mishi.py")
    assert check("zh", "You win trick {number}", "你赢了第{number}轮", "x/mishi.py") == []
    found = check("hi", "Bury 8 cards", "तल में रखकर 8 पत्ते चुनें", "x/mishi.py")
    assert found and "'bury'" in found[0]
    assert check("hi", "Bury 8 cards", "8 पत्ते तल में रखें", "x/mishi.py") == []
    # Korean words take particles after them, not before
    assert check("ko", "Close the table?", "테이블을 닫을까요?") == []
    assert check("ko", "Close the table?", "큰테이블을 닫을까요?")


def test_another_games_word_for_the_same_sense_is_caught() -> None:
    # SwaPo's joker is 小丑; 王 is 秘十's
    (found,) = check("zh", "Take a joker", "拿走一张小丑（王）", "tui/games/swapo/x.py")
    assert "another game's word '王'" in found
    assert check("zh", "Take a joker", "拿走一张王", "tui/games/mishi/x.py") == []


def test_a_word_the_glossary_rules_out_is_caught() -> None:
    (found,) = check("ko", "Close the table?", "테이블을 닫을까요? 탁자")
    assert "'탁자'" in found and "rules out" in found
    assert check("hi", "Close the table?", "टेबल (मेज़) बंद करें?")
    assert check("zh", "you are the host", "你是桌主（主机）")


def test_an_entry_says_its_game_and_the_check_does_not_guess() -> None:
    """A hint whose file names no game: SwaPo's four of a kind is not asked of it once it
    says it is Swoop's (a context, a comment, or its reason code); unsaid, it is asked to."""
    msgid = "four {rank}s on top clear the pile: Swoop!"
    swoop = "ढेर के ऊपर चार {rank} हों तो ढेर साफ़: स्वूप!"
    found = check("hi", msgid, swoop, "engine/hints.py")
    assert found and all("say the game" in line for line in found)
    assert check("hi", msgid, swoop, "engine/hints.py", auto=("a hint (game: swoop)",)) == []
    assert check("hi", msgid, swoop, "engine/hints.py", context="swoop") == []
    swapo = "ढेर पर चार {rank} का फ़ोर कार्ड"
    assert check("hi", msgid, swapo, "engine/hints.py", context="swapo") == []
    assert check("hi", msgid, swoop, "engine/hints.py", context="swapo")


def test_the_reason_tables_say_their_game_by_their_codes() -> None:
    games = terms.reason_games()
    assert all(found <= set(terms.GAMES) for found in games.values())
    assert any(found == {"swoop"} for found in games.values())


def test_an_exception_must_name_the_sense_it_departs_from() -> None:
    (found,) = check("hi", "Close the table?", "मेज़ बंद करें?", comments=("glossary: table: x",))
    assert "does not name the sense" in found
    reason = "glossary: table: the lobby's column of tables, one word wide"
    assert check("hi", "Close the table?", "मेज़ बंद करें?", comments=(reason,)) == []


def test_placeholders_and_tags_are_kept() -> None:
    english = "%(prog)s: error: %(message)s\n"
    assert conventions.kept(english, ["%(prog)s: त्रुटि: %(message)s\n"], []) == []
    (found,) = conventions.kept(english, ["%(prog)s: त्रुटि\n"], [])
    assert "placeholders" in found
    english = "<b>Pile empty</b><dim> — the next group leads</dim>"
    (found,) = conventions.kept(english, ["<b>場が空<dim> — 次の人から</dim>"], [])
    assert "tags" in found
    assert conventions.kept("[b]{name}[/b] wins", ["[b]{name}[/b]の勝ち"], []) == []


def test_a_line_over_the_cells_its_comment_allows() -> None:
    comment = ["footer key description (add to a chain); ≤ 8 cells if you can"]
    (found,) = conventions.kept("chain", ["連続スウープ"], comment)
    assert "12 cells wide, over its 8" in found
    assert conventions.kept("chain", ["連続"], comment) == []
    # several limits in one comment (a row of column heads) is not one line's limit
    heads = ["the lobby's column heads: table (≤ 16 cells), game (≤ 14), seats (≤ 5)"]
    assert conventions.kept("table game seats", ["x" * 40], heads) == []


def test_the_conventions_each_glossary_states() -> None:
    ja = terms.glossary("ja").conventions
    zh = terms.glossary("zh").conventions
    assert conventions.style(["S 秒探す（既定：3）"], ja) == []
    assert conventions.style(["S 秒探す（既定: 3）"], ja)
    assert conventions.style(["認めますか?"], ja)
    assert conventions.style(["見直し (r) のため"], ja) == []  # a key beside, not in, the words
    assert conventions.style(["見えます(ps)"], ja)
    assert conventions.style(["还剩{count}秒", "{n}号座位"], zh) == []
    assert conventions.style(["还剩 {count} 秒"], zh)
    assert conventions.style(["必须是 1 到 16 的整数"], zh)
    assert conventions.style(["enter 发送 · /w 2 内容 说悄悄话"], zh) == []  # a command as typed
    assert conventions.style(["还剩 {count} 秒"], terms.glossary("ko").conventions) == []
    ko = terms.glossary("ko").conventions
    assert conventions.style(["{game}: 당신 차례입니다"], ko)
    assert conventions.style(["{name} 님이 자리에 앉았습니다"], ko)
    assert conventions.style(["そのあとほかの人が手を打ちました"], ja)


def test_one_word_per_sense_across_entries() -> None:
    swapo = "tui/games/swapo/screen.py"
    assert check("zh", "done", "结束", swapo) == []
    assert check("zh", "done", "完成", swapo)
    assert check("ko", "a bot has a level, a person none", "봇에는 레벨이 있고 사람에게는 없습니다")
    assert check("ja", "how well the bots play (default: normal)", "ボットの強さ（標準：normal）")
    assert check("hi", "look for S s (default: 3)", "S सेकंड खोजें (सामान्य: 3)")
    assert check("zh", "Take-backs", "悔棋")
    assert check("zh", "Take-backs", "悔牌") == []


# With the catalogue tests (tests/lang/test_catalogues.py), on their worker: the code's messages
# are read there once (read_once) for all of them, not again on each worker a fault lands on.
@pytest.mark.xdist_group("catalogues")
@pytest.mark.parametrize(
    ("code", "good", "bad"),
    [
        ("ja", 'msgstr "連続"\n', 'msgstr "連続スウープ"\n'),  # the footer's 8 cells
        ("zh", 'msgstr[0] "还剩{count}秒"', 'msgstr[0] "还剩 {count} 秒"'),
        ("hi", 'msgstr "%(prog)s: त्रुटि: %(message)s\\n"', 'msgstr "%(prog)s: त्रुटि\\n"'),
    ],
)
def test_check_fails_on_a_fault_planted_in_the_catalogue(
    code: str, good: str, bad: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    po = catalog.po_path(code).read_text(encoding="utf-8")
    assert good in po
    path = tmp_path / "kotatsu.po"
    path.write_text(po.replace(good, bad, 1), encoding="utf-8")
    monkeypatch.setattr(catalog, "po_path", lambda _code: path)
    extract_once(monkeypatch)  # the code's messages, read once per worker
    assert catalog.main(["check", code]) == 1
