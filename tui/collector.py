"""Garbage collection between frames, not during them.

CPython collects its young generation after a number of allocations, wherever they happen:
drawing a state allocates a lot, so a collection (2–4 ms for the young generation, 8–15 ms for
the middle one) kept landing inside the frame that showed a new state. A ``kotatsu`` process
(one app; not the SSH server's many) starts a ``Collector`` once it has started: what was
built while starting (Textual, the rules, the catalogues) is frozen out of every later
collection, and so is the first table screen once it is built (``settle``); automatic
collection is switched off. The app's ``collect_due()`` then does
what CPython would have done, at moments the app chooses: after the table has painted a
state, and on a timer so that nothing waits long. A collector nobody started (tests, the SSH
server) does nothing.
"""

from __future__ import annotations

import gc

__all__ = ["YOUNG", "Collector"]

YOUNG = 10_000
"""Allocations (net of frees) before the young generation is collected."""
OLDER = 10
"""Collections of a generation before the next one is collected too."""


class Collector:
    """The process's collection, owned by whoever starts it (the ``kotatsu`` command, for its
    one app) and stopped by it: ``start`` freezes and switches automatic collection off,
    ``collect_due`` collects what is due, ``stop`` gives collection back to CPython. A
    collector never started (tests, the SSH server) does nothing."""

    def __init__(self) -> None:
        self.running = False
        self.settled = False

    def start(self) -> None:
        """Freeze what exists now and take collection out of the allocator's hands."""
        gc.freeze()
        gc.disable()
        self.running = True

    def settle(self) -> None:
        """Once the process's first table screen is built: freeze what exists now too (that
        screen, the app's screens, their styles), which each later collection of the older
        generations would walk again (10-15 ms in the first frames of the table). Once only:
        a later table's freeze would keep the garbage of the tables before it for good."""
        if self.running and not self.settled:
            self.settled = True
            gc.freeze()

    def __enter__(self) -> Collector:
        """``with collector: app.run()``: started for the app's run, stopped however it ends."""
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        """CPython collects by itself again (what was frozen stays frozen)."""
        if self.running:
            self.running = False
            gc.enable()

    def collect_due(self) -> int | None:
        """Collect the generation CPython would have collected by now (None: nothing due,
        or this collector is not running). Cheap when nothing is due."""
        if not self.running or gc.isenabled():
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
