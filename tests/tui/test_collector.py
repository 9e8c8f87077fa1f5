"""Garbage is collected between frames: tui/collector.py."""

from __future__ import annotations

import gc
import weakref

import pytest

from tui import collector as collection
from tui.collector import Collector

pytestmark = pytest.mark.unit


@pytest.fixture
def collector():
    """A collector never started, as tests and the SSH server have it."""
    return Collector()


@pytest.fixture
def steady(collector):
    """The collector as a ``kotatsu`` process has it; the test process's own GC after."""
    thresholds = gc.get_threshold()
    collector.start()
    try:
        yield collector
    finally:
        collector.stop()
        assert gc.isenabled()
        gc.unfreeze()
        gc.set_threshold(*thresholds)
        gc.collect()  # and what lives on is frozen again, as tests/conftest.py has it
        gc.freeze()


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only a collection frees it


def test_nothing_due_in_an_ordinary_process(collector) -> None:
    """Tests and the SSH server keep CPython's own collection."""
    assert gc.isenabled()
    assert collector.collect_due() is None


def test_no_collection_while_allocating(steady) -> None:
    """Steady: the allocator never collects; garbage waits for ``collect_due``."""
    assert not gc.isenabled()
    node = Node()
    ref = weakref.ref(node)
    del node
    for _ in range(3 * collection.YOUNG):
        Node().me = None  # allocations that would have set off a young collection
    assert ref() is not None


def test_due_collection_frees_cycles(steady) -> None:
    node = Node()
    ref = weakref.ref(node)
    del node
    assert steady.collect_due() is None or ref() is None  # maybe nothing due yet
    keep = [[] for _ in range(collection.YOUNG + 100)]  # tracked objects: the young count
    assert steady.collect_due() == 0
    assert ref() is None
    assert steady.collect_due() is None  # and now nothing is due
    del keep


def test_older_generations_in_turn(steady) -> None:
    """The middle generation is collected after more than OLDER young collections, as
    CPython itself would."""
    gc.collect(1)  # a known start: the middle generation's count is 0
    generations = []
    while 1 not in generations and len(generations) < 2 * collection.OLDER:
        keep = [[] for _ in range(collection.YOUNG + 100)]
        generations.append(steady.collect_due())
        del keep
    assert generations == [0] * (collection.OLDER + 1) + [1]


def test_the_hard_bots_workers_collect_for_themselves(steady) -> None:
    """A thinking worker forked from a steady process would inherit its collector switched
    off, with nobody there to collect between frames: the worker switches it back on."""
    from concurrent.futures import ProcessPoolExecutor

    from net.doors.hostbots import _worker_start

    with ProcessPoolExecutor(max_workers=1, initializer=_worker_start) as pool:
        assert pool.submit(gc.isenabled).result(timeout=30) is True
    assert not gc.isenabled()  # and this process is left as it was


def test_the_first_table_is_frozen_out_once(steady) -> None:
    """``settle`` (the first table screen built) freezes what exists then; a later table's
    settle freezes nothing, so the garbage of the tables before it is still collected."""
    built = [Node() for _ in range(20)]
    before = gc.get_freeze_count()
    steady.settle()
    assert gc.get_freeze_count() >= before + len(built)
    frozen = gc.get_freeze_count()
    node = Node()
    gone = weakref.ref(node)
    del node
    steady.settle()
    # nothing more frozen (the count may still fall: a frozen object whose last reference
    # goes, e.g. an earlier test's, is freed all the same)
    assert gc.get_freeze_count() <= frozen
    steady.collect_due()
    gc.collect()
    assert gone() is None


def test_a_collector_never_started_freezes_nothing(collector) -> None:
    before = gc.get_freeze_count()
    collector.settle()
    assert gc.get_freeze_count() <= before  # nothing frozen (frozen objects may still go)
