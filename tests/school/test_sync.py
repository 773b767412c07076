"""Desktops and an instructor desk syncing with a real school server (no mocks)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import psycopg
import pytest

from tests.progress.test_exams import PARTS, sit
from tests.school.school import (
    PASSWORD,
    Desktop,
    answer,
    push_as,
    real,
    same_rows,
    server_rows,
)
from trainer.progress.bundles.format import BundleLimits
from trainer.progress.exams.sittings import create_exam, exams, result_of, submit_sitting
from trainer.progress.house_rules import (
    read_house_rules,
    read_round_pars,
    save_house_rules,
    save_round_pars,
)
from trainer.progress.learning.targets import MasteryTargets, TargetTable
from trainer.progress.people.accounts import (
    NotAllowed,
    add_instructor,
    delete_person,
    set_pin,
    sign_in,
)
from trainer.progress.people.namesakes import merge_namesake, namesakes
from trainer.progress.school.identity import give_first_pins
from trainer.progress.school.outbox import held_answers
from trainer.progress.school.server.schema import SchoolError
from trainer.progress.storage.database import connection, writing
from trainer.progress.storage.ledger import (
    add_person,
    end_session,
    record_attempt,
    start_session,
    stored_attempts,
    stored_setting,
)
from trainer.progress.storage.store import Role, StoreError
from trainer.rounds.games import start
from trainer.rounds.modes import Mode
from trainer.rounds.pars import Pars
from trainer.rules.house import HouseRules


def test_answers_reach_the_desk_through_the_inbox_and_come_back(school_setup):
    server, desk, ana_desktop = school_setup.server, school_setup.desk, school_setup.desktop()
    ana = school_setup.trainee(ana_desktop, "Ana Lei")
    answer(ana_desktop.store, ana.id, 5)
    first = ana_desktop.sync()
    assert first.pushed >= 5 + 2  # the answers, their session and their trainee
    with psycopg.connect(server.admin) as admin:
        assert admin.execute("SELECT count(*) FROM inbox").fetchone()[0] == 1
    done = desk.sync()
    assert done.merged == 1 and done.refused == 0
    assert len(stored_attempts(desk.store, ana.id)) == 5
    with psycopg.connect(server.admin) as admin:
        assert admin.execute("SELECT count(*) FROM inbox").fetchone()[0] == 0
        assert admin.execute("SELECT count(*) FROM shared_attempts").fetchone()[0] == 5
    ana_desktop.sync()
    same_rows(server, desk, ana_desktop)


def test_an_idle_sync_sends_and_takes_nothing(school_setup):
    desktop = school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    answer(desktop.store, ana.id, 3)
    desktop.sync()
    school_setup.desk.sync()
    desktop.sync()
    written = connection(desktop.store).conn.total_changes
    again = desktop.sync()
    assert (again.pushed, again.pulled, again.left_out) == (0, 0, 0)
    assert connection(desktop.store).conn.total_changes == written  # nothing even written here
    desk_again = school_setup.desk.sync()
    assert (desk_again.pushed, desk_again.pulled, desk_again.merged, desk_again.refused,
            desk_again.left_out) == (0, 0, 0, 0, 0)


def test_the_desktop_role_may_not_write_what_is_shared(school_setup):
    with psycopg.connect(school_setup.server.desktop_url) as desktop:
        for statement in (
                "INSERT INTO shared_people (id, name, role, created_at, change) "
                "VALUES ('x', 'Eve', 'instructor', '2026-01-01T00:00:00Z', 1)",
                "UPDATE shared_results SET passed = 1",
                "DELETE FROM shared_exams",
                "SELECT * FROM shared_credentials",
                "SELECT * FROM inbox",
                "INSERT INTO inbox (batch) VALUES ('{}')",
                "SELECT * FROM shared_attempts",
                "SELECT * FROM shared_sittings",
                "SELECT * FROM exam_registrations",
                "SELECT * FROM trainee_pins",
                "SELECT * FROM trainee_tokens",
                "DELETE FROM inbox"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege,
                               match="permission denied"):
                desktop.execute(statement)
            desktop.rollback()


def test_a_deletion_travels_and_the_trainee_does_not_come_back(school_setup):
    desk, desktop = school_setup.desk, school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    answer(desktop.store, ana.id, 3)
    desktop.sync()
    desk.sync()
    desktop.sync()  # up to date with the desk
    answer(desktop.store, ana.id, 2)  # offline on her desktop, meanwhile
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    delete_person(desk.store, teacher, ana.id)
    desk.sync()
    assert server_rows(school_setup.server, "people", {ana.id}) == set()
    back = desktop.sync()  # her token no longer sends; the deletion comes back here
    assert ana.id not in {p.id for p in desktop.store.people()}
    assert back.pulled == 1  # the deletion, and nothing else changed
    assert back.pushed == 0 and back.left_out == 2  # her two answers, dropped and said
    assert back.line().endswith(", left out 2 rows of deleted people")
    assert ana.id not in {p.id for p in desk.store.people()}
    assert server_rows(school_setup.server, "attempts", {ana.id}) == set()
    same_rows(school_setup.server, desk, desktop)


def test_a_crafted_batch_bringing_an_instructor_is_refused_whole(school_setup):
    """Attack: the desktop role's password is on every desktop; with psql anyone can add a
    batch that makes them an instructor. The desk's merge refuses it, as it refuses such a
    bundle, and keeps it aside for the instructor to see."""
    desktop = school_setup.desktop()
    eve = school_setup.trainee(desktop, "Eve")
    row = {"id": eve.id, "name": "Eve", "role": "instructor", "language": None,
           "created_at": eve.created_at}
    push_as(school_setup, desktop, {"people": [row]})  # her own row, her own token
    done = school_setup.desk.sync()
    assert (done.merged, done.refused) == (0, 1)
    assert school_setup.desk.store.person(eve.id).role is Role.TRAINEE
    assert server_rows(school_setup.server, "people", {eve.id}) == {
        (eve.id, "Eve", "trainee", None, eve.created_at)}
    with psycopg.connect(school_setup.server.admin) as admin:
        [(reason,)] = admin.execute("SELECT reason FROM refused_batches").fetchall()
        assert admin.execute("SELECT count(*) FROM inbox").fetchone()[0] == 0
    assert "instructor" in reason


def sat_at_school(school_setup, *, right: bool):
    """An exam set on the desk, synced to Ana's desktop, sat there (every answer right, or
    every answer wrong), submitted and synced back to the inbox."""
    desk, desktop = school_setup.desk, school_setup.desktop()
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    ana = school_setup.trainee(desktop, "Ana Lei")
    answer(desktop.store, ana.id, 1)
    desktop.sync()
    made = create_exam(desk.store, teacher, "Week 4 check", PARTS, seed=2024, time_limit_s=600,
                       pass_percent=Decimal(60), same_questions=True)
    desk.sync()
    desktop.sync()
    actor = sign_in(desktop.store, ana.id)
    sitting, at = sit(desktop.store, actor, exams(desktop.store)[0], lambda index: right,
                      register=desktop.registrar())
    submit_sitting(desktop.store, actor, sitting.id, at)
    desktop.sync()
    return desk, desktop, made, sitting


def test_an_exam_set_on_the_desk_reaches_the_trainee_and_its_result_comes_back_frozen(
        school_setup):
    desk, desktop, made, sitting = sat_at_school(school_setup, right=True)
    assert exams(desktop.store) == [made]
    desk.sync()
    result = result_of(desk.store, sitting.id)
    assert result.passed and result.correct == result.questions
    with psycopg.connect(school_setup.server.admin) as admin:
        with pytest.raises(psycopg.errors.RaiseException, match="exam results are final"):
            admin.execute("UPDATE shared_results SET passed = 0")
        admin.rollback()
        with pytest.raises(psycopg.errors.RaiseException, match="exams are never changed"):
            admin.execute("UPDATE shared_exams SET pass_percent = '0'")
        admin.rollback()
        with pytest.raises(psycopg.errors.RaiseException,
                           match="a sitting changes only once, by submitted_at"):
            admin.execute("UPDATE shared_sittings SET submitted_at = %s",
                          ["2030-01-01T00:00:00.000Z"])
    same_rows(school_setup.server, desk, desktop)


def test_offline_answers_wait_and_arrive_after_the_server_comes_back(school_setup, cluster):
    desktop = school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    answer(desktop.store, ana.id, 2)
    desktop.sync()
    cluster.stop_only()
    try:
        answer(desktop.store, ana.id, 4)  # answering never waits for the server
        with pytest.raises(SchoolError, match="cannot be reached"):
            desktop.sync()
    finally:
        cluster.start_again()
    desktop.sync()
    school_setup.desk.sync()
    assert len(stored_attempts(school_setup.desk.store, ana.id)) == 6
    same_rows(school_setup.server, school_setup.desk, desktop)


def test_a_push_cut_off_before_it_commits_is_sent_again(school_setup, monkeypatch):
    desktop = school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    answer(desktop.store, ana.id, 3)

    def killed(*args, **kwargs):
        with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                          "usename = %s", [desktop.url.split("//")[1].split(":")[0]])
        raise psycopg.OperationalError("the connection was killed")

    monkeypatch.setattr("trainer.progress.school.sync.Jsonb", killed)
    with pytest.raises(SchoolError, match="stopped answering"):
        desktop.sync()
    monkeypatch.undo()
    desktop.sync()
    school_setup.desk.sync()
    assert len(stored_attempts(school_setup.desk.store, ana.id)) == 3
    same_rows(school_setup.server, school_setup.desk, desktop)


def test_a_push_whose_mark_was_lost_sends_the_batch_twice_and_nothing_doubles(school_setup,
                                                                          monkeypatch):
    desktop = school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    answer(desktop.store, ana.id, 3)

    def lost(db, out):
        raise psycopg.OperationalError("the desktop stopped after the server committed")

    monkeypatch.setattr("trainer.progress.school.sync.mark_sent", lost)
    with pytest.raises(SchoolError, match="stopped answering"):
        desktop.sync()
    monkeypatch.undo()
    desktop.sync()
    with psycopg.connect(school_setup.server.admin) as admin:
        assert admin.execute("SELECT count(*) FROM inbox").fetchone()[0] == 2
    done = school_setup.desk.sync()
    assert done.merged == 2
    assert len(stored_attempts(school_setup.desk.store, ana.id)) == 3
    same_rows(school_setup.server, school_setup.desk, desktop)


def test_eight_desktops_syncing_at_once_lose_and_double_nothing(school_setup, tmp_path):
    url, desk = school_setup.server.desktop_url, school_setup.desk
    trainees = [add_person(desk.store, f"Trainee {n}") for n in range(8)]
    desk.sync()
    first = give_first_pins(desk.url, desk.login, PASSWORD, [t.id for t in trainees])
    running = [subprocess.Popen(
        [sys.executable, "-m", "tests.school.desktop_process",
         str(tmp_path / f"process{n}" / "progress.sqlite3"), url, f"Trainee {n}", "5", "3"],
        cwd=Path(__file__).parents[2], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "CROUPIER_TRAINER_PIN": first[trainee.id],
             "CROUPIER_TRAINER_NEW_PIN": "97531"},
        text=True) for n, trainee in enumerate(trainees)]
    for process in running:
        out, err = process.communicate(timeout=600)
        assert process.returncode == 0, err
        assert out.strip().splitlines()[-1].startswith("pushed "), out
    school_setup.desk.sync()
    with psycopg.connect(school_setup.server.admin) as admin:
        assert admin.execute("SELECT count(*), count(DISTINCT id) FROM shared_attempts"
                             ).fetchone() == (8 * 5 * 3, 8 * 5 * 3)
    desktops = []
    for n in range(8):
        desktop = Desktop(school_setup.open(f"process{n}"), url)
        desktop.sync()
        desktops.append(desktop)
    same_rows(school_setup.server, school_setup.desk, *desktops)


def test_house_rules_set_on_the_desk_reach_every_desktop_and_no_desktop_changes_them(
        school_setup):
    desk, desktop = school_setup.desk, school_setup.desktop()
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    chosen = replace(HouseRules(), commission_unit=Decimal("0.1"))
    save_house_rules(desk.store, teacher, chosen)
    desk.sync()
    desktop.sync()
    assert read_house_rules(desktop.store) == (chosen, None)
    with psycopg.connect(school_setup.server.desktop_url) as trainee_desktop:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
            trainee_desktop.execute("UPDATE shared_settings SET value = '{}'")
    with psycopg.connect(school_setup.server.admin) as admin:  # a value no desk would save
        admin.execute("UPDATE shared_settings SET value = '{\"x\": 1}' WHERE key = 'house_rules'")
    assert desktop.sync().pulled == 1  # the setting read (and left out), nothing else
    assert read_house_rules(desktop.store) == (chosen, None)


def test_round_pars_set_on_the_desk_reach_every_desktop_and_no_desktop_changes_them(
        school_setup):
    desk, desktop = school_setup.desk, school_setup.desktop()
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    chosen = Pars(mahjong_baccarat=200, thirteen=240)
    save_round_pars(desk.store, teacher, chosen)
    desk.sync()
    desktop.sync()
    assert read_round_pars(desktop.store) == (chosen, None)
    assert start("thirteen", 5, Mode.PRACTICE, pars=read_round_pars(desktop.store)[0]
                 ).par_seconds == 240
    with psycopg.connect(school_setup.server.desktop_url) as trainee_desktop:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
            trainee_desktop.execute("UPDATE shared_settings SET value = '{}' "
                                    "WHERE key = 'round_pars'")
    with psycopg.connect(school_setup.server.admin) as admin:  # a par no desk would save
        admin.execute("UPDATE shared_settings SET value = '{\"thirteen\": 5}' "
                      "WHERE key = 'round_pars'")
    assert desktop.sync().pulled == 1  # the setting read (and left out), nothing else
    assert read_round_pars(desktop.store) == (chosen, None)
    with psycopg.connect(school_setup.server.admin) as admin:  # the shortest a desk saves
        admin.execute("UPDATE shared_settings SET value = '{\"thirteen\": 30}' "
                      "WHERE key = 'round_pars'")
    desktop.sync()
    assert read_round_pars(desktop.store) == (Pars(thirteen=30), None)


def test_a_setting_changed_on_the_desk_before_it_syncs_is_not_undone_by_the_pull(school_setup):
    desk = school_setup.desk
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    first = replace(HouseRules(), commission_unit=Decimal("0.1"))
    save_house_rules(desk.store, teacher, first)
    desk.sync()
    save_house_rules(desk.store, teacher, HouseRules())
    other = Desktop(school_setup.open("other-desk"), desk.url, desk.login)
    other.sync()
    other_teacher = sign_in(other.store, teacher.person.id, PASSWORD)
    save_house_rules(other.store, other_teacher,
                     replace(HouseRules(), commission_unit=Decimal("0.5")))
    other.sync()  # the server changed since this desk's last sync: its pull is not idle
    desk.sync()  # pulls first: the other desk's rules come, but its own unsent ones stay
    assert read_house_rules(desk.store) == (HouseRules(), None)
    with psycopg.connect(school_setup.server.admin) as admin:
        [(value,)] = admin.execute(
            "SELECT value FROM shared_settings WHERE key = 'house_rules'").fetchall()
    assert HouseRules.from_json(json.loads(value)) == HouseRules()


def test_rows_a_desktop_may_not_send_stay_here_and_do_not_hold_back_the_rest(
        school_setup, monkeypatch):
    monkeypatch.setattr("trainer.progress.school.outbox.INBOX_BATCH",
                        BundleLimits(unpacked_bytes=5_000_000, rows=4))  # batches of 2 answers
    desktop = school_setup.desktop()
    own = add_instructor(desktop.store, "Mestra Local", PASSWORD)
    answer(desktop.store, own.id, 5)  # an instructor practising on a trainee desktop
    ana = school_setup.trainee(desktop, "Ana Lei")
    answer(desktop.store, ana.id, 3)
    desktop.sync()
    done = school_setup.desk.sync()
    assert done.refused == 0
    assert len(stored_attempts(school_setup.desk.store, ana.id)) == 3
    assert "Mestra Local" not in {p.name for p in school_setup.desk.store.people()}
    assert desktop.sync().pushed == 0
    assert held_answers(connection(desktop.store)) == 0  # hers wait for no sign-in: they never go



def test_a_desktop_sends_its_work_in_batches_within_the_inbox_limits(school_setup,
                                                                     monkeypatch):
    """A desktop's batches are held to the inbox's limits as the server holds them: several
    small ones, each within them, never one for everything."""
    monkeypatch.setattr("trainer.progress.school.outbox.INBOX_BATCH",
                        BundleLimits(unpacked_bytes=5_000_000, rows=4))
    desktop = school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    answer(desktop.store, ana.id, 5)
    assert desktop.sync().pushed >= 5
    with psycopg.connect(school_setup.server.admin) as admin:
        sizes = [rows for (rows,) in admin.execute(
            "SELECT (SELECT sum(jsonb_array_length(found)) FROM jsonb_each(batch) AS t(tbl, "
            "found)) FROM inbox ORDER BY id")]
    assert len(sizes) >= 3 and max(sizes) <= 4, sizes
    assert school_setup.desk.sync().merged == len(sizes)
    assert len(stored_attempts(school_setup.desk.store, ana.id)) == 5

def test_a_forged_exam_answer_in_a_batch_is_refused(school_setup):
    """Attack: a trainee edits the batch their desktop sent, making a wrong exam answer
    right. The desk grades every exam answer of a batch again, as it does a bundle's."""
    desk, _desktop, _made, _sitting = sat_at_school(school_setup, right=False)
    with psycopg.connect(school_setup.server.admin) as admin:
        [(batch_id, batch)] = admin.execute("SELECT id, batch FROM inbox").fetchall()
        admin.execute("DELETE FROM inbox")
    for row in batch["attempts"]:
        if row["sitting_id"]:
            row["correct"], row["score"] = 1, 1.0
    for row in batch["results"]:
        row.update(correct=row["questions"], score_percent="100", passed=1)
    push_as(school_setup, _desktop, batch)  # signed in as herself: her own token
    done = desk.sync()
    assert (done.merged, done.refused) == (0, 1)
    assert server_rows(school_setup.server, "results") == set()
    with psycopg.connect(school_setup.server.admin) as admin:
        [(reason,)] = admin.execute("SELECT reason FROM refused_batches").fetchall()
    assert "is not what the rules core grades" in reason


