"""What an export leaves out of a bundle (:mod:`trainer.progress.bundles.left_out`): a damaged
row, with what refers to it, and nothing else."""

import json

from tests.progress.conftest import damage, question
from tests.progress.test_bundles import members
from trainer.progress.bundles import left_out
from trainer.progress.bundles.export import export_bundle
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import record_attempt


def exported(store, classroom, path):
    """Everyone's bundle, as rows by table; and what the export said it left out."""
    store.damaged_rows.clear()
    contents = members(export_bundle(store, classroom, path, with_instructors=True).path)
    return ({table: [json.loads(line) for line in contents[f"{table}.jsonl"].splitlines()]
             for table in ("sittings", "attempts", "results")},
            [str(note) for note in store.damaged_rows])


def ids(rows, **where):
    return {row["id"] for row in rows if all(row[k] == v for k, v in where.items())}


def test_a_damaged_practice_answer_is_left_out_alone(store, classroom, tmp_path):
    """Alone, however many answers follow it: more than are checked together too."""
    [trainee] = connection(store).execute("SELECT id FROM people WHERE role = 'trainee' LIMIT 1"
                                 ).fetchone()
    for n in range(left_out.BATCH):
        record_attempt(store, trainee, None, question(seed=n), 1, True, 1.0, 900)
    before, _ = exported(store, classroom, tmp_path / "before.zip")
    answer = connection(store).execute(
            "SELECT id FROM attempts WHERE sitting_id IS NULL ORDER BY rowid "
                              "LIMIT 1").fetchone()[0]
    damage(store.path, "UPDATE attempts SET score = 'x' WHERE id = ?", [answer])
    after, said = exported(store, classroom, tmp_path / "after.zip")
    assert ids(after["attempts"]) == ids(before["attempts"]) - {answer}
    assert after["sittings"] == before["sittings"] and after["results"] == before["results"]
    assert said == [str(left_out.damaged_note("attempts", {"id": answer}, "score"))]


def test_a_damaged_exam_answer_or_result_takes_its_whole_sitting_out(store, classroom,
                                                                     tmp_path):
    """The importer grades a sitting again whole: one damaged answer or result of it, and
    the sitting goes with all its answers and its result; the others stay."""
    before, _ = exported(store, classroom, tmp_path / "before.zip")
    first, second, *others = sorted(ids(before["sittings"]))
    answer = sorted(ids(before["attempts"], sitting_id=first))[0]
    damage(store.path, "UPDATE attempts SET score = 'x' WHERE id = ?", [answer])
    damage(store.path, "UPDATE exam_results SET passed = 7 WHERE sitting_id = ?", [second])
    after, said = exported(store, classroom, tmp_path / "after.zip")
    assert ids(after["sittings"]) == set(others)
    assert {row["sitting_id"] for row in after["results"]} == set(others)
    assert ids(after["attempts"]) == {row["id"] for row in before["attempts"]
                                      if row["sitting_id"] not in (first, second)}
    assert len(said) == 2
