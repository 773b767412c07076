"""Checks of single values as they are stored and travel (bundles, the school server's rows,
records): ids, moments, text. Each check takes any value and says whether it is one."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

Check = Callable[[Any], bool]
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z")
_EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)


def is_int(low: int, high: int) -> Check:
    return lambda v: type(v) is int and low <= v <= high


def is_text(longest: int) -> Check:
    return lambda v: type(v) is str and 0 < len(v) <= longest and v.isprintable()


def one_of(*values: Any) -> Check:
    """Exactly one of ``values``, of the same type (``True`` is not ``1`` here)."""
    allowed = frozenset((type(x), x) for x in values)
    kinds = frozenset(type(x) for x in values)  # of hashable values only
    return lambda v: type(v) in kinds and (type(v), v) in allowed


def optional(check: Check) -> Check:
    return lambda v: v is None or check(v)


def is_uuid(value: Any) -> bool:
    return type(value) is str and _UUID.fullmatch(value) is not None


def is_stamp(value: Any) -> bool:
    """A moment that has been (this desktop's clock give or take two days)."""
    moment = _moment(value)
    return moment is not None and moment <= _latest()


def is_moment(value: Any) -> bool:
    """A moment, past or to come (an exam's opening and closing)."""
    return _moment(value) is not None


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
    if _LATEST[0] != second:
        _LATEST[:] = [second, datetime.now(UTC) + timedelta(days=2)]
    return _LATEST[1]


_LATEST: list[Any] = [None, None]