def test_two_desks_setting_the_same_trainees_pin_offline_agree_on_the_newer(school_setup):
    first = school_setup.desk
    ana = add_person(first.store, "Ana Lei")
    first.sync()
    second = Desktop(school_setup.open("second-desk"), first.url, first.login)
    second.sync()  # the instructor, with the password, and Ana come to the second desk
    teacher_id = first.store.people(Role.INSTRUCTOR)[0].id
    set_pin(first.store, sign_in(first.store, teacher_id, PASSWORD), ana.id, "1111")
    set_pin(second.store, sign_in(second.store, teacher_id, PASSWORD), ana.id, "2222")
    second.sync()
    first.sync()  # the older PIN reaches the server last, and loses
    second.sync()
    for desk in (first, second):
        assert sign_in(desk.store, ana.id, "2222").person.id == ana.id
        with pytest.raises(NotAllowed, match="PIN"):
            sign_in(desk.store, ana.id, "1111")
    same_rows(school_setup.server, first)
    same_rows(school_setup.server, second)


def test_a_session_answered_across_several_syncs_arrives_whole_everywhere(school_setup):
    desk, desktop = school_setup.desk, school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    session = start_session(desktop.store, ana.id, "practice")
    for round_ in range(3):
        for n in range(2):
            record_attempt(desktop.store, ana.id, session, *real(10 * round_ + n), 900)
        desktop.sync()
        desk.sync()
    end_session(desktop.store, session)
    desktop.sync()
    desk.sync()
    second = Desktop(school_setup.open("second-desk"), desk.url, desk.login)
    second.sync()
    assert len(stored_attempts(second.store, ana.id)) == 6
    ended = "SELECT ended_at FROM sessions WHERE id = ?"
    assert connection(second.store).execute(ended, [session]).fetchone()[0] is not None
    same_rows(school_setup.server, desk, desktop)
    same_rows(school_setup.server, second)


