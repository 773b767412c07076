"""What the progress charts say: each value in words, built when it is shown, so that
it is in the language and the locale current at that moment."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from i18n import _, ngettext
from trainer.progress.learning.mastery import SkillMastery
from trainer.progress.reports.figures import Figures, SkillRow
from ui.charts import text
from ui.charts.data import SkillBar, WeekValue


def summary(answers: int, accuracy: Decimal | None, total_ms: int) -> str:
    return ngettext("{count} answer, {accuracy} right, {hours} hours of answering.",
                    "{count} answers, {accuracy} right, {hours} hours of answering.",
                    answers).format(count=text.count(answers), accuracy=text.percent(accuracy),
                                    hours=text.hours(total_ms))


def accuracy_week(week: date, figures: Figures) -> WeekValue:
    """A week with answers (the charts leave the others out), so with an accuracy."""
    accuracy = figures.accuracy
    assert accuracy is not None, week

    def describe() -> str:
        return ngettext("Week of {date}: {accuracy} right, {correct} of {count} answer.",
                        "Week of {date}: {accuracy} right, {correct} of {count} answers.",
                        figures.attempts).format(
            date=text.medium_day(week), accuracy=text.percent(figures.accuracy),
            correct=text.count(figures.correct), count=text.count(figures.attempts))

    return WeekValue(week, float(accuracy), describe)


def median_week(week: date, median_ms: int, answers: int) -> WeekValue:
    def describe() -> str:
        return ngettext(
            "Week of {date}: median response time {seconds} s over {count} answer.",
            "Week of {date}: median response time {seconds} s over {count} answers.",
            answers).format(date=text.medium_day(week), seconds=text.seconds(median_ms),
                            count=text.count(answers))

    return WeekValue(week, median_ms / 1000, describe)


def mean_week(week: date, figures: Figures) -> WeekValue:
    def describe() -> str:
        return ngettext(
            "Week of {date}: mean response time {seconds} s over {count} answer.",
            "Week of {date}: mean response time {seconds} s over {count} answers.",
            figures.attempts).format(date=text.medium_day(week),
                                     seconds=text.seconds(figures.mean_ms),
                                     count=text.count(figures.attempts))

    return WeekValue(week, (figures.mean_ms or 0) / 1000, describe)


def answers_week(week: date, figures: Figures) -> WeekValue:
    def describe() -> str:
        return ngettext("Week of {date}: {count} answer.", "Week of {date}: {count} answers.",
                        figures.attempts).format(date=text.medium_day(week),
                                                 count=text.count(figures.attempts))

    return WeekValue(week, float(figures.attempts), describe)


def skill_bar(level: SkillMastery) -> SkillBar:
    def note() -> str:
        return _("{accuracy} · {level}").format(accuracy=text.percent(level.accuracy),
                                                level=str(level.level.label))

    def describe() -> str:
        return " ".join([
            _("{skill}: {level}.").format(skill=text.skill_title(level.skill),
                                          level=str(level.level.label)),
            ngettext("{accuracy} right of {count} answer.",
                     "{accuracy} right of {count} answers.", level.attempts).format(
                accuracy=text.percent(level.accuracy), count=text.count(level.attempts)),
            _("Recently {accuracy} right, median time {seconds} s, streak {streak}.").format(
                accuracy=text.percent(level.recent_accuracy),
                seconds=text.seconds(level.median_ms), streak=text.count(level.streak))])

    return SkillBar(level.skill, float(level.accuracy or 0), note, describe, level.level)


def cohort_bar(row: SkillRow) -> SkillBar:
    def note() -> str:
        return _("{accuracy} · {mastered} of {trainees} mastered").format(
            accuracy=text.percent(row.figures.accuracy), mastered=text.count(row.mastered),
            trainees=text.count(row.trainees))

    def describe() -> str:
        return " ".join([
            ngettext("{skill}: {accuracy} right of {count} answer.",
                     "{skill}: {accuracy} right of {count} answers.",
                     row.figures.attempts).format(
                skill=text.skill_title(row.skill), accuracy=text.percent(row.figures.accuracy),
                count=text.count(row.figures.attempts)),
            ngettext("Mastered by {mastered} of {count} trainee who practised it.",
                     "Mastered by {mastered} of {count} trainees who practised it.",
                     row.trainees).format(mastered=text.count(row.mastered),
                                          count=text.count(row.trainees)),
            _("Median response time {seconds} s.").format(seconds=text.seconds(row.median_ms))])

    return SkillBar(row.skill, float(row.figures.accuracy or 0), note, describe)


def in_app_order(levels: list[SkillMastery]) -> list[SkillMastery]:
    return sorted(levels, key=lambda level: text.skill_order(level.skill))
