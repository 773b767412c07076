"""A translatable message that is rendered in the language current when it is shown."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Mark ``message`` for extraction without translating it now."""
    return message


class TranslatedError(Exception):
    """An error a user can cause; ``.message`` says why, ``str()`` in the current language."""

    def __init__(self, message: Message):
        super().__init__(message.msgid)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


@dataclass(frozen=True)
class Money:
    """An amount that a :class:`Message` formats in the current locale's currency style."""

    amount: Decimal

    def __str__(self) -> str:
        from i18n.money import format_money

        return format_money(self.amount)


@dataclass(frozen=True)
class Message:
    """A message id with named parameters; ``str()`` translates it now.

    Parameters may be plain values, :class:`Money`, or other messages (rendered in
    the same language). ``Message`` round-trips through :meth:`to_json` so a stored
    question can explain itself in any language later.
    """

    msgid: str
    params: tuple[tuple[str, Any], ...] = field(default=())

    @classmethod
    def of(cls, msgid: str, **params: Any) -> Message:
        return cls(msgid, tuple(sorted(params.items())))

    def __str__(self) -> str:
        from i18n.language import _

        values = {name: str(value) for name, value in self.params}
        return _(self.msgid).format(**values)

    def to_json(self) -> dict[str, Any]:
        return {"msgid": self.msgid, "params": {k: _param_to_json(v) for k, v in self.params}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Message:
        params = {k: _param_from_json(v) for k, v in data.get("params", {}).items()}
        return cls.of(data["msgid"], **params)


def _param_to_json(value: Any) -> Any:
    if isinstance(value, Message):
        return {"message": value.to_json()}
    if isinstance(value, Money):
        return {"money": str(value.amount)}
    if isinstance(value, int | str):
        return value
    raise TypeError(f"cannot serialise message parameter {value!r}")


def _param_from_json(value: Any) -> Any:
    if isinstance(value, dict):
        if "message" in value:
            return Message.from_json(value["message"])
        if "money" in value:
            return Money(Decimal(value["money"]))
        raise ValueError(f"unknown message parameter {value!r}")
    return value
