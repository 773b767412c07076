"""Translations looked up at call time, so the language can change while the app runs.

The source language of every message id is English. Catalogs live in
``i18n/locale/<language>/LC_MESSAGES/messages.po`` and are built with babel
(``python -m i18n.catalogs``). The rules core and the questions return
:class:`Message` objects (a message id and its parameters); they are rendered in
whatever language is current when they are shown.
"""

from i18n.language import (
    LANGUAGES,
    _,
    current_language,
    language_name,
    locale_of,
    ngettext,
    on_language_change,
    set_language,
    speaking,
    system_language,
)
from i18n.message import (
    N_,
    NP_,
    Message,
    Moment,
    Money,
    TranslatedError,
    items_listing,
    listing,
)
from i18n.money import MoneyError, format_money, parse_money

__all__ = [
    "LANGUAGES",
    "Message",
    "Moment",
    "Money",
    "MoneyError",
    "N_",
    "NP_",
    "_",
    "current_language",
    "format_money",
    "language_name",
    "items_listing",
    "listing",
    "locale_of",
    "ngettext",
    "on_language_change",
    "parse_money",
    "set_language",
    "speaking",
    "system_language",
    "TranslatedError",
]
