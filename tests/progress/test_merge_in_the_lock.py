"""The merge's short transaction: the answers are compared and indexed before the lock, and
inside it only answers added meanwhile are compared; the answers' insert triggers are set
aside for the merge's one insert and what they refuse is checked as a set, so the database
never ends up without them and never takes an answer they would refuse."""

from __future__ import annotations

import pytest

from tests.progress.conftest import question
from trainer.progress.bundles.archive import BundleArchive
from trainer.progress.bundles.format import COLUMNS, BundleError, BundleLimits
from trainer.progress.bundles.importing import checked_and_staged
from trainer.progress.bundles.merge import ANSWER_INSERT_TRIGGERS, StagedMerge, staging
from trainer.progress.learning import summaries
from trainer.progress.storage.database import connection, writing
from trainer.progress.storage.ledger import record_attempt
from trainer.progress.storage.schema import missing_protection


def triggers(db) -> set[str]:
    return {name for (name,) in db.execute(
        "SELECT name FROM main.sqlite_master WHERE type = 'trigger'")}


@pytest.fixture
def desk(other):
    return other[0]


@pytest.fixture(params=["kept", "read back"])
def staged(desk, bundle, request):
    """The bundle staged and prepared on the other desktop, ready for its merge; the answers'
    summaries folded from the answers kept as they were staged, or read back sorted."""
    with BundleArchive(bundle, BundleLimits()) as archive, staging(connection(desk)):
        index = checked_and_staged(connection(desk), archive)
        assert index.history is not None and len(index.history) > 500
        merge = StagedMerge(connection(desk), index.history if request.param == "kept" else None)
        merge.prepare()
        yield merge


def staged_answer(desk) -> dict:
    row = connection(desk).execute("SELECT * FROM staging.attempts LIMIT 1").fetchone()
    names = [d[0] for d in connection(desk).execute(
            "SELECT * FROM staging.attempts LIMIT 0").description]
    return dict(zip(names, row, strict=True))


def bring_the_person(db, row):
    """What an answer refers to, written here as another program would."""
    for table, key in (("people", row["person_id"]), ("sessions", row["session_id"])):
        columns = ", ".join(COLUMNS[table])
        db.execute(f"INSERT INTO {table} ({columns}) SELECT {columns} FROM staging.{table} "
                   f"WHERE id = ?", [key])


def test_the_triggers_are_back_after_the_merge(desk, staged):
    with writing(desk):
        staged.run()
    assert staged.added["attempts"] > 500
    assert missing_protection(connection(desk)) == []
    assert set(ANSWER_INSERT_TRIGGERS) <= triggers(connection(desk))


def test_the_staged_answers_are_inserted_in_the_order_of_their_time(desk, staged):
    with writing(desk):
        staged.run()
    keys = connection(desk).execute("SELECT answered_at, id FROM attempts ORDER BY rowid").fetchall(
            )
    assert len(keys) > 500 and keys == sorted(keys)


def test_answers_already_here_are_counted_before_the_lock_and_not_staged_again(desk, bundle):
    merges = []
    for _round in range(2):
        with BundleArchive(bundle, BundleLimits()) as archive, staging(connection(desk)):
            checked_and_staged(connection(desk), archive)
            merges.append(StagedMerge(connection(desk)))
            merges[-1].prepare()
            left = connection(desk).execute("SELECT count(*) FROM staging.attempts").fetchone()[0]
            with writing(desk):
                merges[-1].run()
    first, again = merges
    assert left == 0 and first.added["attempts"] > 500
    assert again.already_here >= first.added["attempts"]
    assert sum(again.added.values()) == 0


def test_an_answer_added_meanwhile_that_differs_from_the_staged_one_is_refused(desk, staged):
    row = staged_answer(desk)
    with writing(desk) as db:  # another program writes it after the comparison before the lock
        bring_the_person(db, row)
        db.execute(f"INSERT INTO attempts ({', '.join(row)}) VALUES "
                   f"({', '.join('?' for _ in row)})",
                   [*(v if k != "score" else 0.25 for k, v in row.items())])
    with pytest.raises(BundleError, match="differs from the one on this desktop"):
        with writing(desk):
            staged.run()
    assert missing_protection(connection(desk)) == []


def test_an_equal_answer_added_meanwhile_is_counted_as_already_here(desk, staged):
    row = staged_answer(desk)
    with writing(desk) as db:
        bring_the_person(db, row)
        db.execute(f"INSERT INTO attempts ({', '.join(row)}) VALUES "
                   f"({', '.join('?' for _ in row)})", list(row.values()))
    staged_count = connection(desk).execute("SELECT count(*) FROM staging.attempts").fetchone()[0]
    with writing(desk):
        staged.run()
    assert staged.added["attempts"] == staged_count - 1
    assert staged.already_here >= 1