def _namesakes_on_two_desktops(school_setup):
    """Two desks offline each add "Ana Lei", who practises on two desktops (2 and 3
    answers); everyone syncs."""
    desk, first, second = school_setup.desk, school_setup.desktop(), school_setup.desktop()
    other_desk = Desktop(school_setup.open("namesake-desk"), desk.url, desk.login)
    other_desk.sync()  # the instructor, with the password, comes to this desk
    made_there = add_person(other_desk.store, "ana  lei")  # before it hears of the first
    one = school_setup.trainee(first, "Ana Lei")
    answer(first.store, one.id, 2)
    other = school_setup.trainee(second, made_there.name, desk=other_desk)
    answer(second.store, other.id, 3)
    first.sync()
    second.sync()
    desk.sync()
    return desk, first, second, one, other


def test_two_desktops_adding_the_same_name_offline_keep_both_and_the_desk_merges_them(
        school_setup):
    desk, first, second, one, other = _namesakes_on_two_desktops(school_setup)
    [pair] = namesakes(desk.store)
    assert {p.id for p in pair} == {one.id, other.id}
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    assert merge_namesake(desk.store, teacher, one.id, other.id) == 3
    assert namesakes(desk.store) == []
    assert len(stored_attempts(desk.store, one.id)) == 5
    desk.sync()
    first.sync()
    second.sync()
    assert other.id not in {p.id for p in second.store.people()}
    assert server_rows(school_setup.server, "attempts", {one.id}) == {
        row for row in server_rows(school_setup.server, "attempts")}
    same_rows(school_setup.server, desk, first)


