"""What the merge does on the second core and without Python's collector, and the answers
folded from memory: the summaries a first import and a later one make equal a rebuild from
every answer, whichever way the answers reached the fold."""

from __future__ import annotations

import gc
import sqlite3
import threading

import pytest

from tests.progress.test_namesakes import practise
from trainer.progress.bundles import merge
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.merge import _Beside, collector_paused
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.learning import summaries
from trainer.progress.storage.database import connection, writing

TEACHER = ("Mestre Lei",)


def summaries_of(db):
    return (db.execute("SELECT * FROM skill_stats ORDER BY person_id, skill").fetchall(),
            db.execute("SELECT * FROM weekly_stats ORDER BY person_id, skill, week").fetchall())


def rebuilt(desk):
    merged = summaries_of(connection(desk))
    with writing(desk) as db:
        summaries.rebuild(db)
    return merged, summaries_of(connection(desk))


@pytest.fixture
def folds(monkeypatch):
    """Every history the merge folds, as the fold reads it."""
    seen: list[list[tuple]] = []
    fold = summaries.fold

    def watched(rows):
        seen.append(rows := list(rows))
        return fold(rows)
    monkeypatch.setattr(summaries, "fold", watched)
    return seen


@pytest.mark.parametrize("kept", [merge.MOST_HISTORY_KEPT, 10], ids=["in memory", "read back"])
def test_answers_here_and_new_ones_fold_as_a_rebuild(store, instructor, ana, other, tmp_path,
                                                     monkeypatch, folds, kept):
    """A second bundle brings new answers of skills the first brought: their summaries are
    folded from the answers here and the new ones, sorted as SQLite sorts them."""
    monkeypatch.setattr(merge, "MOST_HISTORY_KEPT", kept)
    desk, teacher = other
    practise(store, ana.person, 30)
    first = export_bundle(store, instructor, tmp_path / "first.zip", with_instructors=True)
    import_bundle(desk, teacher, first.path, accept_instructors=TEACHER, source=INSTRUCTOR_DESK)
    practise(store, ana.person, 25)
    practise(store, ana.person, 12, skill="three_card.order")
    second = export_bundle(store, instructor, tmp_path / "second.zip", with_instructors=True)
    summary = import_bundle(desk, teacher, second.path, accept_instructors=TEACHER,
                            source=INSTRUCTOR_DESK)
    assert summary.count("attempts") == 37 and summary.already_here >= 30
    assert [len(history) for history in folds] == [30, 67]  # those here folded again
    assert folds[-1] == sorted(folds[-1], key=lambda row: row[:3])
    merged, again = rebuilt(desk)
    assert [row[2] for row in merged[0]] == [55, 12]  # attempts of each skill
    assert merged == again


def test_a_history_longer_than_kept_is_read_back(store, instructor, ana, other, tmp_path,
                                                 monkeypatch):
    monkeypatch.setattr(merge, "MOST_HISTORY_KEPT", 29)
    histories = []
    stage = merge.Stager.put

    def put(self, table, rows):
        stage(self, table, rows)
        histories.append(self.history)
    monkeypatch.setattr(merge.Stager, "put", put)
    practise(store, ana.person, 30)
    bundle = export_bundle(store, instructor, tmp_path / "b.zip", with_instructors=True)
    desk, teacher = other
    assert import_bundle(desk, teacher, bundle.path, accept_instructors=TEACHER,
                         source=INSTRUCTOR_DESK
                         ).count("attempts") == 30
    assert histories[-1] is None
    merged, again = rebuilt(desk)
    assert merged == again and merged[0][0][2] == 30


@pytest.mark.parametrize("kept", [55, 54], ids=["at most kept", "one more"])
def test_a_history_here_longer_than_kept_is_read_back_as_it_is_folded(
        store, instructor, ana, other, tmp_path, monkeypatch, kept):
    """A few new answers of a long history here: the answers here count toward what is kept
    in memory; past it, the fold reads SQLite's sorted answers as they come (never a list)."""
    monkeypatch.setattr(merge, "MOST_HISTORY_KEPT", kept)
    read: list[type] = []
    fold = summaries.fold
    monkeypatch.setattr(summaries, "fold", lambda rows: read.append(type(rows)) or fold(rows))
    desk, teacher = other
    practise(store, ana.person, 30)
    first = export_bundle(store, instructor, tmp_path / "first.zip", with_instructors=True)
    import_bundle(desk, teacher, first.path, accept_instructors=TEACHER, source=INSTRUCTOR_DESK)
    practise(store, ana.person, 25)
    second = export_bundle(store, instructor, tmp_path / "second.zip", with_instructors=True)
    summary = import_bundle(desk, teacher, second.path, accept_instructors=TEACHER,
                            source=INSTRUCTOR_DESK)
    assert summary.count("attempts") == 25
    assert sqlite3.Cursor not in read[:1]
    assert (read[1] is sqlite3.Cursor) is (kept < 55)  # 30 here and 25 new
    merged, again = rebuilt(desk)
    assert merged == again and merged[0][0][2] == 55


def test_a_statement_beside_that_fails_is_raised_on_the_callers_thread(tmp_path):
    conn = sqlite3.connect(tmp_path / "x.sqlite3", check_same_thread=False)
    conn.execute("CREATE TABLE t (n)")
    with pytest.raises(sqlite3.OperationalError, match="no such table: nowhere"):
        with _Beside(conn, ["INSERT INTO t VALUES (1)", "INSERT INTO t SELECT * FROM nowhere",
                            "INSERT INTO t VALUES (3)"]):
            pass
    assert conn.execute("SELECT n FROM t").fetchall() == [(1,)]  # stopped at the failure


def test_the_callers_failure_waits_for_the_statements_beside(tmp_path):
    conn = sqlite3.connect(tmp_path / "x.sqlite3", check_same_thread=False)
    conn.execute("CREATE TABLE t (n)")
    with pytest.raises(KeyError, match="cancelled"):
        with _Beside(conn, ["INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (2)"]) as beside:
            raise KeyError("cancelled")
    assert not beside.thread.is_alive()
    assert conn.execute("SELECT count(*) FROM t").fetchone()[0] == 2


def test_the_collector_is_paused_until_the_last_import_ends():
    assert gc.isenabled()
    inside, leave = threading.Event(), threading.Event()

    def second_import():
        with collector_paused():
            inside.set()
            leave.wait()
    other = threading.Thread(target=second_import)
    with collector_paused():
        assert not gc.isenabled()
        other.start()
        inside.wait()
    assert not gc.isenabled()  # the second import still runs
    leave.set()
    other.join()
    assert gc.isenabled()


def test_the_collector_comes_back_after_a_refusal_and_stays_off_if_it_was():
    with pytest.raises(ValueError, match="refused"):
        with collector_paused():
            raise ValueError("refused")
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_an_import_pauses_the_collector(store, instructor, ana, other, tmp_path, monkeypatch):
    practise(store, ana.person, 3)
    bundle = export_bundle(store, instructor, tmp_path / "b.zip", with_instructors=True)
    during = []
    fold = summaries.fold
    monkeypatch.setattr(summaries, "fold", lambda rows: during.append(gc.isenabled())
                        or fold(rows))
    desk, teacher = other
    import_bundle(desk, teacher, bundle.path, accept_instructors=TEACHER, source=INSTRUCTOR_DESK)
    assert during == [False] and gc.isenabled()
