"""A skill's situation: what is dealt, as frozen, typed data that is also its stored JSON.

Each skill declares its situation as a frozen dataclass subclassing :class:`Situation`
(``Skill.situation_type``); the fields are the JSON keys stored since the first version,
so an answer stored by any version reads back (``tests/questions/test_stored_situations.py``
reads a sample stored by the version before situations were typed). The UI reads the
fields as attributes; a misspelt one is the type checker's error, not a ``KeyError`` at
the table.

:meth:`Situation.from_json` reads a stored situation by the field types: a ``tuple`` from
a JSON list, a ``Decimal`` from its text, a nested dataclass from its object, an enum
from its value, ``X | None`` from ``null``. A field whose default is :data:`ABSENT` is
left out of the JSON when it is ``None`` (a key some situations never had), so that what
is written is what was read.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from decimal import Decimal
from enum import Enum
from functools import cache
from typing import Any, Self, TypeVar, Union

T = TypeVar("T")

#: The metadata of a field whose key a stored situation may lack (``None`` then).
_OPTIONAL = "absent_when_none"


def absent() -> Any:
    """A field a situation may not have: ``None`` when its key was absent, and left out
    of the JSON when ``None``."""
    return dataclasses.field(default=None, metadata={_OPTIONAL: True})


def present(value: T | None) -> T:
    """A field that this kind of situation always has (``absent()`` for the other kinds):
    one lacking it is refused, never read as nothing."""
    if value is None:
        raise ValueError("the situation lacks a field its kind always has")
    return value


@dataclasses.dataclass(frozen=True)
class Situation:
    """The base of every skill's situation (see the module's docstring)."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if value is None and field.metadata.get(_OPTIONAL):
                continue
            data[field.name] = plain(value)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return read_dataclass(cls, data)


def plain(value: Any) -> Any:
    """``value`` as JSON values: dataclasses as objects, tuples as lists, Decimals as text."""
    if isinstance(value, Situation):
        return value.to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, Mapping):
        return {key: plain(item) for key, item in value.items()}
    return value


def read_dataclass(cls: type[T], data: Mapping[str, Any]) -> T:
    """An instance of the dataclass ``cls`` from its JSON object ``data``; a key that is
    not a field, or a field without a default that is missing, is a ``ValueError``."""
    if not isinstance(data, Mapping):
        raise ValueError(f"{cls.__name__}: expected an object, not {type(data).__name__}")
    fields = {field.name: field for field in dataclasses.fields(cls)}  # type: ignore[arg-type]  # cls is a dataclass, which its type cannot say
    unknown = set(data) - set(fields)
    if unknown:
        raise ValueError(f"{cls.__name__}: unknown keys {sorted(unknown)}")
    hints = _hints(typing.cast(Any, cls))
    values = {name: read_value(hints[name], data[name]) for name in fields if name in data}
    missing = [name for name, field in fields.items() if name not in data
               and field.default is dataclasses.MISSING
               and field.default_factory is dataclasses.MISSING]
    if missing:
        raise ValueError(f"{cls.__name__}: missing keys {missing}")
    return cls(**values)


@cache
def _hints(cls: Any) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def read_value(kind: Any, value: Any) -> Any:
    """``value`` (JSON) read as the type ``kind``."""
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if kind is Any:
        return value
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        *first, last = (arg for arg in args if arg is not type(None))
        for kind in first:  # the first of the types that reads it (``int | str``)
            try:
                return read_value(kind, value)
            except ValueError:
                continue
        return read_value(last, value)
    if origin is typing.Literal:
        if value not in args:
            raise ValueError(f"{value!r} is not one of {args}")
        return value
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(read_value(args[0], item) for item in value)
        return tuple(read_value(arg, item) for arg, item in zip(args, value, strict=True))
    if origin in (dict, Mapping, typing.Mapping):
        key_kind, item_kind = args or (Any, Any)
        return {read_value(key_kind, key): read_value(item_kind, item)
                for key, item in value.items()}
    if origin is list:
        return [read_value(args[0] if args else Any, item) for item in value]
    if isinstance(kind, type):
        return _read_class(kind, value)
    return value


def _read_class(kind: type, value: Any) -> Any:
    if issubclass(kind, Situation):
        return kind.from_json(value)
    if dataclasses.is_dataclass(kind):
        return read_dataclass(kind, value)
    if issubclass(kind, Enum):
        return kind(value)
    if kind is Decimal:
        return Decimal(str(value))
    if kind is float and isinstance(value, int):
        return float(value)
    if kind in (int, str, bool, float) and not isinstance(value, kind):
        raise ValueError(f"{value!r} is not a {kind.__name__}")
    return value
