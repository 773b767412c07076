"""A person's practice goes through the gate in their own name: sessions and answers are
taken by the signed-in person, for themselves, and read by them or an instructor."""

from __future__ import annotations

import dataclasses

import pytest

from tests.progress.conftest import question
from trainer.progress.people.accounts import NotAllowed, add_trainee, sign_in
from trainer.progress.practice import answers_of, end_practice, record_answer, start_practice
from trainer.progress.storage.ledger import add_person


@pytest.fixture
def bruno(store):
    return sign_in(store, add_person(store, "Bruno Chan").id)


def test_an_answer_is_recorded_for_the_acting_trainee_in_their_session(store, ana):
    session = start_practice(store, ana, "practice")
    record_answer(store, ana, session, question(), 1, True, 1.0, 900)
    record_answer(store, ana, None, question(seed=2), 2, False, 0.0, 1200)
    end_practice(store, ana, session)
    answers = answers_of(store, ana, ana.person.id)
    assert [(a.person_id, a.session_id, a.correct) for a in answers] == [
        (ana.person.id, session, True), (ana.person.id, None, False)]


def test_nobody_answers_or_ends_practice_in_a_classmates_session(store, ana, bruno):
    anas = start_practice(store, ana, "practice")
    with pytest.raises(NotAllowed, match="This practice session is someone else's"):
        record_answer(store, bruno, anas, question(), 1, True, 1.0, 900)
    with pytest.raises(NotAllowed, match="This practice session is someone else's"):
        end_practice(store, bruno, anas)
    assert answers_of(store, ana, ana.person.id) == []


def test_an_actor_not_signed_in_on_this_store_records_nothing(store, ana, bruno):
    forged = dataclasses.replace(bruno, person=ana.person)  # Bruno's token, Ana's name
    with pytest.raises(NotAllowed, match="Sign in first"):
        record_answer(store, forged, None, question(), 1, True, 1.0, 900)
    with pytest.raises(NotAllowed, match="Sign in first"):
        start_practice(store, forged, "practice")
    assert answers_of(store, ana, ana.person.id) == []


def test_a_trainee_reads_only_their_own_answers_an_instructor_everyones(store, ana, bruno,
                                                                       instructor):
    record_answer(store, ana, None, question(), 1, True, 1.0, 900)
    with pytest.raises(NotAllowed, match="A trainee can see only their own progress"):
        answers_of(store, bruno, ana.person.id)
    assert len(answers_of(store, instructor, ana.person.id)) == 1
    assert answers_of(store, bruno, bruno.person.id) == []


def test_a_trainee_is_added_by_an_instructor_or_names_themselves_never_by_a_trainee(
        store, ana, instructor):
    assert add_trainee(store, "Carla Ho", by=instructor).name == "Carla Ho"
    assert add_trainee(store, "Dora Iu", by=None).name == "Dora Iu"  # at the start screen
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        add_trainee(store, "Eve Wong", by=ana)
    assert "Eve Wong" not in {person.name for person in store.people()}
