"""Money shown and read the way a person writes it in their language. Never float.

Amounts are :class:`decimal.Decimal` in patacas (MOP, 2 decimals). Reading accepts
what people type in the language's conventions — "1.234,50" or "1 234,50" in
Portuguese, "1,234.50" in English and Chinese, with or without "MOP$" — and
refuses anything else with a specific, translated message.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from decimal import Decimal

from babel.numbers import format_currency, get_decimal_symbol

from i18n.language import locale_of
from i18n.message import N_, Message, TranslatedError

CURRENCY = "MOP"
#: Cents: the smallest unit a croupier pays in patacas.
DECIMAL_PLACES = 2
#: More digits than any table limit; a guard against pasted garbage.
MAX_DIGITS = 12

#: (Hong Kong dollars too: a house may play HKD chips.)
_CURRENCY_MARKS = ("mop$", "mop", "hk$", "hkd", "$", "澳門元", "澳门元", "澳門幣", "港元", "港幣",
                   "patacas", "pataca", "元")
#: The spaces people put between thousands: a plain, a no-break or a thin one (never a
#: line break, a tab or another control character).
_SPACE_CHARS = " \u00a0\u202f\u2009"
_SPACES = re.compile(f"[{_SPACE_CHARS}]+")
#: Full-width forms (a Chinese keyboard's "１２３，５"), and the ideographic space, read as
#: their ASCII letters; nothing else is changed (NFKC would turn "²" or "⑩" into digits).
_FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


class MoneyError(TranslatedError, ValueError):
    """Text that is not an amount; ``str()`` gives the translated reason."""


def format_money(amount: Decimal, locale: str | None = None, currency: str = CURRENCY) -> str:
    """``amount`` as currency in ``locale`` (a language code or babel locale; default current)."""
    if not isinstance(amount, Decimal):
        raise TypeError(f"money must be Decimal, not {type(amount).__name__}")
    return _formatted(amount, locale_of(locale), currency)


@functools.lru_cache(maxsize=4096)
def _formatted(amount: Decimal, locale: str, currency: str) -> str:
    """Kept: babel takes some 0.2 ms an amount, and a table round draws hundreds of them
    (chips, bets, what was paid) at every step. Equal amounts print alike ("5" and "5.00"
    both with the currency's two decimals), so they may share an entry."""
    return format_currency(amount, currency, locale=locale)


def parse_money(text: str, locale: str | None = None) -> Decimal:
    """Read an amount typed in ``locale``; raise :class:`MoneyError` saying what is wrong."""
    decimal_sign = get_decimal_symbol(locale_of(locale))
    group_signs = {".", ","} - {decimal_sign}
    body = _strip_currency(text.translate(_FULL_WIDTH).strip())
    negative = body.startswith(("-", "−"))
    if negative:
        body = _strip_currency(body[1:].strip())
    if not body:
        raise MoneyError(Message.of(N_("Type an amount, for example {example}."),
                                    example=format_money(Decimal("1234.50"), locale)))
    if not re.fullmatch(f"[0-9.,{_SPACE_CHARS}]+", body):
        raise MoneyError(Message.of(N_("“{text}” is not an amount: use only digits, "
                                       "separators and the currency."), text=_echo(text)))
    whole, _, cents = body.partition(decimal_sign)
    if decimal_sign in cents or any(sign in cents for sign in group_signs):
        raise MoneyError(Message.of(N_("In this language the cents come after “{sign}”, "
                                       "and only once."), sign=decimal_sign))
    if _SPACES.search(cents):
        raise MoneyError(Message.of(N_("The cents must be written without spaces.")))
    if len(cents) > DECIMAL_PLACES:
        raise MoneyError(Message.of(N_("An amount has at most {places} decimal places."),
                                    places=DECIMAL_PLACES))
    digits = _whole_digits(whole.strip(), group_signs, decimal_sign)
    if not digits and not cents:
        raise MoneyError(Message.of(N_("Type the digits of the amount.")))
    if len(digits) > MAX_DIGITS:
        raise MoneyError(Message.of(N_("That amount is too large.")))
    amount = Decimal(f"{digits or '0'}.{cents}" if cents else digits)
    return -amount if negative else amount


def _echo(text: str, most: int = 40) -> str:
    """What was typed, to quote in a message: one line, control characters made visible,
    at most ``most`` characters."""
    shown = "".join("↵" if c in "\r\n" else "·" if unicodedata.category(c) == "Cc" else c
                    for c in text.strip())
    return shown if len(shown) <= most else shown[:most - 1] + "…"


def _strip_currency(text: str) -> str:
    """Drop currency marks written before or after the number ("MOP$ 50", "50 patacas"),
    one after another (in a loop: a thousand "$" cost no deeper a stack than one)."""
    while True:
        lowered = text.lower()
        for mark in _CURRENCY_MARKS:
            if lowered.startswith(mark):
                text = text[len(mark):].strip()
                break
            if lowered.endswith(mark):
                text = text[: -len(mark)].strip()
                break
        else:
            return text


def _whole_digits(whole: str, group_signs: set[str], decimal_sign: str) -> str:
    """The digits of the whole part, checking that thousands separators sit every 3 digits."""
    separators = set(re.findall(r"[^0-9]+", whole))
    if not separators:
        return whole
    normalised = {" " if _SPACES.fullmatch(s) else s for s in separators}
    if len(normalised) > 1 or not normalised <= group_signs | {" "}:
        raise MoneyError(Message.of(N_("Use one kind of thousands separator, and “{sign}” "
                                       "only before the cents."), sign=decimal_sign))
    groups = re.split(r"[^0-9]+", whole)
    if not (1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])):
        raise MoneyError(Message.of(N_("Thousands separators go every three digits; "
                                       "in this language the cents come after “{sign}”."),
                                    sign=decimal_sign))
    return "".join(groups)
