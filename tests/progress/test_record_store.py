"""The desk's outbox of xAPI statements, sent to Ralph's learning record store run locally
(one server for the module) and read back."""

import itertools

import pytest

from tests.progress.ralph_lrs import KEYS, SECRET, ralph
from trainer.progress.people.id_numbers import set_id_number
from trainer.progress.record_store import sending
from trainer.progress.record_store.outbox import counts, refusals, send_refused_again
from trainer.progress.record_store.sending import RecordStoreError, send_statements
from trainer.progress.record_store.settings import (
    ENDPOINT,
    save_record_store,
)
from trainer.progress.record_store.settings import (
    KEY as KEY_SETTING,
)
from trainer.progress.record_store.settings import (
    SECRET as SECRET_SETTING,
)
from trainer.progress.reports.gradebooks import xapi_statements
from trainer.progress.storage.database import connection
from trainer.progress.storage.schema import SCHOOL_SETTINGS
from trainer.progress.storage.store import Role
from trainer.progress.xapi_home_page import save_home_page

#: What a record store adds to a statement it stores.
ADDED_BY_THE_STORE = {"stored", "authority", "version"}
_desks = itertools.count(0)


@pytest.fixture(scope="module")
def lrs(tmp_path_factory):
    server = ralph(tmp_path_factory.mktemp("ralph"))
    server.start()
    yield server
    server.stop()


HOME = "https://lms.school.edu.mo"


@pytest.fixture
def key():
    """A key of the record store's own (its statements apart from other tests')."""
    return KEYS[next(_desks)]


@pytest.fixture
def desk(store, classroom, lrs, key):
    """The classroom's desk with its trainees' ID numbers and the record store set."""
    save_home_page(store, classroom, HOME)
    for n, person in enumerate(store.people(Role.TRAINEE)):
        set_id_number(store, classroom, person.id, f"S{1001 + n}")
    save_record_store(store, classroom, lrs.endpoint, key, SECRET)
    return HOME


def exported(store, classroom, home, tmp_path):
    import json
    numbers = {p.id: f"S{1001 + n}" for n, p in enumerate(store.people(Role.TRAINEE))}
    xapi_statements(store, classroom, tmp_path / "s.json", numbers, home)
    return json.loads((tmp_path / "s.json").read_text())


def as_queued(statement):
    return {key: value for key, value in statement.items() if key not in ADDED_BY_THE_STORE}


def test_statements_sent_are_read_back_as_they_were_queued(store, classroom, desk, lrs,
                                                           key, tmp_path):
    expected = exported(store, classroom, desk, tmp_path)
    done = send_statements(store, classroom)
    assert done.sent == len(expected) > 100 and done.refused == 0
    assert (done.counts.queued, done.counts.sent, done.counts.refused) == (0, len(expected), 0)
    back = {s["id"]: as_queued(s) for s in lrs.statements(key)}
    assert back == {s["id"]: s for s in expected}


def test_a_second_send_sends_nothing_and_the_store_holds_each_once(store, classroom, desk, lrs,
                                                                   key):
    first = send_statements(store, classroom)
    again = send_statements(store, classroom)
    assert again.sent == 0 and again.counts.sent == first.sent
    ids = [s["id"] for s in lrs.statements(key)]
    assert len(ids) == len(set(ids)) == first.sent


def test_the_store_stopped_in_the_middle_loses_nothing_and_the_next_send_finishes(
        store, classroom, desk, lrs, key, monkeypatch, tmp_path):
    expected = exported(store, classroom, desk, tmp_path)
    real, posts = sending._request, []

    def stopping_after_two_batches(target, method, url, body):
        if method == "POST" and len(posts) == 2:
            lrs.stop()
        posts.append(url)
        return real(target, method, url, body)

    monkeypatch.setattr(sending, "_request", stopping_after_two_batches)
    try:
        with pytest.raises(RecordStoreError, match="cannot be reached now") as stopped:
            send_statements(store, classroom, batch=100)
    finally:
        lrs.start()
    assert stopped.value.offline
    left = counts(store)
    assert (left.sent, left.queued, left.refused) == (200, len(expected) - 200, 0)
    monkeypatch.setattr(sending, "_request", real)
    done = send_statements(store, classroom)
    assert done.sent == len(expected) - 200 and done.counts.queued == 0
    back = lrs.statements(key)
    assert sorted(s["id"] for s in back) == sorted(s["id"] for s in expected)


def test_a_wrong_secret_is_said_and_the_queue_kept(store, classroom, desk, lrs, key):
    save_record_store(store, classroom, lrs.endpoint, key, "not the secret")
    with pytest.raises(RecordStoreError, match=r"did not accept the key and secret \(HTTP 401\)"):
        send_statements(store, classroom)
    kept = counts(store)
    assert kept.sent == 0 and kept.refused == 0 and kept.queued > 100
    save_record_store(store, classroom, lrs.endpoint, key, SECRET)
    assert send_statements(store, classroom).sent == kept.queued
    assert lrs.statements(key)


