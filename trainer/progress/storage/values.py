"""Checks of single values as they are stored and travel (bundles, the school server's rows,
records): ids, moments, text. Each check takes any value and says whether it is one.

Most also have a form for many values at once (:func:`every`): a bundle's hundred thousand
answers are checked a column at a time, in loops that run in C.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any


def utc(timestamp: str) -> datetime:
    """A moment as the store keeps it (:func:`stamp`), read back."""
    return datetime.fromisoformat(timestamp)


def stamp(moment: datetime) -> str:
    """The store's timestamp form: UTC, milliseconds, ``Z``."""
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


Check = Callable[[Any], bool]
#: A check's form for many values: whether every one of them passes (it may raise on values
#: the check refuses, which :func:`every` takes as a no).
Every = Callable[[Sequence[Any]], bool]
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z")
_EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)


def every(check: Check, values: Sequence[Any]) -> bool:
    """Whether every one of ``values`` passes ``check`` (with its form for many values if it
    has one): true only if each would pass alone; an error on the way is a no."""
    many: Every | None = getattr(check, "every", None)
    try:
        return many(values) if many is not None else all(map(check, values))
    except (TypeError, ValueError, ArithmeticError):
        return False


def batched(one: Check, many: Every) -> Check:
    """``one``, with ``many`` as its form for many values (see :func:`every`)."""
    # A function takes attributes, but its type has none: every() reads it with getattr.
    one.every = many  # type: ignore[attr-defined]
    return one


def only(values: Sequence[Any], kind: type) -> bool:
    """Whether every one of ``values`` is exactly of type ``kind`` (no subclass)."""
    return set(map(type, values)) <= {kind}


def _between(values: Sequence[Any], low: Any, high: Any) -> bool:
    return not values or (low <= min(values) and max(values) <= high)


def is_int(low: int, high: int) -> Check:
    return batched(lambda v: type(v) is int and low <= v <= high,
                   lambda vs: only(vs, int) and _between(vs, low, high))


def is_text(longest: int) -> Check:
    def many(values: Sequence[Any]) -> bool:
        if not only(values, str):
            return False
        distinct = set(values)  # each different text once (see matches)
        return (_between(list(map(len, distinct)), 1, longest)
                and all(map(str.isprintable, distinct)))
    return batched(lambda v: type(v) is str and 0 < len(v) <= longest and v.isprintable(), many)


def one_of(*values: Any) -> Check:
    """Exactly one of ``values``, of the same type (``True`` is not ``1`` here)."""
    allowed = frozenset((type(x), x) for x in values)
    kinds = frozenset(type(x) for x in values)  # of hashable values only
    return batched(lambda v: type(v) in kinds and (type(v), v) in allowed,
                   lambda vs: set(map(type, vs)) <= kinds
                   and set(zip(map(type, vs), vs, strict=True)) <= allowed)


def optional(check: Check) -> Check:
    return batched(lambda v: v is None or check(v),
                   lambda vs: every(check, [v for v in vs if v is not None]))


def matches(pattern: re.Pattern[str]) -> Every:
    """Whether every one of some values is text that ``pattern`` matches whole (each
    different text once: a bundle's answers name a few trainees and skills many times)."""
    return lambda vs: only(vs, str) and all(map(pattern.fullmatch, set(vs)))


def is_uuid(value: Any) -> bool:
    return type(value) is str and _UUID.fullmatch(value) is not None


def is_stamp(value: Any) -> bool:
    """A moment that has been (this desktop's clock give or take two days)."""
    moment = _moment(value)
    return moment is not None and moment <= _latest()


def is_moment(value: Any) -> bool:
    """A moment, past or to come (an exam's opening and closing)."""
    return _moment(value) is not None


def _moments(values: Sequence[Any], latest: datetime | None) -> bool:
    """Whether every one of ``values`` is a moment from 2000 on, and up to ``latest``."""
    if not matches(_STAMP)(values):
        return False
    moments = list(map(datetime.fromisoformat, values))  # ValueError: not every one is
    return not moments or (_EARLIEST <= min(moments)
                           and (latest is None or max(moments) <= latest))


batched(is_uuid, matches(_UUID))
batched(is_stamp, lambda vs: _moments(vs, _latest()))
batched(is_moment, lambda vs: _moments(vs, None))


def _moment(value: Any) -> datetime | None:
    """The moment a stored timestamp says, if it is one, from 2000 on."""
    if type(value) is not str or not _STAMP.fullmatch(value):
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment if moment >= _EARLIEST else None


def _latest() -> datetime:
    """The latest moment a stamp may be (two days from now: clocks differ), asked of the
    clock at most once a second (a bundle holds a million stamps)."""
    second = int(time.monotonic())
    if _LATEST.second != second:
        _LATEST.second, _LATEST.moment = second, datetime.now(UTC) + timedelta(days=2)
    return _LATEST.moment


@dataclass
class _Latest:
    """The latest moment a stamp may be, and the clock's second it was worked out in."""

    second: int
    moment: datetime


_LATEST = _Latest(-1, _EARLIEST)
