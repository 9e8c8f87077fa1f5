"""Deltas between JSON values: how a seat record (format version 2, docs/record.md) keeps
each frame's view as the change from the frame before instead of whole.

Pure: JSON data in, JSON data out. A **patch** is a JSON object that changes one container
(an object or an array) into the next one; its keys, applied in this order:

- ``cut`` (array only): a length to truncate to (0 … the array's length);
- ``del`` (object only): the keys to remove;
- ``set``: ``{key: value}`` — an object's keys, or an array's indices as decimal strings
  (``"0"``, ``"12"``), replaced (or, for an object, added) whole;
- ``in``: ``{key: patch}`` — a child container changed by a patch of its own;
- ``add`` (array only): items appended.

``diff(old, new)`` gives the patch (``None`` when equal); ``apply(old, patch)`` gives the new
value without changing ``old``: what the patch does not touch is shared with it, so that a
long game's views, all kept, cost the changes only. A patch that does not fit the value it is
applied to raises ``PatchError`` with the path where it failed; ``size`` counts the values in
a patch (the reader's bound on one frame's change).
"""

from __future__ import annotations

from typing import Any

KEYS = frozenset({"cut", "del", "set", "in", "add"})


class PatchError(ValueError):
    """A patch that does not apply: ``path`` is where (``hand.3``; ``.`` the view itself)."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.path = path or "."


def diff(old: Any, new: Any) -> dict[str, Any] | None:
    """The patch that turns the container ``old`` into ``new`` (None: nothing changed).
    Both must be of one kind (two objects or two arrays): else there is no patch, and the
    caller keeps ``new`` whole."""
    if old == new:
        return None
    if isinstance(old, dict) and isinstance(new, dict):
        return _diff_object(old, new)
    if isinstance(old, list) and isinstance(new, list):
        return _diff_array(old, new)
    raise TypeError("diff needs two objects or two arrays")


def _child(patch: dict[str, Any], key: str, old: Any, new: Any) -> None:
    """Put the change of one child into ``patch``: a patch of its own where it is a
    container of the same kind and that is smaller, else the new value whole."""
    if type(old) is type(new) and isinstance(new, dict | list) and len(new) > 1:
        sub = diff(old, new)
        if sub is not None and _cheaper(sub, new):
            patch.setdefault("in", {})[key] = sub
            return
    patch.setdefault("set", {})[key] = new


def _cheaper(sub: dict[str, Any], new: Any) -> bool:
    """Whether a child's patch is worth it: it keeps at most half of the new value's items."""
    return size(sub) <= max(2, size(new) // 2)


def _diff_object(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    patch: dict[str, Any] = {}
    gone = [key for key in old if key not in new]
    if gone:
        patch["del"] = gone
    for key, value in new.items():
        if key not in old:
            patch.setdefault("set", {})[key] = value
        elif old[key] != value:
            _child(patch, key, old[key], value)
    return patch


def _diff_array(old: list[Any], new: list[Any]) -> dict[str, Any]:
    patch: dict[str, Any] = {}
    common = min(len(old), len(new))
    if len(new) < len(old):
        patch["cut"] = len(new)
    for i in range(common):
        if old[i] != new[i]:
            _child(patch, str(i), old[i], new[i])
    if len(new) > len(old):
        patch["add"] = new[len(old) :]
    return patch


def apply(old: Any, patch: Any, path: str = "") -> Any:
    """``old`` changed by ``patch`` (``old`` itself is left as it was); PatchError says where
    a patch does not fit (a key that is not there, an index out of range, an array's change
    on an object…)."""
    if not isinstance(patch, dict) or not patch or set(patch) - KEYS:
        raise PatchError(path)
    if isinstance(old, dict):
        return _apply_object(old, patch, path)
    if isinstance(old, list):
        return _apply_array(old, patch, path)
    raise PatchError(path)


def _at(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _apply_object(old: dict[str, Any], patch: dict[str, Any], path: str) -> dict[str, Any]:
    if "cut" in patch or "add" in patch:
        raise PatchError(path)
    new = dict(old)
    gone = patch.get("del", [])
    if not isinstance(gone, list):
        raise PatchError(path)
    for key in gone:
        if not isinstance(key, str) or key not in new:
            raise PatchError(_at(path, str(key)[:40]))
        del new[key]
    changes = patch.get("set", {})
    if not isinstance(changes, dict):
        raise PatchError(path)
    new.update(changes)
    inner = patch.get("in", {})
    if not isinstance(inner, dict):
        raise PatchError(path)
    for key, sub in inner.items():
        if key not in new:
            raise PatchError(_at(path, key[:40]))
        new[key] = apply(new[key], sub, _at(path, key))
    return new


def _index(key: Any, length: int, path: str) -> int:
    """An array index given as a decimal string (canonical: no sign, no leading zero)."""
    if not isinstance(key, str) or not key.isdecimal() or (key != "0" and key[0] == "0"):
        raise PatchError(_at(path, str(key)[:40]))
    index = int(key)
    if index >= length:
        raise PatchError(_at(path, key[:40]))
    return index


def _apply_array(old: list[Any], patch: dict[str, Any], path: str) -> list[Any]:
    if "del" in patch:
        raise PatchError(path)
    cut = patch.get("cut", len(old))
    if not isinstance(cut, int) or isinstance(cut, bool) or not 0 <= cut <= len(old):
        raise PatchError(_at(path, "cut"))
    new = old[:cut]
    changes, inner = patch.get("set", {}), patch.get("in", {})
    if not isinstance(changes, dict) or not isinstance(inner, dict):
        raise PatchError(path)
    for key, value in changes.items():
        new[_index(key, len(new), path)] = value
    for key, sub in inner.items():
        index = _index(key, len(new), path)
        new[index] = apply(new[index], sub, _at(path, key))
    added = patch.get("add", [])
    if not isinstance(added, list):
        raise PatchError(_at(path, "add"))
    new.extend(added)
    return new


def size(value: Any) -> int:
    """How many values ``value`` holds, itself included (an object's keys not counted)."""
    count, stack = 0, [value]
    while stack:
        item = stack.pop()
        count += 1
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return count