@pytest.mark.parametrize("merging_desk", ["the desk that merged", "a desk that heard of it"])
def test_practice_given_offline_to_a_merged_record_follows_it_through_the_server(
        school_setup, merging_desk):
    """A desktop kept practising on the record an instructor merged away before it heard of
    the merge: its answers reach the person kept, once, on the server and every desktop,
    whichever desk merges the inbox (one that only pulled the merge knows it too)."""
    desk, first, second, one, other = _namesakes_on_two_desktops(school_setup)
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    merge_namesake(desk.store, teacher, one.id, other.id)
    desk.sync()  # the merge reaches the server
    other_desk = Desktop(school_setup.open("other-desk"), desk.url, desk.login)
    other_desk.sync()  # hears of the merge
    answer(second.store, other.id, 4)  # not heard of yet on this desktop
    second.sync()  # pushes them, then hears of the merge
    assert other.id not in {p.id for p in second.store.people()}
    merging = desk if merging_desk == "the desk that merged" else other_desk
    merging.sync()  # its merge of the inbox sends them to the person kept
    desk.sync()
    first.sync()
    for store in (desk.store, first.store):
        kept = [a.id for a in stored_attempts(store, one.id)]
        assert len(kept) == 2 + 3 + 4 == len(set(kept))
    assert server_rows(school_setup.server, "attempts", {other.id}) == set()
    assert len(server_rows(school_setup.server, "attempts", {one.id})) == 9
    with psycopg.connect(school_setup.server.admin) as admin:
        assert admin.execute("SELECT merged_into FROM shared_deleted_people WHERE person_id = %s",
                             [other.id]).fetchone() == (one.id,)
    same_rows(school_setup.server, desk, first, second)


