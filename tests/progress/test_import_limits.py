"""The limits of what an import reads, on both sides: a trainee desktop's batch (rows and
size as JSON), a trainee's bundle (one trainee's rows), and the desktop splitting its work
into batches within them."""

from __future__ import annotations

import orjson
import pytest

from tests.progress.test_bundle_trust import examinee, own  # noqa: F401 - fixtures
from tests.progress.test_row_batch import PERSON
from trainer.progress.bundles import importing
from trainer.progress.bundles.format import INBOX_BATCH, BundleError, BundleLimits
from trainer.progress.bundles.importing import import_bundle, limits_for
from trainer.progress.bundles.rows import RowBatch, json_size
from trainer.progress.bundles.source import INSTRUCTOR_DESK, BundleSource
from trainer.progress.school import outbox
from trainer.progress.school.outbox import mark_sent, read_outgoing
from trainer.progress.storage.database import reading, writing
from trainer.progress.storage.ledger import (
    add_person,
    end_session,
    record_attempt,
    start_session,
    stored_attempts,
)

QUESTION = {"version": 1, "skill": "thirteen.first_seat", "seed": 1, "difficulty": 1}


def test_the_inbox_batch_limits_are_the_decided_ones():
    assert (INBOX_BATCH.rows, INBOX_BATCH.unpacked_bytes) == (20_000, 5_000_000)
    assert limits_for(INSTRUCTOR_DESK) == BundleLimits()
    assert limits_for(BundleSource.of_trainee(PERSON["id"])).rows == 250_000


def test_a_batch_at_its_rows_is_taken_and_one_more_refused():
    limits = BundleLimits(unpacked_bytes=5_000_000, rows=3)
    assert RowBatch({"people": [PERSON] * 3}, with_instructors=False, limits=limits)
    with pytest.raises(BundleError, match="holds more rows than a bundle may"):
        RowBatch({"people": [PERSON] * 4}, with_instructors=False, limits=limits)


def test_a_batch_of_its_size_as_json_is_taken_and_one_byte_more_refused():
    tables = {"people": [PERSON] * 3}
    size = len(orjson.dumps([PERSON] * 3))
    assert json_size(tables, 10**9) == size
    assert RowBatch(tables, with_instructors=False,
                    limits=BundleLimits(unpacked_bytes=size, rows=10))
    with pytest.raises(BundleError, match=f"larger than {size - 1} bytes"):
        RowBatch(tables, with_instructors=False,
                 limits=BundleLimits(unpacked_bytes=size - 1, rows=10))


def test_a_trainee_desktops_batch_is_held_to_the_inbox_limits_by_default():
    with pytest.raises(BundleError, match="holds more rows"):
        RowBatch({"people": [PERSON] * 20_001}, with_instructors=False)
    assert RowBatch({"people": [PERSON] * 20_001}, with_instructors=True)  # the shared rows
    big = PERSON | {"name": "A" * 200}
    count = 5_000_000 // len(orjson.dumps(big)) + 1
    with pytest.raises(BundleError, match="larger than 5000000 bytes"):
        RowBatch({"people": [big] * count}, with_instructors=False)


def test_a_trainees_bundle_at_its_limit_is_taken_and_one_row_over_refused(
        store, classroom, examinee, own, monkeypatch):  # noqa: F811
    from trainer.progress.bundles.archive import BundleArchive
    with BundleArchive(own, BundleLimits()) as archive:
        rows = archive.row_count
    monkeypatch.setattr(importing, "TRAINEE_BUNDLE", BundleLimits(rows=rows - 1))
    with pytest.raises(BundleError, match=f"larger than this desktop accepts \\({rows} rows\\)"):
        import_bundle(store, classroom, own, source=BundleSource.of_trainee(examinee.id))
    import_bundle(store, classroom, own, source=INSTRUCTOR_DESK)  # an instructor's: larger
    monkeypatch.setattr(importing, "TRAINEE_BUNDLE", BundleLimits(rows=rows))
    import_bundle(store, classroom, own, source=BundleSource.of_trainee(examinee.id))


@pytest.mark.parametrize("limits", [BundleLimits(unpacked_bytes=10**9, rows=25),
                                    BundleLimits(unpacked_bytes=6_000, rows=10**6)])
def test_a_desktop_long_offline_splits_its_work_into_batches_within_the_limits(
        store, monkeypatch, limits):
    monkeypatch.setattr(outbox, "INBOX_BATCH", limits)
    ana = add_person(store, "Ana Lei")
    for _session in range(4):
        session = start_session(store, ana.id, "practice")
        for seed in range(30):
            record_attempt(store, ana.id, session, QUESTION | {"seed": seed}, 1, True, 1.0, 900)
        end_session(store, session)
    sent: list[str] = []
    for _batch in range(200):
        with reading(store) as db:
            out = read_outgoing(db, trusted=False)
        assert sum(map(len, out.tables.values())) <= limits.rows
        assert json_size(out.tables, 10**9) <= limits.unpacked_bytes
        sent += [row["id"] for row in out.tables.get("attempts", [])]
        with writing(store) as db:
            mark_sent(db, out)
        if out.last_answer == out.after:
            break
    assert sorted(sent) == sorted(a.id for a in stored_attempts(store, ana.id))  # each once
    assert len(sent) == 120


