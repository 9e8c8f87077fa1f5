"""A seat record's frames (docs/record.md): written as deltas, read back checked.

Version 1 kept every frame's view whole: a long Swoop or Mi Shi game's seat record was
0.4–0.6 MB, almost all of it the same view again. Version 2 keeps the first frame's view
whole and each later one as the change from the frame before (``{"delta": patch, "events"}``,
engine/delta.py); a frame may still be given whole (``{"view", "events"}``). Reading one
materializes every view (sharing what did not change with the frame before), within bounds
a hostile file cannot stretch: one frame's change holds at most ``MAX_PATCH`` values, and
all of them together may copy at most ``MAX_WORK`` values.

Each view read is then checked for what every view has (engine.base.SeatView): the record's
game and seat, its number of seats, the totals, whose turn, whether it is over. ``FrameFault``
is the refusal (``step``, a reason code of engine.record.REASONS, its parameters).
"""

from __future__ import annotations

from typing import Any

from . import delta

MAX_PATCH = 100_000
"""The most values one frame's change may hold (a real one holds tens)."""
MAX_WORK = 4_000_000
"""The most values that applying every change of a record may copy (a long real game: ~10⁵)."""


class FrameFault(Exception):
    """A frame that cannot be read: ``step`` (``frame 3``), ``code`` and ``params``."""

    def __init__(self, step: str, code: str, **params: Any) -> None:
        super().__init__(step, code, params)
        self.step, self.code, self.params = step, code, params


def encode(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Version 2 frames from whole ones: the first whole, each later one as its change."""
    out: list[dict[str, Any]] = []
    before: dict[str, Any] | None = None
    for frame in frames:
        view = frame["view"]
        change = delta.diff(before, view) if before is not None else None
        if before is None:
            out.append({"view": view, "events": frame["events"]})
        else:
            out.append({"delta": change or {}, "events": frame["events"]})
        before = view
    return out


def well_formed(frame: Any, version: int) -> bool:
    """The schema of one frame: a view (or, from version 2, a delta) and events."""
    if not isinstance(frame, dict) or not isinstance(frame.get("events"), list):
        return False
    if set(frame) == {"view", "events"}:
        return isinstance(frame["view"], dict)
    return version >= 2 and set(frame) == {"delta", "events"} and isinstance(frame["delta"], dict)


class Costed:
    """Counts what applying changes copies, against MAX_WORK."""

    def __init__(self) -> None:
        self.work = 0

    def apply(self, step: str, before: dict[str, Any], change: dict[str, Any]) -> dict:
        if not change:  # nothing changed: the same view again
            return before
        if delta.size(change) > MAX_PATCH:
            raise FrameFault(step, "huge_change", limit=MAX_PATCH)
        self.work += _copied(before, change)
        if self.work > MAX_WORK:
            raise FrameFault(step, "costly", limit=MAX_WORK)
        try:
            view = delta.apply(before, change)
        except delta.PatchError as exc:
            raise FrameFault(step, "bad_change", path=exc.path[:80]) from None
        if not isinstance(view, dict):
            raise FrameFault(step, "bad_change", path=".")
        return view


def _copied(value: Any, change: Any) -> int:
    """How many values applying ``change`` to ``value`` copies (each container on its path,
    and what it adds), counted before applying (a change that does not fit costs little)."""
    if not isinstance(change, dict) or not isinstance(value, dict | list):
        return 1
    count = len(value) + len(change.get("add") or ()) + len(change.get("set") or ())
    inner = change.get("in")
    if isinstance(inner, dict):
        for key, sub in inner.items():
            child = _child_of(value, key)
            count += _copied(child, sub) if child is not None else 1
    return count


def _child_of(value: dict | list, key: Any) -> Any:
    if isinstance(value, dict):
        return value.get(key)
    if isinstance(key, str) and key.isdecimal() and int(key) < len(value):
        return value[int(key)]
    return None


def views(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Every frame's view of a schema-checked seat record, checked (FrameFault)."""
    costed = Costed()
    out: list[dict[str, Any]] = []
    for i, frame in enumerate(record["frames"]):
        step = f"frame {i}"
        if "view" in frame:
            view = frame["view"]
        elif not out:
            raise FrameFault(step, "no_base")
        else:
            view = costed.apply(step, out[-1], frame["delta"])
        check_view(step, view, record)
        out.append(view)
    return out


def check_view(step: str, view: dict[str, Any], record: dict[str, Any]) -> None:
    """What every seat's view has (engine.base.SeatView), as the record says it."""
    seat, seats = record["seat"], record["seats"]
    seen = view.get("seat", "?")
    if seen != seat or isinstance(seen, bool):
        raise FrameFault(step, "wrong_seat", seen=str(seen)[:20], seat=str(seat))
    if view.get("seats") != seats or isinstance(view.get("seats"), bool):
        raise FrameFault(step, "impossible_view", key="seats")
    if view.get("game") != record["game"]:  # never replayed on another game's screen
        raise FrameFault(step, "impossible_view", key="game")
    if not isinstance(view.get("over"), bool):
        raise FrameFault(step, "impossible_view", key="over")
    for key in ("scores", "pending"):
        values = view.get(key)
        if not isinstance(values, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values
        ):
            raise FrameFault(step, "impossible_view", key=key)
    if len(view["scores"]) != seats:
        raise FrameFault(step, "impossible_view", key="scores")
    if not all(0 <= s < seats for s in view["pending"]):
        raise FrameFault(step, "impossible_view", key="pending")
