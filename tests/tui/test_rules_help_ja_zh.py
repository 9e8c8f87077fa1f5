"""The rules help in Japanese and Simplified Chinese (tui/help/ja, tui/help/zh).

Each translation follows the English help's shape (same ``## `` sections), uses the game's own
terms as its glossary (docs/i18n/glossary-LANG.md) fixes them, and keeps the suit glyphs that
the ASCII mode replaces. The Korean and Hindi files have their own test
(test_rules_help_ko_hi.py)."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

import engine
from tui.rules import rules_text

ROOT = Path(__file__).resolve().parents[2]
HELP = ROOT / "tui" / "help"
GLOSSARY = ROOT / "docs" / "i18n"

GAMES = tuple(engine.GAMES)  # every registered game
LANGS = ("ja", "zh")

KEY_TERMS: dict[str, dict[str, tuple[str, ...]]] = {
    "ja": {
        "swapo": (
            "スワポ",
            "スワップ",
            "オープン",
            "ワンペア",
            "スリーカード",
            "ワイルドカード",
            "ダガー",
            "アスタリスク",
            "ロック",
            "エース",
            "宣言",
            "スタブ",
            "ハニートラップ",
            "ドロー",
            "スティール",
            "ノーゲーム",
            "サドンデス",
            "ラウンド",
            "ディーラー",
            "山札",
        ),
        "swoop": (
            "スウープ",
            "連続スウープ",
            "場",
            "捨て札",
            "ミステリーカード",
            "表向きのカード",
            "手札",
            "罰点",
            "特殊カード",
            "一律5点",
            "目標点",
            "ディール",
        ),
        "mishi": (
            "秘十",
            "亮主",
            "包牌",
            "扒起",
            "扣底",
            "抠底",
            "底札",
            "切り札",
            "親",
            "パートナー",
            "守備側",
            "トリック",
            "トラクター",
            "甩牌",
            "点札",
            "賭け倍率",
        ),
    },
    "zh": {
        "swapo": (
            "斯瓦波",
            "交换",
            "亮牌",
            "一对",  # SwaPo's pair is 对 (lang/glossary/zh.toml); 对子 is 秘十's
            "三条",
            "万能牌",
            "小丑",
            "匕首",
            "星号",
            "锁定",
            "王牌",
            "声明",
            "刺击",
            "蜜糖陷阱",
            "流局",
            "夺取",
            "骤死赛",
            "回合",
            "发牌人",
            "牌库",
        ),
        "swoop": (
            "横扫",
            "连续横扫",
            "牌堆",
            "收",
            "清掉",
            "暗牌",
            "明牌",
            "手牌",
            "罚分",
            "特殊牌",
            "统一5分",
            "目标分",
        ),
        "mishi": (
            "秘十",
            "亮主",
            "包牌",
            "扒起",
            "扣底",
            "抠底",
            "底牌",
            "主牌",
            "正主",
            "庄家",
            "对家",
            "非庄家",
            "拖拉机",
            "甩牌",
            "大王",
            "小王",
            "倍数",
        ),
    },
}

CASES = [(code, game) for code in LANGS for game in GAMES]


def key_terms(code: str, game: str) -> tuple[str, ...]:
    """The words a game's help must use: listed above, else the bold words of the game's
    section in the language's glossary (docs/i18n, headed by the game's title)."""
    listed = KEY_TERMS[code].get(game)
    if listed:
        return listed
    text = (GLOSSARY / f"glossary-{code}.md").read_text(encoding="utf-8")
    heading = f"## {engine.GAMES[game].TITLE}"
    assert heading in text, f"glossary-{code}.md has no section {heading!r}"
    section = text[text.index(heading) :].split("\n## ", 1)[0]
    return tuple(re.findall(r"\*\*(.+?)\*\*", section))


def _help(code: str, game: str) -> str:
    return (HELP / code / f"{game}.md").read_text(encoding="utf-8")


def _sections(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("## ")]


def _continuations(text: str) -> list[str]:
    """Lines that continue the line above them (a hard wrap). Markdown turns such a soft break
    into a space, which splits a Japanese or Chinese sentence in two, so the translations keep
    each paragraph and list item on one line."""
    found = []
    lines = text.splitlines()
    for prev, line in pairwise(lines):
        above, here = prev.strip(), line.strip()
        if not (above and here) or above.startswith(("#", "|")):
            continue
        if here.startswith(("- ", "#", "|")) or re.match(r"\d+\. ", here):
            continue
        found.append(line)
    return found


@pytest.mark.parametrize(("code", "game"), CASES)
def test_help_exists_and_is_substantial(code: str, game: str) -> None:
    text = _help(code, game)
    english = (HELP / f"{game}.md").read_text(encoding="utf-8")
    assert text.startswith("# ")
    # CJK text takes about half the characters of the English for the same content.
    assert len(text) > len(english) * 0.3


@pytest.mark.parametrize(("code", "game"), CASES)
def test_help_has_the_english_sections(code: str, game: str) -> None:
    english = (HELP / f"{game}.md").read_text(encoding="utf-8")
    assert len(_sections(_help(code, game))) == len(_sections(english))


@pytest.mark.parametrize(("code", "game"), CASES)
def test_help_uses_the_glossary_terms(code: str, game: str) -> None:
    text = _help(code, game)
    glossary = (GLOSSARY / f"glossary-{code}.md").read_text(encoding="utf-8")
    for term in key_terms(code, game):
        assert term in text, f"{code}/{game}.md lacks {term!r}"
        assert term in glossary, f"glossary-{code}.md lacks {term!r}"


@pytest.mark.parametrize(("code", "game"), CASES)
def test_help_keeps_suit_glyphs_and_markup(code: str, game: str) -> None:
    text = _help(code, game)
    english = (HELP / f"{game}.md").read_text(encoding="utf-8")
    for glyph in "♠♥♦♣":
        assert (glyph in text) == (glyph in english), glyph
    assert text.count("|---|") == english.count("|---|")
    assert _continuations(text) == []


@pytest.mark.parametrize(("code", "game"), CASES)
def test_help_bold_closes(code: str, game: str) -> None:
    """Every ``**`` pair is seen as bold: next to CJK punctuation a closing ``**`` needs a space
    after it (``**交换。** 每人``), else Markdown shows the stars."""
    text = _help(code, game)
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    inline = [child for token in tokens for child in token.children or ()]
    assert not [c.content for c in inline if c.type == "text" and "**" in c.content]
    assert sum(c.type == "strong_open" for c in inline) == text.count("**") // 2


@pytest.mark.parametrize(("code", "game"), CASES)
def test_rules_command_finds_the_translation(code: str, game: str) -> None:
    assert rules_text(game, code) == _help(code, game)


@pytest.mark.parametrize("code", LANGS)
def test_glossary_covers_every_game(code: str) -> None:
    glossary = (GLOSSARY / f"glossary-{code}.md").read_text(encoding="utf-8")
    for heading in ("## General", *(f"## {cls.TITLE}" for cls in engine.GAMES.values())):
        assert heading in glossary
    for english in ("seat", "host", "spectator", "bot", "lobby", "turn", "round", "pile"):
        assert f"| {english}" in glossary, english