def test_more_rows_of_a_table_than_are_read_at_once_are_read_each_once(store):
    """The outbox's keys are read 500 at a time: 1,001 trainees noted, 1,001 read."""
    added = {add_person(store, f"Trainee {n}").id for n in range(1001)}
    with reading(store) as db:
        out = read_outgoing(db, trusted=True)
    read = [row["id"] for row in out.tables["people"]]
    assert len(read) == len(added) and set(read) == added


def first_batch(store, rows, answers_a_session, sessions=1, ended=True):
    """The first batch of Ana's desktop (one trainee, her sessions and answers) held to
    ``rows`` rows: its answers, and all its rows."""
    ana = add_person(store, "Ana Lei")
    for _session in range(sessions):
        session = start_session(store, ana.id, "practice")
        for seed in range(answers_a_session):
            record_attempt(store, ana.id, session, QUESTION | {"seed": seed}, 1, True, 1.0, 900)
        if ended:
            end_session(store, session)
    outbox.INBOX_BATCH = BundleLimits(unpacked_bytes=10**9, rows=rows)
    with reading(store) as db:
        out = read_outgoing(db, trusted=False)
    return len(out.tables.get("attempts", [])), sum(map(len, out.tables.values()))


def test_a_batch_of_just_the_rows_allowed_is_read_whole(store, monkeypatch):
    monkeypatch.setattr(outbox, "INBOX_BATCH", outbox.INBOX_BATCH)
    assert first_batch(store, 4, 2) == (2, 4)  # Ana, her session and its two answers


def test_a_batch_over_the_limit_is_cut_in_proportion_with_a_tenth_to_spare(store,
                                                                         monkeypatch):
    """Held to 50 rows, at most 50 answers are read first: with the 4 sessions and Ana, 55
    rows. Then nine tenths of 50/55 of those answers: 40, and 45 rows (no second try to
    fill the batch up)."""
    monkeypatch.setattr(outbox, "INBOX_BATCH", outbox.INBOX_BATCH)
    assert first_batch(store, 50, 30, sessions=4) == (40, 45)


@pytest.mark.parametrize(("rows", "answers", "ended", "expected"), [
    (4, 3, True, (2, 4)), (3, 2, True, (1, 3)), (2, 1, True, (0, 1)), (2, 1, False, (0, 1))])
def test_fewer_answers_then_fewer_noted_rows_go_when_one_answer_is_too_many(
        store, monkeypatch, rows, answers, ended, expected):
    """Held to 4 rows, of three answers two go first; held to 3, two answers go one at a
    time, each with its session and Ana; held to 2, fewer than one answer needs, the noted
    rows go first, one at a time (Ana and her session, ended or not)."""
    monkeypatch.setattr(outbox, "INBOX_BATCH", outbox.INBOX_BATCH)
    assert first_batch(store, rows, answers, ended=ended) == expected


def test_one_answer_with_one_noted_row_goes_whole_over_the_limit(store, monkeypatch):
    """Ana already sent, then one answer in a session still open: over a limit of 2 rows,
    the batch is still that answer with its session and Ana (never less than one answer)."""
    monkeypatch.setattr(outbox, "INBOX_BATCH", BundleLimits(unpacked_bytes=10**9, rows=2))
    ana = add_person(store, "Ana Lei")
    with writing(store) as db:
        mark_sent(db, read_outgoing(db, trusted=False))
    session = start_session(store, ana.id, "practice")
    record_attempt(store, ana.id, session, QUESTION, 1, True, 1.0, 900)
    with reading(store) as db:
        out = read_outgoing(db, trusted=False)
    assert {table: len(rows) for table, rows in out.tables.items()} == {
        "people": 1, "sessions": 1, "attempts": 1}


def test_noted_rows_a_little_over_the_size_are_cut_by_one(store, monkeypatch):
    """Three noted rows (Ana and two sessions, no answer) one byte over the size: nine tenths
    of them, two, go first."""
    ana = add_person(store, "Ana Lei")
    for _session in range(2):
        start_session(store, ana.id, "practice")
    with reading(store) as db:
        size = json_size(read_outgoing(db, trusted=False).tables, 10**9)
    monkeypatch.setattr(outbox, "INBOX_BATCH", BundleLimits(unpacked_bytes=size - 1, rows=100))
    with reading(store) as db:
        out = read_outgoing(db, trusted=False)
    assert sum(map(len, out.tables.values())) == 2
