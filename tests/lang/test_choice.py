"""Which language a player reads, and that each context (each app) keeps its own."""

from __future__ import annotations

import asyncio

import pytest

import lang

pytestmark = pytest.mark.unit


def test_normalize() -> None:
    assert lang.normalize("ja_JP.UTF-8") == "ja"
    assert lang.normalize("zh-Hans") == "zh"
    assert lang.normalize("hi_IN") == "hi"
    assert lang.normalize("ko_KR.eucKR") == "ko"
    assert lang.normalize("C") is None
    assert lang.normalize("fr_FR") is None
    assert lang.normalize(7) is None


def test_locale_order_is_gettexts() -> None:
    assert lang.from_locale({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert lang.from_locale({"LANG": "ja_JP.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"}) == "ko"
    assert lang.from_locale({"LC_ALL": "zh_CN.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"}) == "zh"
    assert lang.from_locale({"LANGUAGE": "fr:hi", "LC_ALL": "zh_CN.UTF-8"}) == "hi"
    assert lang.from_locale({"LANG": "C.UTF-8"}) is None
    assert lang.from_locale({}) is None


def test_pick_flag_then_saved_then_locale() -> None:
    env = {"LANG": "ko_KR.UTF-8"}
    assert lang.pick("ja", "zh", env) == "ja"
    assert lang.pick(None, "zh", env) == "zh"
    assert lang.pick(None, None, env) == "ko"
    assert lang.pick(None, None, {}) == "en"
    assert lang.pick("xx", None, {"LANG": "C"}) == "en"


def test_scope_is_per_context_and_reaches_later_tasks() -> None:
    async def app(code: str, seen: list[str]) -> None:
        voice = lang.set_scope(code)
        child = asyncio.ensure_future(read_later(seen))
        await asyncio.sleep(0)
        voice.code = "hi" if code == "ja" else code  # a change reaches the running child
        await child

    async def read_later(seen: list[str]) -> None:
        seen.append(lang.current())
        await asyncio.sleep(0.01)
        seen.append(lang.current())

    async def both() -> tuple[list[str], list[str]]:
        a: list[str] = []
        b: list[str] = []
        await asyncio.gather(app("ja", a), app("zh", b))
        return a, b

    a, b = asyncio.run(both())
    assert a == ["ja", "hi"]
    assert b == ["zh", "zh"]
    assert lang.current() == "en"
