"""A refused record's reason is a whole sentence in every language (issue 40 §2): the field it
names is part of the sentence, not a word glued before a fragment (``kind: は…``, ``kind:
은(는)…``, ``kind: में…`` was printed)."""

from __future__ import annotations

import re

import pytest

import lang
from engine import record_check
from engine.record_check import RecordError
from tests.engine.test_record import finished
from tui.records import refusal

pytestmark = pytest.mark.unit


def refused(record: dict) -> RecordError:
    with pytest.raises(RecordError) as caught:
        record_check.check(record)
    return caught.value


def bad_kind() -> dict:
    return dict(finished(), kind="half")


def test_every_schema_fault_names_its_field_inside_the_sentence() -> None:
    source = record_check.__loader__.get_source(record_check.__name__) or ""  # type: ignore[union-attr]
    problems = re.findall(r'_fail\([^,]+, N_\("([^"]*)"\)', source)
    assert len(problems) > 15
    assert all("{field}" in problem for problem in problems), problems
    assert str(refused(bad_kind())) == "schema: kind must be full or seat"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "schema: kind must be full or seat"),
        ("ja", "形式：kind は full（全体）か seat（席）でなければなりません"),
        ("ko", "형식: kind 필드는 full(전체) 또는 seat(자리)여야 합니다"),
        ("zh", "格式：kind 必须是 full（完整）或 seat（座位）"),
        ("hi", "ढाँचा: kind full (पूरा) या seat (सीट) होना चाहिए"),
    ],
)
def test_the_refusal_reads_as_one_sentence(code: str, said: str) -> None:
    with lang.scope(code):
        assert refusal(refused(bad_kind())) == said


@pytest.mark.parametrize(
    ("code", "step", "said"),
    [
        ("en", "schema", "schema"),
        ("en", "action 12", "action 12"),
        ("ja", "schema", "形式"),
        ("ja", "action 12", "第12手"),
        ("zh", "frame 3", "第3帧"),
        ("ko", "file", "파일"),
        ("hi", "result", "नतीजा"),
        ("ja", "something new", "something new"),  # a step not worded yet reads as it is
    ],
)
def test_the_step_is_said_in_the_readers_language(code: str, step: str, said: str) -> None:
    with lang.scope(code):
        line = refusal(RecordError(step, "result"))
    assert line.startswith(said) and "schema" not in line[len(said) :]
