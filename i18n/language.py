"""The current language: gettext lookups at call time and the switch between languages."""

from __future__ import annotations

import contextlib
import gettext
import os
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from pathlib import Path

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "messages"

#: The three languages the trainer ships, in menu order.
LANGUAGES: tuple[str, ...] = ("pt_MO", "zh_Hant_MO", "en")

#: Each language's own name, shown untranslated so anyone can find their language.
_NATIVE_NAMES = {"pt_MO": "Português", "zh_Hant_MO": "中文（繁體）", "en": "English"}

#: The babel locale used for numbers and money in each language (English as used in Macau).
_FORMAT_LOCALES = {"pt_MO": "pt_MO", "zh_Hant_MO": "zh_Hant_MO", "en": "en_MO"}

_translations: dict[str, gettext.NullTranslations] = {}
_listeners: list[Callable[[str], None]] = []
_current = "en"
#: A language for this thread (or task) only, set by :func:`speaking`: a report written in a
#: worker thread must not change the language of the window, nor the window's its.
_speaking: ContextVar[str | None] = ContextVar("speaking", default=None)


def _translation(language: str) -> gettext.NullTranslations:
    if language not in _translations:
        _translations[language] = gettext.translation(
            DOMAIN, LOCALE_DIR, languages=[language], fallback=language == "en"
        )
    return _translations[language]


def _(message: str) -> str:
    """Translate ``message`` into the language current at the time of the call."""
    return _translation(_speaking.get() or _current).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message with a plural form, chosen by ``n`` in the current language."""
    return _translation(_speaking.get() or _current).ngettext(singular, plural, n)


def current_language() -> str:
    """The language ``_()`` translates into here: this thread's own, or the app's."""
    return _speaking.get() or _current


@contextlib.contextmanager
def speaking(language: str) -> Iterator[str]:
    """Translate into ``language`` in this thread for the duration of the block, without
    switching the app's language or telling the listeners."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; expected one of {LANGUAGES}")
    _translation(language)
    token = _speaking.set(language)
    try:
        yield language
    finally:
        _speaking.reset(token)


def locale_of(language: str | None = None) -> str:
    """The babel locale for numbers and money in ``language`` (default: the current one).

    A babel locale name that is not one of our languages passes through unchanged.
    """
    language = language or current_language()
    return _FORMAT_LOCALES.get(language, language)


def language_name(language: str) -> str:
    return _NATIVE_NAMES[language]


def set_language(language: str) -> None:
    """Switch every later ``_()`` call to ``language`` and tell the listeners."""
    global _current
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; expected one of {LANGUAGES}")
    _translation(language)  # fail now, not at the first lookup, if a catalog is missing
    _current = language
    for listener in list(_listeners):
        listener(language)


def on_language_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(language)`` after every :func:`set_language`."""
    _listeners.append(listener)


def system_language(environ: dict[str, str] | None = None) -> str:
    """The shipped language closest to the user's system settings (English otherwise)."""
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in env.get(variable, "").split(":"):
            prefix = part[:2].lower()
            if prefix == "zh":
                return "zh_Hant_MO"
            if prefix == "pt":
                return "pt_MO"
            if prefix == "en":
                return "en"
    return "en"
