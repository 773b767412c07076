"""Long work tells its progress now and then, ends at (total, total), and can be cancelled.

A cancelled export leaves no file (not even a half-written one, and a file already there
stays as it was); a cancelled import leaves the database exactly as it was.
"""

import errno
import zipfile

import pytest

from tests.progress.conftest import PASSWORD, answered, dump
from trainer.progress import Store
from trainer.progress.bundles.export import _write_member, export_bundle
from trainer.progress.bundles.importing import IMPORT_PASSES, import_bundle, import_pass
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.people.accounts import add_instructor, sign_in
from trainer.progress.people.leave import leave_to_see
from trainer.progress.progress_steps import REPORTS, Cancelled, Stages, Steps, whole_file
from trainer.progress.reports.figures import build_report
from trainer.progress.reports.spreadsheets import write_attempts_csv, write_report_csv
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person, record_attempt


class Told:
    """A progress callback that keeps what it was told, and cancels when asked to."""

    def __init__(self, cancel_after: int | None = None, cancel_at_end: bool = False):
        self.calls: list[tuple[int, int]] = []
        self.cancel_after = cancel_after
        self.cancel_at_end = cancel_at_end
        #: What its Cancelled says, for ``pytest.raises(Cancelled, match=told.says)``.
        self.says = (f"cancelled after {cancel_after} calls" if cancel_after is not None
                     else "cancelled at the end")

    def __call__(self, done: int, total: int) -> None:
        self.calls.append((done, total))
        if self.cancel_after is not None and len(self.calls) > self.cancel_after:
            raise Cancelled(self.says)
        if self.cancel_at_end and done == total:
            raise Cancelled(self.says)

    def check(self) -> int:
        """Increasing ``done`` of one ``total`` > 0, from (0, total) to (total, total)."""
        assert self.calls, "never told"
        total = self.calls[0][1]
        assert total > 0
        assert {t for _d, t in self.calls} == {total}
        dones = [d for d, _t in self.calls]
        assert dones == sorted(set(dones)), dones  # strictly increasing
        assert self.calls[0] == (0, total) and self.calls[-1] == (total, total)
        assert len(self.calls) <= 2 * REPORTS + 10  # a modest rate, not once per row
        return total


def leftovers(folder):
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def folder(tmp_path):
    """Where the exports go (the database is in ``tmp_path``)."""
    path = tmp_path / "exports"
    path.mkdir()
    return path


@pytest.fixture
def other(tmp_path):
    with Store(tmp_path / "other" / "progress.sqlite3") as desk:
        person = add_instructor(desk, "Outra Mestre", PASSWORD)
        yield desk, sign_in(desk, person.id, PASSWORD)


# The helpers --------------------------------------------------------------------------------

def test_steps_tell_about_every_percent_of_a_million():
    told = Told()
    steps = Steps(told, 1_000_000)
    mark = steps.next_at
    for count in range(1, 1_000_001):
        if count >= mark:
            mark = steps.reach(count)
    steps.finish()
    assert told.check() == 1_000_000
    assert 95 <= len(told.calls) <= 102


def test_steps_without_a_callback_are_never_reached():
    steps = Steps(None, 10)
    assert steps.next_at > 10**15
    steps.advance(10)
    steps.finish()  # nothing to tell, nothing raised


def test_steps_tell_each_mark_once_and_the_end_only_when_finished():
    for total, every in ((250, 2), (150, 1)):
        told = Told()
        steps = Steps(told, total)
        for _ in range(total):
            steps.advance()
        assert steps.count == total
        steps.finish()
        assert [done for done, _t in told.calls] == [
            0, *range(every, total - 1, every), total - 1, total]  # total told by finish alone


def test_reaching_a_count_short_of_the_next_mark_tells_nothing():
    told = Told()
    steps = Steps(told, 250)  # a mark every 2
    assert steps.reach(1) == 2 and told.calls == [(0, 250)]
    assert steps.reach(2) == 4 and told.calls == [(0, 250), (2, 250)]


def test_no_work_is_one_unit_of_work():
    told = Told()
    steps = Steps(told, 0)
    steps.finish()
    assert told.calls == [(0, 1), (1, 1)]


def test_stages_map_each_stage_onto_its_share_of_the_whole():
    told = Told()
    stages = Stages(told, [10, 30], reports=20)  # a report every 2 of the 40
    first, second = stages.stage(0), stages.stage(1)
    for done in range(6):
        first(done, 5)
    for done in range(8):
        second(done, 7)
    assert told.calls == [(0, 40), (2, 40), (4, 40), (6, 40), (8, 40), (10, 40), (14, 40),
                          (18, 40), (22, 40), (27, 40), (31, 40), (35, 40), (40, 40)]


def test_small_stages_tell_every_unit_of_the_whole():
    told = Told()
    stages = Stages(told, [1, 2])  # fewer units than reports: every unit is told
    for done in range(2):
        stages.stage(0)(done, 1)
    for done in range(0, 5, 2):
        stages.stage(1)(done, 4)
    assert told.calls == [(0, 3), (1, 3), (2, 3), (3, 3)]
    told = Told()
    stage = Stages(told, [30], reports=20).stage(0)  # 30 units, 20 reports: each unit
    for done in range(31):
        stage(done, 30)
    assert [done for done, _t in told.calls] == list(range(31))
    told = Told()
    stage = Stages(told, [4]).stage(0)  # a stage of one unit ends its share of the whole
    stage(0, 1)
    stage(1, 1)
    assert told.calls == [(0, 4), (4, 4)]


