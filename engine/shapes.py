"""A small run-time checker of TypedDict shapes: each game's declared views, events, actions
and results (``engine/<game>/types.py``). The tests prove with it that what the engine builds
has its declared shape (tests/engine/test_shapes.py); a client reads with it what a table sends,
once, where it arrives (``view``, ``events``, ``actions``: tui/table/messages.py), and refuses
what does not fit instead of meeting a surprise deep inside a screen.

``check(value, tp)`` walks ``value`` against the type ``tp`` and raises ``ShapeError`` naming
the path of the first mismatch. It knows the forms the engine's types use: ``TypedDict``
(required and optional keys, and no key it does not declare), ``Literal``, unions (``X | Y``,
``Optional``), ``list[X]``, ``None``, ``int`` (never a ``bool``), ``str``, ``bool`` and
``float`` — and it insists on exact ``str``/``int``/``list``/``dict`` types, so that nothing
but plain data (no ``StrEnum``, no tuple) reaches the wire.
"""

from __future__ import annotations

import functools
import importlib
import types
import typing
from collections.abc import Callable, Mapping
from typing import (
    Any,
    Generic,
    Literal,
    NamedTuple,
    TypeVar,
    Union,
    cast,
    get_args,
    get_origin,
    is_typeddict,
)

from .base import SeatView

T = TypeVar("T")
V = TypeVar("V")
E = TypeVar("E")
A = TypeVar("A")


class ShapeError(ValueError):
    """A value that does not have its declared shape."""


@functools.cache
def hints(td: type) -> dict[str, Any]:
    """The resolved field types of a TypedDict (its module's names resolve the strings)."""
    return typing.get_type_hints(td)


def check(value: Any, tp: Any, path: str = "$") -> None:
    """Raise ShapeError unless ``value`` has the shape ``tp`` (the fast compiled test first; on a
    mismatch the walk below finds and names it)."""
    if not fits(tp)(value):
        explain(value, tp, path)
        raise ShapeError(f"{path}: does not fit {tp!r}")  # (explain always finds the fault)


@functools.cache
def fits(tp: Any) -> Callable[[Any], bool]:
    """``tp`` compiled to a test of a value (no paths, no messages: the fast path). A test is
    a closure per type; the common forms are tested in C where Python allows it: a value of
    a plain type (or a union of plain types and None) by its type's membership of a set, a
    list of plain values by the set of its items' types, and a TypedDict's fields by a loop
    that asks a plain field's type directly (no call)."""
    plain = _plain_types(tp)
    if plain is not None:
        return lambda v: type(v) in plain
    if tp is Any:
        return lambda v: True
    origin = get_origin(tp)
    if origin is Literal:
        allowed = {(type(a), a) for a in get_args(tp)}
        kinds_ = {type(a) for a in get_args(tp)}  # hashable: str, int, bool, None
        return lambda v: type(v) in kinds_ and (type(v), v) in allowed
    if origin is Union or origin is types.UnionType:
        return _fits_union(get_args(tp))
    if origin is list:
        (item,) = get_args(tp)
        items = _plain_types(item)
        if items is not None:  # the set of the items' types, made in C
            return lambda v: type(v) is list and {*map(type, v)} <= items
        each = fits(item)
        return lambda v: type(v) is list and all(map(each, v))
    if is_typeddict(tp):
        return _fits_typeddict(tp)
    raise TypeError(f"the checker does not know the type {tp!r}")


@functools.cache
def _plain_types(tp: Any) -> frozenset[type] | None:
    """The exact types a value of ``tp`` may have when its type alone decides (``int``,
    ``str``, ``bool``, ``float``, None, and unions of them), else None."""
    if tp is None or tp is type(None):
        return frozenset([type(None)])
    if tp is int or tp is str or tp is bool:
        return frozenset([tp])
    if tp is float:
        return frozenset([int, float])
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        found: frozenset[type] = frozenset()
        for option in get_args(tp):
            each = _plain_types(option)
            if each is None:
                return None
            found |= each
        return found
    return None


