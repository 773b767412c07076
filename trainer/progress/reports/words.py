"""Numbers, dates and labels of a report in the reader's language and locale (babel).

Used by the CSV writer here and by the PDF drawn in ``ui/``, so both say the same thing.
Formatting is cached: the export of a million attempts formats each distinct value once.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from datetime import date, datetime
from decimal import Decimal
from functools import lru_cache

from babel.dates import format_date, format_skeleton
from babel.numbers import format_decimal, format_percent
from babel.units import format_unit

import i18n
from i18n import N_, Message
from trainer.progress.learning.mastery import MasteryLevel
from trainer.progress.reports.figures import game_name
from trainer.progress.reports.period import Period

#: What the rendering functions need to name a skill: its title, if the caller knows it.
SkillTitles = Mapping[str, Message]


@contextlib.contextmanager
def in_language(language: str | None) -> Iterator[str]:
    """Render messages in ``language`` for the duration of the block, in this thread only
    (a report written by a worker leaves the window's language alone)."""
    with i18n.speaking(language or i18n.current_language()) as chosen:
        yield chosen


@lru_cache(maxsize=4096)
def percent(value: Decimal | None, language: str) -> str:
    if value is None:
        return ""
    return format_percent(value, format="#,##0.0%", locale=i18n.locale_of(language))


@lru_cache(maxsize=200_000)
def seconds(ms: int | None, language: str) -> str:
    """A response time in seconds with one decimal (``ms`` as stored)."""
    if ms is None:
        return ""
    value = (Decimal(ms) / 1000).quantize(Decimal("0.1"))
    return format_decimal(value, format="#,##0.0", locale=i18n.locale_of(language))


def hours(ms: int, language: str) -> str:
    value = (Decimal(ms) / 3_600_000).quantize(Decimal("0.1"))
    return format_decimal(value, format="#,##0.0", locale=i18n.locale_of(language))


def minutes(ms: int, language: str) -> str:
    """A time answering in minutes with one decimal (``ms`` as stored): the CSV report's
    column, one unit for every row, in which a few answers are not "0.0" (as in hours)."""
    value = (Decimal(ms) / 60_000).quantize(Decimal("0.1"))
    return format_decimal(value, format="#,##0.0", locale=i18n.locale_of(language))


#: Milliseconds in an hour: a time answering under it is said in minutes.
HOUR_MS = 3_600_000


def time_spent(ms: int, language: str) -> str:
    """A time answering in words, with one decimal: minutes under an hour ("1.9 minutes";
    a few answers are not "0.0 hours"), hours from an hour on ("2.5 hours")."""
    if ms < HOUR_MS:
        value, unit = Decimal(ms) / 60_000, "duration-minute"
    else:
        value, unit = Decimal(ms) / HOUR_MS, "duration-hour"
    return format_unit(value.quantize(Decimal("0.1")), unit, length="long", format="#,##0.0",
                       locale=i18n.locale_of(language))


@lru_cache(maxsize=4096)
def number(value: int | Decimal, language: str) -> str:
    """A count in the language's locale (a desk's table shows hundreds of them)."""
    return format_decimal(value, locale=i18n.locale_of(language))


@lru_cache(maxsize=4096)
def day(value: date, language: str) -> str:
    return format_date(value, format="medium", locale=i18n.locale_of(language))


@lru_cache(maxsize=4096)
def short_day(value: date, language: str) -> str:
    """Day and month only, for the labels of a chart."""
    return format_skeleton("MMMd", value, locale=i18n.locale_of(language))


def local_day(timestamp: str | None, language: str) -> str:
    """The desktop's local date of a stored UTC timestamp."""
    if not timestamp:
        return ""
    return day(datetime.fromisoformat(timestamp).astimezone().date(), language)


def period_text(period: Period | None, language: str) -> str:
    """The days a report covers, in words: every day, from one day on, until one, or both."""
    if period is None or not period.bounded:
        return str(Message.of(N_("Covers every day with answers.")))
    if period.last is None:
        return str(Message.of(N_("Covers the days from {first} on."),
                              first=day(period.first, language)))
    if period.first is None:
        return str(Message.of(N_("Covers the days until {last}."),
                              last=day(period.last, language)))
    return str(Message.of(N_("Covers {first} to {last} (both included)."),
                          first=day(period.first, language), last=day(period.last, language)))


def skill_label(skill: str, titles: SkillTitles | None) -> str:
    title = (titles or {}).get(skill)
    return str(title) if title is not None else skill


def without_game(title: str) -> str:
    """A skill's title without its game's name before it ("13-card game: naturals" →
    "naturals"), where a grid's column group says the game."""
    for separator in (": ", "："):
        _game, found, rest = title.partition(separator)
        if found and rest:
            return rest
    return title


def game_label(game: str) -> str:
    return str(game_name(game))


def level_label(level: MasteryLevel | None) -> str:
    return str(level.label) if level else ""


#: A skill's state in the class grid, in words (the desk's grid and legend, the report's
#: grid in its CSV and its PDF).
STATE_WORDS = {MasteryLevel.NEW: N_("not started"), MasteryLevel.LEARNING: N_("learning"),
               MasteryLevel.PRACTISED: N_("practised"), MasteryLevel.MASTERED: N_("mastered")}


def state_word(level: MasteryLevel) -> str:
    return str(Message.of(STATE_WORDS[level]))


def passed_label(passed: bool) -> str:
    return str(Message.of(N_("Passed") if passed else N_("Failed")))


def yes_no(value: bool) -> str:
    return str(Message.of(N_("Yes") if value else N_("No")))


#: Why an exam's score can be more than its share of questions fully right.
PARTIAL_CREDIT = N_("The score counts part marks (for an ordering, a set of options, card "
                    "moves or the banker's hand partly right), so it can be higher than the "
                    "share of questions fully right.")