def test_a_trainee_who_sat_an_exam_is_not_merged_away(school_setup):
    desk = school_setup.desk
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    one = add_person(desk.store, "Ana Lei")
    other = replace(one, id="3c0e8d0e-1d2b-4f0a-9a41-6f2c1e0b7d21")
    with writing(desk.store) as db:  # as a sync brings a namesake made on another desktop
        db["people"].insert({**other.__dict__, "role": other.role.value})
    made = create_exam(desk.store, teacher, "Week 4 check", PARTS, seed=2024, time_limit_s=600,
                       pass_percent=Decimal(60), same_questions=True)
    sit(desk.store, sign_in(desk.store, other.id), made, lambda index: True,
        at=datetime.now(UTC) - timedelta(minutes=5))
    with pytest.raises(StoreError, match="a sitting stays with its trainee"):
        merge_namesake(desk.store, teacher, one.id, other.id)
    with pytest.raises(StoreError, match="Only two trainees with the same name"):
        merge_namesake(desk.store, teacher, one.id, teacher.person.id)


def test_a_desk_does_not_pull_back_what_it_published_itself(school_setup):
    desk, desktop = school_setup.desk, school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    answer(desktop.store, ana.id, 4)
    desktop.sync()
    first = desk.sync()
    assert first.merged == 1 and first.pushed > 0
    again = desk.sync()
    assert (again.pushed, again.pulled) == (0, 0)
    desktop.sync()  # another writer meanwhile: the desk then pulls what it did not write
    answer(desktop.store, ana.id, 1)
    desktop.sync()
    assert desk.sync().merged == 1


