"""An exam's words on the list, the desk and the result: its terms, its dates, a percentage,
the best of a trainee's results (kept apart from the exam's screens, which a list of exams
does not need to load)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from babel.numbers import format_decimal

import i18n
from i18n import Moment, _, ngettext
from trainer.progress.exams.sittings import Exam, ExamResult
from trainer.progress.exams.terms import ExamTerms
from trainer.progress.storage.values import utc


def percent_text(value: Decimal | float) -> str:
    return format_decimal(value, format="0.#", locale=i18n.locale_of())


def exam_terms(exam: Exam) -> str:
    """"12 questions · 30 minutes · pass mark 80 %", in the current language."""
    return _("{questions} · {minutes} · pass mark {percent} %").format(
        questions=ngettext("{count} question", "{count} questions", exam.questions).format(
            count=exam.questions),
        minutes=ngettext("{count} minute", "{count} minutes", exam.time_limit_s // 60).format(
            count=exam.time_limit_s // 60),
        percent=percent_text(exam.pass_percent))


def best_result(results: list[ExamResult]) -> ExamResult | None:
    """The best of one trainee's results of an exam (the first of equal scores): the one
    that counts when retakes are allowed."""
    best = None
    for result in results:
        if best is None or result.score_percent > best.score_percent:
            best = result
    return best


def is_closed(exam: Exam, terms: ExamTerms, now: datetime) -> bool:
    """No new sitting may start: replaced, or past its closing (closing early counts)."""
    closes = terms.closes_at(exam.closes_at)
    return terms.replaced_by is not None or (closes is not None and now >= utc(closes))


def exam_dates_text(exam: Exam, now: datetime, terms: ExamTerms | None = None) -> str:
    """When the exam may be started, as it stands at ``now``: "opens …", "open until …",
    "closed …" (closed early, by its ``terms``, too); empty for an exam always open."""
    closes = (terms or ExamTerms()).closes_at(exam.closes_at)
    if closes and now >= utc(closes):
        return _("closed {when}").format(when=Moment(closes))
    if exam.opens_at and now < utc(exam.opens_at):
        return _("opens {when}").format(when=Moment(exam.opens_at))
    if closes:
        return _("open until {when}").format(when=Moment(closes))
    return ""