def test_stages_tell_one_increasing_whole():
    told = Told()
    stages = Stages(told, [10, 30], reports=40)
    for k, total in ((0, 5), (1, 7)):
        steps = Steps(stages.stage(k), total)
        for _ in range(total):
            steps.advance()
        steps.finish()
    assert told.check() == 40
    assert (10, 40) in told.calls  # the first stage ends where the second begins
    assert Stages(None, [1]).stage(0) is None


def test_whole_file_renames_at_the_end_or_leaves_nothing(tmp_path):
    out = tmp_path / "kept.csv"
    out.write_text("the old file")
    with pytest.raises(Cancelled, match="half written"), whole_file(out) as partial:
        partial.write_text("half")
        raise Cancelled("half written")
    assert out.read_text() == "the old file" and leftovers(tmp_path) == ["kept.csv"]
    with whole_file(out) as partial:
        partial.write_text("new")
    assert out.read_text() == "new" and leftovers(tmp_path) == ["kept.csv"]
    missing = tmp_path / "nowhere" / "report.csv"
    with pytest.raises(FileNotFoundError,
                       match=r"\[Errno 2\] No such file") as caught, whole_file(missing) as partial:
        partial.write_text("x")
    assert caught.value.filename == str(missing) and caught.value.errno == errno.ENOENT


# Reports ------------------------------------------------------------------------------------

def test_the_attempts_csv_tells_its_answers_and_is_the_same_file(store, classroom, folder):
    told = Told()
    count = write_attempts_csv(store, classroom, folder / "told.csv", "en", progress=told)
    write_attempts_csv(store, classroom, folder / "plain.csv", "en")
    assert told.check() == count == connection(store).execute(
        "SELECT count(*) FROM attempts").fetchone()[0]
    assert (folder / "told.csv").read_bytes() == (folder / "plain.csv").read_bytes()
    assert leftovers(folder) == ["plain.csv", "told.csv"]


def test_a_cancelled_attempts_csv_leaves_no_file(store, classroom, folder):
    out = folder / "answers.csv"
    with pytest.raises(Cancelled, match="cancelled after 5 calls"):
        write_attempts_csv(store, classroom, out, "en", progress=Told(cancel_after=5))
    assert leftovers(folder) == []
    out.write_text("last week's export")
    # cancelled at the very end: still nothing written
    with pytest.raises(Cancelled, match="cancelled at the end"):
        write_attempts_csv(store, classroom, out, "en", progress=Told(cancel_at_end=True))
    assert out.read_text() == "last week's export" and leftovers(folder) == ["answers.csv"]


def test_building_a_report_tells_the_summaries_read(store, classroom):
    told = Told()
    report = build_report(leave_to_see(store, classroom), progress=told)
    assert told.check() == connection(store).execute("SELECT count(*) FROM skill_stats").fetchone(
            )[0]
    assert report == build_report(leave_to_see(store, classroom), at=report.generated_at)


def test_the_report_csv_tells_its_lines_and_can_be_cancelled(store, classroom, folder):
    report = build_report(leave_to_see(store, classroom))
    told = Told()
    write_report_csv(store, classroom, report, folder / "r.zip", "en", progress=told)
    with zipfile.ZipFile(folder / "r.zip") as archive:
        lines = sum(len(archive.read(name).decode("utf-8-sig").splitlines())
                    for name in archive.namelist() if name.endswith(".csv"))
    assert told.check() == lines  # each table's header and rows
    with pytest.raises(Cancelled, match="cancelled after 3 calls"):
        write_report_csv(store, classroom, report, folder / "gone.zip", "en",
                         progress=Told(cancel_after=3))
    assert leftovers(folder) == ["r.zip"]


# Bundles ------------------------------------------------------------------------------------

def test_a_bundle_export_tells_its_entries(store, classroom, tmp_path):
    told = Told()
    contents = export_bundle(store, classroom, tmp_path / "all.zip", progress=told)
    assert told.check() == sum(n for _table, n in contents.rows)
    one = store.people()[1]
    told = Told()
    mine = export_bundle(store, classroom, tmp_path / "one.zip", one.id, progress=told)
    assert told.check() == sum(n for _table, n in mine.rows)


def test_every_row_of_a_long_table_is_counted_once(tmp_path):
    # Written in blocks of 4096 lines: the rows of each block, and the rest, counted once.
    rows = [{"id": n} for n in range(4096 * 2 + 5)]
    steps = Steps(None, len(rows))
    with zipfile.ZipFile(tmp_path / "long.zip", "w") as archive:
        written = _write_member(archive, "long.jsonl", iter(rows), steps)
    assert steps.count == written["rows"] == len(rows)
    with zipfile.ZipFile(tmp_path / "long.zip") as archive:
        assert archive.read("long.jsonl").count(b"\n") == len(rows)


