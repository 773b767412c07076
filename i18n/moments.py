"""Dates with times as every screen shows them: the locale's medium date and the time on a
24-hour clock ("2 Dec 2026, 00:00", "02/12/2026, 00:00", "2026年12月2日 00:00").

The locale's own short form was ambiguous: "02/12/2026 12:00 am" in English leaves the
reader to guess the order of day and month and whether 12 am is the night's start or end;
its medium form ("2 Dec 2026, 12:00:00 am") adds seconds nobody set. The month by name and
the 24-hour clock are read one way only.
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache

from babel import Locale
from babel.dates import format_datetime, get_date_format, get_datetime_format

from i18n.language import locale_of


def moment_pattern(language: str | None = None) -> str:
    """The CLDR pattern of a date with its time in ``language`` (default: the current one)."""
    return _pattern(locale_of(language))


@lru_cache(maxsize=16)
def _pattern(locale: str) -> str:
    hours = Locale.parse(locale).datetime_skeletons["Hm"].pattern
    # CLDR's date-and-time formats are plain "{1}, {0}" strings; babel's types also allow
    # a parsed pattern, whose str() is its text.
    return (str(get_datetime_format("medium", locale))
            .replace("{1}", get_date_format("medium", locale).pattern)
            .replace("{0}", hours))


def day_pattern(language: str | None = None) -> str:
    """The CLDR pattern of a day alone: the locale's medium date ("2 Dec 2026")."""
    return get_date_format("medium", locale_of(language)).pattern


def moment_text(moment: datetime, language: str | None = None) -> str:
    """``moment`` (aware: shown on this desktop's clock) in :func:`moment_pattern`."""
    return format_datetime(moment.astimezone(), moment_pattern(language),
                           locale=locale_of(language))
