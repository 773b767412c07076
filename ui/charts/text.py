"""Numbers, dates and sentences of the charts, in the language current when they are shown."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from babel.dates import format_skeleton, get_day_names
from babel.numbers import format_decimal, format_percent

import i18n
import questions
from trainer.progress.reports import words as report_text


def lang() -> str:
    return i18n.current_language()


def percent(value: Decimal | float | None) -> str:
    """A share as a percentage with one decimal: ``87.5%``, ``87,5%``."""
    if value is None:
        return "–"
    return report_text.percent(Decimal(str(value)), lang())


def whole_percent(value: float) -> str:
    """An axis tick: ``80%``, ``80 %``."""
    return format_percent(round(value, 4), format="#,##0%", locale=i18n.locale_of())


def seconds(ms: int | None) -> str:
    """Milliseconds as seconds with one decimal: ``4.2``, ``4,2``."""
    return report_text.seconds(ms, lang()) if ms is not None else "–"


def axis_number(value: float) -> str:
    """A tick of a numeric axis: up to one decimal, grouped in the locale."""
    return format_decimal(round(value, 1), format="#,##0.#", locale=i18n.locale_of())


def count(value: int) -> str:
    return format_decimal(value, locale=i18n.locale_of())


def hours(ms: int) -> str:
    return report_text.hours(ms, lang())


def short_day(day: date) -> str:
    """Day and month, for an axis: ``2 Jun``, ``6月2日``."""
    return report_text.short_day(day, lang())


def long_day(day: date) -> str:
    """Weekday, day, month and year: ``Mon, 2 Jun 2025``."""
    return format_skeleton("yMMMEd", day, locale=i18n.locale_of())


def medium_day(day: date) -> str:
    return report_text.day(day, lang())


def weekday_names() -> list[str]:
    """Monday first, abbreviated: ``Mon``, ``seg.``, ``週一``."""
    names = get_day_names("abbreviated", locale=i18n.locale_of())
    return [names[n] for n in range(7)]


def skill_title(skill: str) -> str:
    """The skill's title in the current language (its id if the app does not know it)."""
    try:
        return str(questions.title(skill))
    except KeyError:
        return skill


def skill_order(skill: str) -> tuple[int, str]:
    """The order the app lists skills in (unknown ones last)."""
    known = questions.titled()
    return (known.index(skill) if skill in known else len(known), skill)