def test_a_trainees_history_comes_with_her_sign_in_and_is_never_sent_back(school_setup):
    desk = school_setup.desk
    ana = add_person(desk.store, "Ana Lei")
    answer(desk.store, ana.id, 3)  # her practice on the desk
    desk.sync()
    add_person(desk.store, "Bruno Chan")  # changed later: the desktop has seen past her history
    desk.sync()
    desktop = school_setup.desktop()
    school_setup.trainee(desktop, "Ana Lei")  # she signs in there, before any answer
    first = desktop.sync()  # her history comes at once
    again = desktop.sync()
    assert (first.pushed, again.pushed) == (0, 0), (first, again)
    assert first.pulled >= 3 + 1 and again.pulled == 0
    assert len(stored_attempts(desktop.store, ana.id)) == 3
    end_session(desktop.store, start_session(desktop.store, ana.id, "practice"))
    assert desktop.sync().pushed == 2  # her session, with her as the trainee it refers to



def test_answers_pulled_after_the_desktops_own_are_not_sent_back(school_setup):
    """The answers mark moves past the pulled answers' rows, not by their count: after the
    desktop's own three, two pulled from the desk are not sent back."""
    desk, desktop = school_setup.desk, school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    answer(desktop.store, ana.id, 3)
    for done in (desktop, desk, desktop):  # hers, to the desk and back
        done.sync()
    answer(desk.store, ana.id, 2)  # her practice on the desk
    desk.sync()
    assert desktop.sync().pulled >= 2
    assert desktop.sync().pushed == 0
    assert len(stored_attempts(desktop.store, ana.id)) == 5

