"""Garbage collection between frames, not during them.

CPython collects its young generation after a number of allocations, wherever they happen:
drawing a state allocates a lot, so a collection (2–4 ms for the young generation, 8–15 ms for
the middle one) kept landing inside the frame that showed a new state. A ``kotatsu`` process
(one app; not the SSH server's many) calls ``steady()`` once it has started: what was built
while starting (Textual, the rules, the catalogues) is frozen out of every later collection,
and automatic collection is switched off. ``collect_due()`` then does what CPython would have
done, at moments the app chooses: after the table has painted a state, and on a timer so
that nothing waits long. In any other process (tests, the SSH server) it does nothing.
"""

from __future__ import annotations

import gc

__all__ = ["YOUNG", "collect_due", "steady"]

YOUNG = 10_000
"""Allocations (net of frees) before the young generation is collected."""
OLDER = 10
"""Collections of a generation before the next one is collected too."""

_steady = False


def steady() -> None:
    """Freeze what exists now and take collection out of the allocator's hands."""
    global _steady
    gc.freeze()
    gc.disable()
    _steady = True


def collect_due() -> int | None:
    """Collect the generation CPython would have collected by now (None: nothing due, or
    automatic collection is on). Cheap when nothing is due."""
    if not _steady or gc.isenabled():
        return None
    young, middle, old = gc.get_count()
    if old > OLDER:
        generation = 2
    elif middle > OLDER:
        generation = 1
    elif young > YOUNG:
        generation = 0
    else:
        return None
    gc.collect(generation)
    return generation
