"""A translatable message that is rendered in the language current when it is shown."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Mark ``message`` for extraction without translating it now."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - the gettext convention
    """Mark a message with a plural form for extraction, to render later with
    :meth:`Message.counted` (``Message.counted(*NP_(singular, plural), count)``)."""
    return singular, plural


class TranslatedError(Exception):
    """An error a user can cause; ``.message`` says why, ``str()`` in the current language."""

    def __init__(self, message: Message):
        super().__init__(message.msgid)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


@dataclass(frozen=True)
class Money:
    """An amount that a :class:`Message` formats in the current locale's currency style, in
    patacas unless ``currency`` says otherwise (a tray of HKD chips)."""

    amount: Decimal
    currency: str = "MOP"

    def __str__(self) -> str:
        from i18n.money import format_money

        return format_money(self.amount, currency=self.currency)


@dataclass(frozen=True)
class Moment:
    """A stored UTC timestamp that a :class:`Message` shows as this desktop's local date and
    time, in the current locale's style."""

    stamp: str

    def __str__(self) -> str:
        from datetime import datetime

        from i18n.moments import moment_text

        return moment_text(datetime.fromisoformat(self.stamp))


@dataclass(frozen=True)
class Message:
    """A message id with named parameters; ``str()`` translates it now.

    Parameters may be plain values, :class:`Money`, :class:`Moment`, or other messages
    (rendered in the same language). ``Message`` round-trips through :meth:`to_json` so a stored
    question can explain itself in any language later.

    A message made by :meth:`counted` also has a plural form and a count: it is rendered
    with ``ngettext``, which picks the form the current language needs for that count.
    """

    msgid: str
    params: tuple[tuple[str, Any], ...] = field(default=())
    plural: str | None = None
    count: int | None = None

    @classmethod
    def of(cls, msgid: str, **params: Any) -> Message:
        return cls(msgid, tuple(sorted(params.items())))

    @classmethod
    def counted(cls, singular: str, plural: str, count: int, **params: Any) -> Message:
        """A message in the form the current language needs for ``count``, which it shows
        as ``{count}``: ``Message.counted("{count} point", "{count} points", 3)``.

        The extractor picks up the two forms of a call written with string literals;
        forms kept elsewhere are marked with :func:`NP_`.
        """
        if isinstance(count, bool) or not isinstance(count, int):
            raise TypeError(f"a count is an int, not {count!r}")
        return cls(singular, tuple(sorted(params.items())), plural, count)

    def __str__(self) -> str:
        from i18n.language import _, ngettext

        values = {name: str(value) for name, value in self.params}
        if self.plural is None:
            return _(self.msgid).format(**values)
        assert self.count is not None  # counted() gives a plural only with its count
        return ngettext(self.msgid, self.plural, self.count).format(count=str(self.count),
                                                                   **values)

    def to_json(self) -> dict[str, Any]:
        params = {name: _param_to_json(value) for name, value in self.params}
        data: dict[str, Any] = {"msgid": self.msgid, "params": params}
        if self.plural is not None:
            data["plural"] = self.plural
            data["count"] = self.count
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Message:
        """Read :meth:`to_json`'s output, also as stored before messages had plurals."""
        params = {k: _param_from_json(v) for k, v in data.get("params", {}).items()}
        msgid, plural = data["msgid"], data.get("plural")
        if plural is not None:
            return cls.counted(msgid, plural, int(data["count"]), **params)
        return cls.of(msgid, **params)


def _param_to_json(value: Any) -> Any:
    if isinstance(value, Message):
        return {"message": value.to_json()}
    if isinstance(value, Money):
        if value.currency != "MOP":
            return {"money": str(value.amount), "currency": value.currency}
        return {"money": str(value.amount)}
    if isinstance(value, int | str):
        return value
    raise TypeError(f"cannot serialise message parameter {value!r}")


def _param_from_json(value: Any) -> Any:
    if isinstance(value, dict):
        if "message" in value:
            return Message.from_json(value["message"])
        if "money" in value:
            return Money(Decimal(value["money"]), str(value.get("currency", "MOP")))
        raise ValueError(f"unknown message parameter {value!r}")
    return value


def listing(labels: list[Message] | tuple[Message, ...]) -> Message:
    """Several labels in order, separated the way the current language separates a list."""
    text = Message.of(N_("(none)"))
    for index, label in enumerate(labels):
        text = label if index == 0 else Message.of(N_("{list}, {item}"), list=text, item=label)
    return text


def items_listing(labels: list[Message] | tuple[Message, ...]) -> Message:
    """Items that hold commas themselves, separated the way the language separates such
    items (a semicolon in English)."""
    text = Message.of(N_("(none)"))
    for index, label in enumerate(labels):
        text = label if index == 0 else Message.of(N_("{list}; {item}"), list=text, item=label)
    return text
