"""``python -m ui grades``: the Moodle grade file and xAPI statements from the command line."""

import csv
import json

from tests.progress.test_command_line import demo_db  # noqa: F401 - the fixture
from trainer.progress import Role, Store
from trainer.progress.demo import DEMO_PASSWORD
from trainer.progress.people.accounts import sign_in
from trainer.progress.people.id_numbers import set_id_number
from trainer.progress.xapi_home_page import save_home_page
from ui.grades_command import main


def test_grades_in_both_formats(demo_db, tmp_path, capsys):  # noqa: F811 - the fixture
    with Store(demo_db) as store:
        teacher = store.people(Role.INSTRUCTOR)[0]
        actor = sign_in(store, teacher.id, DEMO_PASSWORD)
        first = store.people(Role.TRAINEE)[0]
        set_id_number(store, actor, first.id, "S-1")
    out = tmp_path / "grades.csv"
    assert main(["--db", str(demo_db), "--format", "moodle", "--out", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"{out}: 1 / 4"
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0][0] == "ID number" and [row[0] for row in rows[1:]] == ["S-1"]
    statements = tmp_path / "s.json"
    assert main(["--db", str(demo_db), "--format", "xapi", "--out", str(statements)]) == 1
    assert "type its address first" in capsys.readouterr().err
    with Store(demo_db) as store:
        save_home_page(store, sign_in(store, teacher.id, DEMO_PASSWORD), "https://lms.example")
    assert main(["--db", str(demo_db), "--format", "xapi", "--out", str(statements)]) == 0
    found = json.loads(statements.read_text(encoding="utf-8"))
    assert {s["actor"]["account"]["name"] for s in found} == {"S-1"}


def test_lrs_sends_the_outbox_or_says_why_not(demo_db, capsys):  # noqa: F811 - the fixture
    from tests.progress.ralph_lrs import free_port
    from trainer.progress.record_store.outbox import counts
    from trainer.progress.record_store.settings import save_record_store
    assert main(["--db", str(demo_db)]) == 1
    assert "or --lrs to send them" in capsys.readouterr().err
    assert main(["--db", str(demo_db), "--lrs"]) == 1
    assert "No learning record store is set" in capsys.readouterr().err
    with Store(demo_db) as store:
        actor = sign_in(store, store.people(Role.INSTRUCTOR)[0].id, DEMO_PASSWORD)
        save_home_page(store, actor, "https://lms.example")
        set_id_number(store, actor, store.people(Role.TRAINEE)[0].id, "S-1")
        save_record_store(store, actor, f"http://127.0.0.1:{free_port()}/xAPI", "desk", "s")
    assert main(["--db", str(demo_db), "--lrs"]) == 1
    assert "cannot be reached now" in capsys.readouterr().err
    with Store(demo_db) as store:
        left = counts(store)
    assert left.sent == 0 and left.queued > 0