def test_exam_sittings_are_read_back_with_score_success_and_duration(
        store, classroom, desk, lrs, key):
    send_statements(store, classroom)
    back = lrs.statements(key)
    results = connection(store).execute(
        "SELECT sitting_id, correct, questions, passed FROM exam_results").fetchall()
    assert results
    for sitting, correct, questions, passed in results:
        about = [s for s in back if s["object"]["id"].endswith(f"/sittings/{sitting}")]
        assert sorted(s["verb"]["id"].rsplit("/", 1)[1] for s in about) == sorted(
            ["completed", "passed" if passed else "failed"])
        for statement in about:
            score = statement["result"]["score"]
            assert (score["raw"], score["min"], score["max"]) == (correct, 0, questions)
            assert score["scaled"] == pytest.approx(correct / questions, abs=0.0001)
            assert statement["result"]["success"] is bool(passed)
            assert statement["result"]["duration"].startswith("PT")


def test_practice_and_exam_answers_are_read_back_with_their_context(
        store, classroom, desk, lrs, key):
    send_statements(store, classroom)
    answered = [s for s in lrs.statements(key) if s["verb"]["id"].endswith("/answered")]
    practice = [s for s in answered if "grouping" in s["context"]["contextActivities"]]
    exam = [s for s in answered if "parent" in s["context"]["contextActivities"]]
    assert len(practice) + len(exam) == len(answered)
    in_exams = connection(store).execute(
        "SELECT count(*) FROM attempts WHERE sitting_id IS NOT NULL").fetchone()[0]
    assert len(exam) == in_exams > 0 and len(practice) > 0
    assert {s["context"]["contextActivities"]["grouping"][0]["id"] for s in practice} == {
        f"{HOME}/croupier-trainer/practice"}


def test_a_statement_refused_is_kept_with_its_reason_and_not_sent_again(
        store, classroom, desk, monkeypatch):
    sent_ids, refused_id = [], []

    def refusing_one(target, method, url, body):
        if method == "POST":
            return 400, "one statement is not valid"
        if not refused_id:
            refused_id.append(body["id"])
            return 400, "score out of range"
        sent_ids.append(body["id"])
        return 204, ""

    monkeypatch.setattr(sending, "_request", refusing_one)
    done = send_statements(store, classroom)
    assert (done.refused, done.sent) == (1, len(sent_ids))
    assert refusals(store) == [(refused_id[0], "HTTP 400: score out of range")]
    sent_ids.clear()
    again = send_statements(store, classroom)
    assert (again.sent, again.refused, sent_ids) == (0, 0, [])
    assert again.counts.refused == 1


def test_refused_statements_sent_again_by_an_instructor_reach_the_store(
        store, classroom, desk, lrs, key, monkeypatch):
    real, refused_id = sending._request, []

    def refusing_one(target, method, url, body):
        if method == "POST" and not refused_id:
            return 400, "one statement is not valid"
        if method == "PUT" and not refused_id:
            refused_id.append(body["id"])
            return 400, "score out of range"
        return real(target, method, url, body)

    monkeypatch.setattr(sending, "_request", refusing_one)
    first = send_statements(store, classroom)
    assert first.refused == 1 and first.counts.refused == 1
    assert refused_id[0] not in {s["id"] for s in lrs.statements(key)}
    assert send_refused_again(store, classroom) == 1
    assert (counts(store).queued, counts(store).refused, refusals(store)) == (1, 0, [])
    again = send_statements(store, classroom)
    assert (again.sent, again.refused, again.counts.refused) == (1, 0, 0)
    ids = [s["id"] for s in lrs.statements(key)]
    assert refused_id[0] in ids and len(ids) == len(set(ids)) == first.sent + 1
    assert send_refused_again(store, classroom) == 0


def test_only_an_instructor_sends_refused_statements_again(store, classroom):
    from trainer.progress.people.accounts import sign_in
    from trainer.progress.storage.store import StoreError
    trainee = sign_in(store, store.people(Role.TRAINEE)[0].id)
    with pytest.raises(StoreError, match="Only an instructor may do this"):
        send_refused_again(store, trainee)


def test_the_counts_before_a_send_hold_what_it_will_send(store, classroom, desk):
    before = counts(store)
    assert before.queued > 100 and (before.sent, before.refused) == (0, 0)
    done = send_statements(store, classroom)
    assert done.sent == before.queued and done.counts.queued == 0


def test_a_store_that_cannot_be_reached_leaves_the_queue(store, classroom, desk):
    from tests.progress.ralph_lrs import free_port
    save_record_store(store, classroom, f"http://127.0.0.1:{free_port()}/xAPI", "desk", SECRET)
    with pytest.raises(RecordStoreError, match="cannot be reached now") as error:
        send_statements(store, classroom)
    assert error.value.offline and counts(store).sent == 0


def test_the_record_stores_settings_never_leave_the_desk(store, classroom):
    assert not {ENDPOINT, KEY_SETTING, SECRET_SETTING} & set(SCHOOL_SETTINGS)
    connection(store).execute("DELETE FROM school_outbox")
    save_record_store(store, classroom, "https://lrs.school.edu.mo/xAPI", "desk", SECRET)
    assert connection(store).execute(
        "SELECT count(*) FROM school_outbox").fetchone()[0] == 0


def test_a_record_store_address_must_be_one(store, classroom):
    from trainer.progress.storage.store import StoreError
    with pytest.raises(StoreError, match="xAPI endpoint, beginning with https://"):
        save_record_store(store, classroom, "lrs.school.edu.mo", "desk", SECRET)
