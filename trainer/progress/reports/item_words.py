"""Exam item statistics in the reader's language: the words of the desk's table and of the
report's ``exam_items`` CSV, so both say the same thing."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from babel.numbers import format_decimal

import i18n
from i18n import N_, _
from trainer.progress.exams.item_statistics import (
    LOW_DISCRIMINATION,
    TOO_EASY,
    TOO_HARD,
    Concern,
    ExamItemStatistics,
    ItemStatistics,
)
from trainer.progress.reports.words import (
    SkillTitles,
    number,
    percent,
    seconds,
    skill_label,
)
from trainer.rules.mistake_kinds import mistake_kind

#: Why an item is worth a look, in words (``{limit}``: the house threshold).
CONCERN_WORDS = {
    Concern.LOW_DISCRIMINATION: N_(
        "hardly tells the trainees who know from those who do not (discrimination below "
        "{limit})"),
    Concern.TOO_HARD: N_("almost everyone gets it wrong (facility below {limit})"),
    Concern.TOO_EASY: N_("almost everyone gets it right (facility above {limit})"),
}
#: The item statistics' columns, as the CSV and the desk's table head them.
ITEM_COLUMNS = (N_("Question no."), N_("Skill"), N_("Difficulty"), N_("Sittings"), N_("Answered"),
                N_("Facility"), N_("Discrimination"), N_("Mean time (s)"),
                N_("Worth a look"), N_("Frequent mistakes"))


def facility_text(value: float | None, language: str) -> str:
    return "" if value is None else percent(Decimal(str(value)), language)


def discrimination_text(value: float | None, language: str) -> str:
    """The correlation with two decimals in the locale; a dash when undefined."""
    if value is None:
        return "—"
    return format_decimal(Decimal(str(value)).quantize(Decimal("0.01")), format="0.00",
                          locale=i18n.locale_of(language))


def mean_time_text(value: float | None, language: str) -> str:
    return seconds(None if value is None else round(value), language)


def concern_text(concerns: Sequence[Concern], language: str) -> str:
    """Each reason the item is worth a look, in words; empty when there is none."""
    limits = {Concern.LOW_DISCRIMINATION: discrimination_text(LOW_DISCRIMINATION, language),
              Concern.TOO_HARD: facility_text(TOO_HARD, language),
              Concern.TOO_EASY: facility_text(TOO_EASY, language)}
    return "; ".join(_(CONCERN_WORDS[c]).format(limit=limits[c]) for c in concerns)


def place_text(item: ItemStatistics, language: str) -> str:
    """The question number every sitting saw it as; else its place in the exam's parts,
    marked (each sitting had its own order)."""
    if item.place is not None:
        return format_decimal(item.place, locale=i18n.locale_of(language))
    return _("{place} (in the parts)").format(
        place=format_decimal(item.slot + 1, locale=i18n.locale_of(language)))


def mistakes_text(item: ItemStatistics) -> str:
    """The most frequent mistake kinds as the CSV gives them, for a program to read: each
    kind's stable id and its count, ``"<id>: <count>"``, joined by ``"; "``, most frequent
    first (``three_card.commission_forgotten: 3; other: 1``); empty when none."""
    return "; ".join(f"{found.kind}: {found.count}" for found in item.mistakes)


def kind_name(kind_id: str) -> str:
    """A mistake kind's name in the current language (the id itself when this version of
    the trainer does not know it: named by a newer one)."""
    try:
        return str(mistake_kind(kind_id).name)
    except KeyError:
        return kind_id


def mistake_names(item: ItemStatistics, language: str) -> str:
    """The most frequent mistake kinds in words, each with its count, as the desk shows
    them ("Commission forgotten ×3; Another mistake ×1"); empty when none."""
    return _("; ").join(_("{kind} ×{count}").format(kind=kind_name(found.kind),
                                                    count=number(found.count, language))
                        for found in item.mistakes)


def item_cells(item: ItemStatistics, language: str,
               titles: SkillTitles | None = None) -> list[str | int]:
    """One item's row, in :data:`ITEM_COLUMNS` order."""
    return [place_text(item, language), skill_label(item.skill, titles), item.difficulty,
            item.sittings, item.answered, facility_text(item.facility, language),
            discrimination_text(item.discrimination, language),
            mean_time_text(item.mean_ms, language), concern_text(item.concerns, language),
            mistakes_text(item)]


def item_rows(statistics: Sequence[ExamItemStatistics], language: str,
              titles: SkillTitles | None = None) -> list[Sequence[object]]:
    """Every item of every exam, each row led by its exam's title."""
    return [[found.exam.title, *item_cells(item, language, titles)]
            for found in statistics for item in found.items]