def _fits_union(options: tuple[Any, ...]) -> Callable[[Any], bool]:
    """Any of ``options`` fits. TypedDicts told apart by a ``type`` Literal (the events, the
    actions): only those of the value's own ``type`` are tried, each compiled when a value of
    its type is first met (a client's first state holds a few of a game's many events)."""
    by_kind: dict[Any, list[Any]] = {}
    for option in options:
        for kind in kinds(option) if is_typeddict(option) else ():
            by_kind.setdefault(kind, []).append(option)
    if not (by_kind and all(is_typeddict(o) and kinds(o) for o in options)):
        # the plain options (None, most often) by the value's type, then the others
        plain: set[type] = set()
        for option in options:
            plain |= _plain_types(option) or set()
        others = _any([fits(o) for o in options if _plain_types(o) is None])
        return lambda v: type(v) in plain or others(v)
    of_type: dict[Any, Callable[[Any], bool]] = {}

    def test(v: Any) -> bool:
        if type(v) is not dict:
            return False
        kind = v.get("type")
        if type(kind) not in (str, int, bool):  # (nothing unhashable is looked up)
            return False
        found = of_type.get(kind)
        if found is None:
            typed = by_kind.get(kind)
            if typed is None:
                return False
            found = of_type[kind] = _any([fits(option) for option in typed])
        return found(v)

    return test


def _any(tests: list[Callable[[Any], bool]]) -> Callable[[Any], bool]:
    """A test that passes when one of ``tests`` does (the test itself when it is the one)."""
    if len(tests) == 1:
        return tests[0]
    return lambda v: any(t(v) for t in tests)


def _fits_typeddict(td: Any) -> Callable[[Any], bool]:
    required = td.__required_keys__
    fields = hints(td)
    known = fields.keys()
    exact = {}  # a field of one plain type: its type, asked directly
    tested = {}  # any other field: its test
    for key, tp in fields.items():
        plain = _plain_types(tp)
        if plain is not None and len(plain) == 1:
            (exact[key],) = plain
        else:
            tested[key] = fits(tp)

    def test(v: Any) -> bool:
        if type(v) is not dict or not required <= v.keys() <= known:
            return False
        for key, x in v.items():
            kind = exact.get(key)
            if kind is not None:
                if type(x) is not kind:
                    return False
            elif not tested[key](x):
                return False
        return True

    return test


def explain(value: Any, tp: Any, path: str) -> None:
    """The slow walk: raise ShapeError naming the path of the first mismatch."""
    if tp is Any:
        return
    if tp is None or tp is type(None):
        if value is not None:
            raise ShapeError(f"{path}: {value!r} is not None")
        return
    origin = get_origin(tp)
    if origin is Literal:
        allowed = get_args(tp)
        if not any(type(value) is type(a) and value == a for a in allowed):
            raise ShapeError(f"{path}: {value!r} is not one of {allowed}")
        return
    if origin is Union or origin is types.UnionType:
        explain_union(value, get_args(tp), path)
        return
    if origin is list:
        if type(value) is not list:
            raise ShapeError(f"{path}: {type(value).__name__} is not a list")
        (item,) = get_args(tp)
        for i, each in enumerate(value):
            explain(each, item, f"{path}[{i}]")
        return
    if is_typeddict(tp):
        explain_typeddict(value, tp, path)
        return
    if tp in (int, str, bool):
        if type(value) is not tp:  # exact: a bool is no int, a StrEnum no str
            raise ShapeError(f"{path}: {value!r} ({type(value).__name__}) is not {tp.__name__}")
        return
    if tp is float:
        if type(value) not in (int, float):
            raise ShapeError(f"{path}: {value!r} is not a number")
        return
    raise TypeError(f"{path}: the checker does not know the type {tp!r}")


def explain_typeddict(value: Any, td: type, path: str) -> None:
    if type(value) is not dict:
        raise ShapeError(f"{path}: {type(value).__name__} is not a dict ({td.__name__})")
    fields = hints(td)
    required: frozenset[str] = td.__required_keys__  # type: ignore[attr-defined]
    missing = sorted(required - value.keys())
    if missing:
        raise ShapeError(f"{path}: {td.__name__} misses {missing}")
    unknown = sorted(map(repr, value.keys() - fields.keys()))
    if unknown:
        raise ShapeError(f"{path}: {td.__name__} has no key {', '.join(unknown)}")
    for key, each in value.items():
        explain(each, fields[key], f"{path}.{key}")