def test_an_answer_to_a_sitting_not_open_here_is_refused_with_the_triggers_kept(desk, staged):
    row = staged_answer(desk)
    connection(desk).execute(
            "UPDATE staging.attempts SET sitting_id = 'no-such-sitting', item_index = 0 "
                    "WHERE id = ?", [row["id"]])
    connection(desk).conn.commit()
    before = connection(desk).execute("SELECT count(*) FROM attempts").fetchone()[0]
    with pytest.raises(BundleError, match="does not fit the progress on this desktop"):
        with writing(desk):
            staged.run()
    assert connection(desk).execute("SELECT count(*) FROM attempts").fetchone()[0] == before
    assert missing_protection(connection(desk)) == []


def test_a_failure_after_the_triggers_are_set_aside_brings_them_back(desk, staged, monkeypatch):
    insert_rows = StagedMerge._insert_rows

    def broken(self, table):
        if table == "attempts":
            assert not set(ANSWER_INSERT_TRIGGERS) & triggers(self.db)  # set aside here
            raise RuntimeError("the disk is full")
        insert_rows(self, table)

    monkeypatch.setattr(StagedMerge, "_insert_rows", broken)
    with pytest.raises(RuntimeError, match="the disk is full"):
        with writing(desk):
            staged.run()
    assert missing_protection(connection(desk)) == []


def summaries_of(db) -> tuple[list, list]:
    return (db.execute("SELECT * FROM skill_stats ORDER BY person_id, skill").fetchall(),
            db.execute("SELECT * FROM weekly_stats ORDER BY person_id, skill, week").fetchall())


def test_the_summaries_folded_ahead_equal_a_rebuild_from_every_answer(desk, staged):
    with writing(desk):
        staged.run()
    merged = summaries_of(connection(desk))
    assert len(merged[0]) > 1 and len(merged[1]) > len(merged[0])
    with writing(desk) as db:
        summaries.rebuild(db)
    assert summaries_of(connection(desk)) == merged


def test_a_first_merge_counts_nothing_here_and_nothing_skipped(desk, staged):
    with writing(desk):
        staged.run()
    assert (staged.already_here, staged.skipped) == (0, 0)
    assert sum(staged.added.values()) > 500


def test_a_session_ended_in_the_bundle_is_ended_here(desk, bundle):
    with BundleArchive(bundle, BundleLimits()) as archive, staging(connection(desk)):
        checked_and_staged(connection(desk), archive)
        session = connection(desk).execute(
                "SELECT * FROM staging.sessions WHERE ended_at IS NOT NULL "
                                  "LIMIT 1").fetchone()
        names = [d[0] for d in connection(desk).execute("SELECT * FROM staging.sessions LIMIT 0"
                                               ).description]
        row = dict(zip(names, session, strict=True))
        with writing(desk) as db:  # here, the session is still open
            bring_the_person(db, {"person_id": row["person_id"], "session_id": None})
            db.execute("INSERT INTO sessions (id, person_id, mode, started_at, ended_at) "
                       "VALUES (?, ?, ?, ?, NULL)",
                       [row["id"], row["person_id"], row["mode"], row["started_at"]])
        merge = StagedMerge(connection(desk))
        merge.prepare()
        with writing(desk):
            merge.run()
    assert connection(desk).execute("SELECT ended_at FROM sessions WHERE id = ?",
                           [row["id"]]).fetchone()[0] == row["ended_at"]


def test_a_session_here_that_differs_from_the_bundles_is_refused(desk, bundle):
    with BundleArchive(bundle, BundleLimits()) as archive, staging(connection(desk)):
        checked_and_staged(connection(desk), archive)
        [(session_id, person_id, started_at)] = connection(desk).execute(
            "SELECT id, person_id, started_at FROM staging.sessions LIMIT 1").fetchall()
        with writing(desk) as db:
            bring_the_person(db, {"person_id": person_id, "session_id": None})
            db.execute("INSERT INTO sessions (id, person_id, mode, started_at, ended_at) "
                       "VALUES (?, ?, 'drill-of-another-kind', ?, NULL)",
                       [session_id, person_id, started_at])
        for seed in range(3):  # answers here after it: every row here is compared, not
            record_attempt(desk, person_id, None, question(seed=900 + seed), 1, True, 1.0,
                                900)  # only those after the last answer
        merge = StagedMerge(connection(desk))
        merge.prepare()
        with pytest.raises(BundleError, match=f"The session {session_id} in this bundle "
                                              f"differs"), writing(desk):
            merge.run()
