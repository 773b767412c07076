"""An exam's opening and closing moments: set with the exam, checked when a sitting starts
(at both edges), carried by bundles, and a sitting started outside them refused at import."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

import i18n
from tests.progress.test_bundles import edit_rows
from tests.progress.test_exams import PARTS, sit
from trainer.progress import StoreError
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.format import BundleError
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.exams.dates import checked_dates, is_open
from trainer.progress.exams.sittings import create_exam, exam, start_sitting
from trainer.progress.storage.values import stamp

NOW = datetime.now(UTC).replace(microsecond=0)
OPENS = NOW - timedelta(days=1)
CLOSES = NOW + timedelta(days=1)


def dated(store, instructor, opens=OPENS, closes=CLOSES):
    return create_exam(store, instructor, "Week 4 check", PARTS, seed=2024, time_limit_s=600,
                       pass_percent=Decimal(60), opens=opens, closes=closes, same_questions=True)


def test_the_dates_are_kept_with_the_exam(store, instructor):
    made = dated(store, instructor)
    assert (made.opens_at, made.closes_at) == (stamp(OPENS), stamp(CLOSES))
    assert exam(store, made.id) == made
    undated = dated(store, instructor, None, None)
    assert exam(store, undated.id).opens_at is None and undated.closes_at is None


def test_an_exam_closes_after_it_opens_and_not_in_the_past(store, instructor):
    later = NOW + timedelta(hours=1)
    with pytest.raises(StoreError, match="must close after it opens"):
        dated(store, instructor, later, later)
    assert dated(store, instructor, later, later + timedelta(seconds=1)).closes_at
    with pytest.raises(StoreError, match="closing time has already passed"):
        dated(store, instructor, None, NOW - timedelta(seconds=1))
    assert dated(store, instructor, None, CLOSES).opens_at is None


def test_the_close_must_still_be_to_come_when_the_exam_is_made():
    moment = datetime(2026, 5, 4, 9, tzinfo=UTC)
    with pytest.raises(StoreError, match="closing time has already passed"):
        checked_dates(None, moment, moment)
    assert checked_dates(None, moment + timedelta(microseconds=1000), moment) == (
        None, "2026-05-04T09:00:00.001Z")
    with pytest.raises(StoreError, match="must close after it opens"):
        checked_dates(moment, moment, moment - timedelta(days=1))
    assert checked_dates(moment, moment + timedelta(seconds=1), moment) == (
        "2026-05-04T09:00:00.000Z", "2026-05-04T09:00:01.000Z")


def test_a_sitting_starts_from_the_opening_to_just_before_the_close(store, instructor, ana,
                                                                    bruno):
    made = dated(store, instructor)
    with pytest.raises(StoreError, match="This exam opens on "):
        start_sitting(store, ana, made.id, OPENS - timedelta(seconds=1))
    assert start_sitting(store, ana, made.id, OPENS).started_at == stamp(OPENS)
    with pytest.raises(StoreError, match="This exam closed on "):
        start_sitting(store, bruno, made.id, CLOSES)
    late = CLOSES - timedelta(seconds=1)
    assert start_sitting(store, bruno, made.id, late).started_at == stamp(late)


def test_a_sitting_started_before_the_close_carries_on_after_it(store, instructor, ana):
    made = dated(store, instructor)
    started = start_sitting(store, ana, made.id, CLOSES - timedelta(minutes=1))
    assert start_sitting(store, ana, made.id, CLOSES + timedelta(minutes=5)) == started


def test_the_moment_is_said_in_the_users_language(store, instructor, ana):
    made = dated(store, instructor, NOW + timedelta(days=3), None)
    year = str((NOW + timedelta(days=3)).astimezone().year)  # in the date, in every language
    said = {}
    for language in ("en", "pt_MO", "zh_Hant_MO"):
        with i18n.speaking(language):
            with pytest.raises(StoreError, match=year) as refused:
                start_sitting(store, ana, made.id, NOW)
            said[language] = str(refused.value)
    assert said["en"].startswith("This exam opens on ")
    assert said["pt_MO"].startswith("Este exame abre em ")
    assert said["zh_Hant_MO"].startswith("此考試於 ")
    assert len(set(said.values())) == 3


def test_a_bundle_carries_the_dates(store, instructor, other, tmp_path):
    made = dated(store, instructor)
    bundle = export_bundle(store, instructor, tmp_path / "all.zip", with_instructors=True)
    desk, teacher = other
    import_bundle(desk, teacher, bundle.path, accept_instructors=("Mestre Lei",),
                  source=INSTRUCTOR_DESK)
    assert exam(desk, made.id) == made


def test_a_sitting_started_after_the_close_is_refused_at_import(store, instructor, ana, other,
                                                                tmp_path):
    made = dated(store, instructor, NOW - timedelta(hours=2), NOW + timedelta(hours=1))
    sit(store, ana, made, lambda _i: True, at=NOW - timedelta(hours=1))  # left open
    bundle = export_bundle(store, instructor, tmp_path / "all.zip", with_instructors=True)
    desk, teacher = other
    import_bundle(desk, teacher, bundle.path, accept_instructors=("Mestre Lei",),
                  source=INSTRUCTOR_DESK)  # as sat

    def later(rows, by=timedelta(hours=3)):
        moved = []
        for row in rows:
            for column in ("started_at", "deadline_at"):
                row[column] = stamp(datetime.fromisoformat(row[column]) + by)
            moved.append(row)
        return moved

    forged = edit_rows(bundle.path, "sittings", later, tmp_path / "forged.zip")
    with Store_of(tmp_path) as fresh, pytest.raises(
            BundleError, match="started when the exam was not open"):
        import_bundle(fresh[0], fresh[1], forged, accept_instructors=("Mestre Lei",),
                      source=INSTRUCTOR_DESK)


def Store_of(tmp_path):  # noqa: N802 - a fresh desk as a context manager
    import contextlib

    from trainer.progress import Store
    from trainer.progress.people.accounts import add_instructor, sign_in

    @contextlib.contextmanager
    def made():
        with Store(tmp_path / "fresh" / "progress.sqlite3") as desk:
            person = add_instructor(desk, "Nova Mestre", "correct horse battery")
            yield desk, sign_in(desk, person.id, "correct horse battery")

    return made()


def test_a_sitting_brought_is_in_the_dates_from_the_opening_to_just_before_the_close():
    opens, closes = stamp(OPENS), stamp(CLOSES)
    assert not is_open(opens, closes, OPENS - timedelta(milliseconds=1))
    assert is_open(opens, closes, OPENS)
    assert is_open(opens, closes, CLOSES - timedelta(milliseconds=1))
    assert not is_open(opens, closes, CLOSES)
    assert is_open(None, None, OPENS) and is_open(None, closes, OPENS - timedelta(days=99))
    assert is_open(opens, None, CLOSES + timedelta(days=99))