def explain_union(value: Any, options: tuple[Any, ...], path: str) -> None:
    """One of ``options`` fits. Among TypedDicts told apart by a ``type`` Literal, only those
    of the value's own type are tried, so that the error names the right one."""
    if isinstance(value, dict) and "type" in value:
        same = [o for o in options if is_typeddict(o) and value["type"] in kinds(o)]
        if same:
            options = tuple(same)
    errors = []
    for option in options:
        try:
            explain(value, option, path)
        except ShapeError as exc:
            errors.append(str(exc))
        else:
            return
    raise ShapeError(errors[0] if len(errors) == 1 else " / ".join(errors))


def kinds(td: type) -> tuple[Any, ...]:
    """The values of a TypedDict's ``type`` Literal (empty if it has none): read from its
    annotation as written, resolved with the others only where it is not a ``Literal``
    (a string, under ``from __future__ import annotations``)."""
    tp = td.__annotations__.get("type")
    if get_origin(tp) is not Literal:
        tp = hints(td).get("type")
    return get_args(tp) if get_origin(tp) is Literal else ()


def members(union: Any) -> tuple[Any, ...]:
    """The alternatives of a union type (or the type itself)."""
    origin = get_origin(union)
    return get_args(union) if origin is Union or origin is types.UnionType else (union,)


def declared_kinds(union: Any) -> set[str]:
    """Every ``type`` an event or action union declares."""
    return {k for td in members(union) for k in kinds(td)}


# Each game's declared shapes, and reading what a table sends -----------------------------------


class Declared(NamedTuple):
    """A game's wire shapes, as ``engine/<game>/types.py`` declares them: its ``View``, the
    union of its events (``Event``) and of its actions (``Action``), and its ``Result``."""

    view: Any
    event: Any
    action: Any
    result: Any


def declared(game: object) -> Declared:
    """The shapes of the registered game ``game`` (its package's ``types`` module); a
    ``ShapeError`` for anything that names no game this program knows."""
    import engine  # (engine/__init__ imports no shapes: a late import, no cycle)

    if type(game) is not str or game not in engine.GAMES:
        raise ShapeError(f"$.game: {game!r} is no game this program knows")
    return _declared(game)


@functools.cache
def _declared(game: str) -> Declared:
    import engine

    cls = engine.GAMES[game]
    package = cls.__module__.rpartition(".")[0]
    found = importlib.import_module(f"{package}.types")
    return Declared(found.View, found.Event, found.Action, found.Result)


def read(value: object, tp: type[T]) -> T:
    """``value`` as the declared ``tp`` (a TypedDict), once it is checked to fit it."""
    check(value, tp)
    return cast(T, value)


def view(value: object) -> SeatView:
    """A view as a table sends it, checked against its own game's declared ``View`` (the
    game its ``game`` key names); ``ShapeError`` says what does not fit."""
    if type(value) is not dict:
        raise ShapeError(f"$: {type(value).__name__} is not a dict (a view)")
    check(value, declared(value.get("game")).view)
    return cast(SeatView, value)


def fitting(values: object, tp: Any) -> list[Mapping[str, Any]]:
    """The items of a list that fit ``tp`` (an event or action union), the rest left out."""
    test = fits(tp)
    return [v for v in values if test(v)] if type(values) is list else []


class Typed(Generic[V, E, A]):
    """What a client holds past its edge, read as one game's own ``View``, ``Event`` and
    ``Action`` types, so that mypy checks the client's reads against the engine's shapes.
    Each game declares one (``TYPED`` in engine/<game>/types.py). These only narrow the type:
    the values were checked against the same shapes where they arrived (``view``,
    ``fitting``: tui/table/messages.py), so nothing is read or copied again."""

    def view(self, view: SeatView) -> V:
        return cast(V, view)

    def event(self, event: Mapping[str, Any]) -> E:
        return cast(E, event)

    def action(self, action: Mapping[str, Any]) -> A:
        return cast(A, action)

    def actions(self, legal: list[Mapping[str, Any]]) -> list[A]:
        return cast(list[A], legal)
