"""Crashes and two app instances: no answer whose result was shown is lost or doubled."""

import os
import signal
import subprocess
import sys
from pathlib import Path

from trainer.progress import Store
from trainer.progress.storage.backups import problems
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person, stored_attempts

ROOT = Path(__file__).resolve().parents[2]


def answering(db, person_id, count, pause=0.0):
    return subprocess.Popen(
        [sys.executable, "-m", "tests.progress.answering", str(db), person_id, str(count),
         str(pause)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True, env=os.environ | {"PYTHONPATH": str(ROOT)})


def test_killing_the_app_mid_quiz_loses_no_answer_it_showed(tmp_path):
    db = tmp_path / "p.sqlite3"
    with Store(db) as store:
        ana = add_person(store, "Ana")
    process = answering(db, ana.id, 100_000)
    shown = []
    for line in process.stdout:
        shown.append(line.strip())
        if len(shown) == 300:
            process.send_signal(signal.SIGKILL)
            break
    process.wait(timeout=30)
    shown += [line.strip() for line in process.stdout]  # any printed before it died
    assert process.returncode == -signal.SIGKILL
    assert problems(db) == []
    with Store(db) as store:
        stored = {a.id for a in stored_attempts(store, ana.id)}
        summary = connection(store).execute("SELECT attempts FROM skill_stats").fetchone()[0]
    assert set(shown) <= stored
    assert len(stored) - len(shown) <= 1  # at most the one committed as it was killed
    assert summary == len(stored)  # the summaries were committed with each answer


def test_two_instances_writing_at_once_lose_and_double_nothing(tmp_path):
    db = tmp_path / "p.sqlite3"
    with Store(db) as store:
        ana, bruno = add_person(store, "Ana"), add_person(store, "Bruno")
    each = 400
    writers = [answering(db, person.id, each, 0.001) for person in (ana, bruno, ana)]
    printed = [p.communicate(timeout=120)[0].split() for p in writers]
    assert [p.returncode for p in writers] == [0, 0, 0]
    with Store(db) as store:
        ids = [row[0] for row in connection(store).execute("SELECT id FROM attempts")]
        per_person = dict(connection(store).execute(
            "SELECT person_id, sum(attempts) FROM skill_stats GROUP BY person_id").fetchall())
        weekly = connection(store).execute("SELECT sum(attempts) FROM weekly_stats").fetchone()[0]
        order = [row[0] for row in connection(store).execute(
            "SELECT person_id FROM attempts ORDER BY rowid")]
    switches = sum(a != b for a, b in zip(order, order[1:], strict=False))
    assert switches > 20  # the instances really did write at the same time
    assert sorted(ids) == sorted(sum(printed, []))
    assert len(set(ids)) == len(ids) == 3 * each
    assert per_person == {ana.id: 2 * each, bruno.id: each}  # no summary update lost
    assert weekly == 3 * each