def test_a_setting_is_taken_from_the_server_only_if_a_desk_would_save_it(school_setup):
    desktop = school_setup.desktop()
    desktop.sync()
    with psycopg.connect(school_setup.server.admin) as admin:  # mastery targets, unreadable
        admin.execute("INSERT INTO shared_settings (key, value, change) VALUES "
                      "('mastery_targets', '{\"x\": 1}', 0)")
    desktop.sync()
    assert stored_setting(desktop.store, "mastery_targets") is None
    readable = json.dumps(TargetTable().with_skill(
        "thirteen.payout", MasteryTargets(window=10)).to_json())
    with psycopg.connect(school_setup.server.admin) as admin:  # as a desk saves them
        admin.execute("UPDATE shared_settings SET value = %s WHERE key = 'mastery_targets'",
                      [readable])
    desktop.sync()
    assert stored_setting(desktop.store, "mastery_targets") == readable


def test_an_instructors_sync_counts_what_it_publishes(school_setup):
    desk = school_setup.desk
    desk.sync()  # the desk's instructor, published once
    add_person(desk.store, "Ana Lei")
    assert desk.sync().pushed == 1
    assert desk.sync().pushed == 0


def test_a_pulled_deletion_is_checked_and_kept_even_for_a_stranger(tmp_path):
    from trainer.progress import Store
    from trainer.progress.school.sync import take_deletion

    with Store(tmp_path / "d.sqlite3") as store:
        ana = add_person(store, "Ana Lei")
        stranger, kept = "0f4e1c1a-8d6b-4c1e-9a0b-2b7d5c3e4f10", ana.id
        with writing(store) as db:
            take_deletion(db, "not an id", "2026-01-01T10:00:00.000Z", None)
            take_deletion(db, stranger, "yesterday", "DROP TABLE people")
            take_deletion(db, ana.id, "2026-01-02T10:00:00.000Z", stranger)
            take_deletion(db, ana.id, "2026-01-03T10:00:00.000Z", kept)  # the first stays
        rows = dict((p, (d[:4], m)) for p, d, m in connection(store).execute(
            "SELECT person_id, deleted_at, merged_into FROM deleted_people"))
        assert rows == {stranger: ("2026", None), ana.id: ("2026", stranger)}
        assert store.people() == []


def test_a_server_failing_during_a_sync_is_offline_and_the_next_sync_finishes(school_setup):
    """Any failure once connected (here the inbox gone, as halfway through a botched
    upgrade) is the server not answering: nothing is marked sent, and the next sync, the
    server mended, sends it all."""
    desktop = school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    answer(desktop.store, ana.id, 2)
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
        admin.execute("ALTER TABLE inbox RENAME TO inbox_away")
        try:
            with pytest.raises(SchoolError, match="stopped answering during the sync") as failed:
                desktop.sync()
            assert failed.value.offline
        finally:
            admin.execute("ALTER TABLE inbox_away RENAME TO inbox")
    assert desktop.sync().pushed > 0
    school_setup.desk.sync()
    assert len(stored_attempts(school_setup.desk.store, ana.id)) == 2