def test_a_cancelled_bundle_export_leaves_no_file(store, classroom, folder):
    for told in (Told(cancel_after=2), Told(cancel_at_end=True)):
        with pytest.raises(Cancelled, match=told.says):
            export_bundle(store, classroom, folder / "all.zip", progress=told)
        assert leftovers(folder) == []


def test_an_import_tells_its_passes_in_order(store, classroom, tmp_path, other):
    bundle = export_bundle(store, classroom, tmp_path / "all.zip", with_instructors=True)
    desk, teacher = other
    told = Told()
    summary = import_bundle(desk, teacher, bundle.path, progress=told,
                            accept_instructors=("Demo Instructor",), source=INSTRUCTOR_DESK)
    total = told.check()
    rows = sum(n for _table, n in bundle.rows)
    assert total == rows * sum(weight for _name, weight in IMPORT_PASSES)
    passes = [import_pass(done, total) for done, _t in told.calls]
    names = [name for name, _done, _rows in passes]
    assert sorted(set(names), key=names.index) == [name for name, _w in IMPORT_PASSES]
    assert names == sorted(names, key=[name for name, _w in IMPORT_PASSES].index)
    assert all(0 <= done <= rows == of for _name, done, of in passes)
    assert passes[-1] == ("merge", rows, rows)
    assert summary.count("attempts") == bundle.count("attempts")


def test_an_imports_figures_are_read_back_as_its_passes():
    # Ten rows: checked ×5 (0-49), summed ×2 (50-69), merged ×3 (70-100).
    total = 10 * 10
    assert [import_pass(done, total) for done in (0, 4, 5, 49, 50, 51, 52, 69, 70, 72,
                                                 73, 100)] == [
        ("check", 0, 10), ("check", 0, 10), ("check", 1, 10), ("check", 9, 10),
        ("summaries", 0, 10), ("summaries", 0, 10), ("summaries", 1, 10),
        ("summaries", 9, 10), ("merge", 0, 10), ("merge", 0, 10), ("merge", 1, 10),
        ("merge", 10, 10)]
    assert import_pass(total + 100, total) == ("merge", 10, 10)  # never past its rows
    assert import_pass(total - 1, total - 1) == ("merge", 9, 9)
    assert import_pass(0, 5) == ("check", 0, 1)  # fewer figures than weights: still one row
    assert import_pass(3, 5) == ("check", 0, 1)


def test_an_empty_bundle_is_imported_as_one_row_per_pass(store, tmp_path, other):
    teacher = sign_in(store, add_instructor(store, "Mestre", PASSWORD).id, PASSWORD)
    bundle = export_bundle(store, teacher, tmp_path / "empty.zip")
    assert sum(n for _table, n in bundle.rows) == 0
    desk, other_teacher = other
    told = Told()
    import_bundle(desk, other_teacher, bundle.path, progress=told, source=INSTRUCTOR_DESK)
    assert told.check() == 10
    assert [import_pass(done, 10) for done, _t in told.calls] == [
        ("check", 0, 1), ("summaries", 0, 1), ("summaries", 0, 1), ("merge", 0, 1),
        ("merge", 1, 1)]  # each pass told, compared then folded, and the end


def test_an_import_tells_the_rows_checked_as_it_checks_them(store, tmp_path, other):
    teacher = sign_in(store, add_instructor(store, "Mestre", PASSWORD).id, PASSWORD)
    ana = add_person(store, "Ana")
    for seed in range(5):
        record_attempt(store, ana.id, None, *answered(seed=seed), 900)
    bundle = export_bundle(store, teacher, tmp_path / "small.zip")
    rows = sum(n for _table, n in bundle.rows)
    desk, other_teacher = other
    told = Told()
    import_bundle(desk, other_teacher, bundle.path, progress=told, source=INSTRUCTOR_DESK)
    passes = [import_pass(done, total) for done, total in told.calls]
    assert [("check", n, rows) for n in range(rows)] == passes[:rows]
    assert passes[rows] == ("summaries", 0, rows)


@pytest.mark.parametrize("stage", [name for name, _weight in IMPORT_PASSES] + ["end"])
def test_a_cancelled_import_leaves_the_database_untouched(store, classroom, tmp_path, other,
                                                         stage):
    bundle = export_bundle(store, classroom, tmp_path / "all.zip", with_instructors=True).path
    desk, teacher = other
    before = dump(desk.path)

    def cancel_in_stage(done, total):
        if stage == "end" and done == total or import_pass(done, total)[0] == stage:
            raise Cancelled(f"cancelled in {stage}")

    with pytest.raises(Cancelled, match=f"cancelled in {stage}"):
        import_bundle(desk, teacher, bundle, progress=cancel_in_stage,
                      accept_instructors=("Demo Instructor",), source=INSTRUCTOR_DESK)
    assert dump(desk.path) == before
    import_bundle(desk, teacher, bundle,  # and the same bundle imports afterwards
                  accept_instructors=("Demo Instructor",), source=INSTRUCTOR_DESK)
    assert dump(desk.path) != before
