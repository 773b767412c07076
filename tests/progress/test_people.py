"""Roles and passwords: who may see and do what, enforced by the progress API."""

from datetime import UTC, datetime, timedelta

import pytest

from tests.progress.conftest import PASSWORD, dump, question
from trainer.progress import Role, StoreError
from trainer.progress.learning.mastery import mastery
from trainer.progress.people.accounts import (
    Actor,
    NotAllowed,
    add_instructor,
    delete_person,
    find_person,
    people_with_pins,
    require_proof,
    set_password,
    set_pin,
    sign_in,
    sign_in_failures,
    signed_in_by_server,
)
from trainer.progress.people.leave import leave_to_see
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person, record_attempt, start_session

#: A moment after the fixtures signed in, for tests that follow sign-in's clock.
LATER = datetime.now(UTC) + timedelta(hours=1)


def test_passwords_are_hashed_with_scrypt_and_a_salt_never_in_clear(store, instructor):
    second = add_instructor(store, "Second", PASSWORD, instructor)
    rows = connection(store).execute("SELECT salt, hash, n FROM credentials").fetchall()
    assert len(rows) == 2 and rows[0][0] != rows[1][0]  # a salt each
    assert rows[0][1] != rows[1][1]  # so the same password hashes differently
    assert all(n == 2**14 for _s, _h, n in rows)
    connection(store).execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert PASSWORD.encode() not in store.path.read_bytes()
    assert sign_in(store, second.id, PASSWORD).is_instructor


@pytest.mark.parametrize("password", [None, "", "wrong password", PASSWORD.upper()])
def test_an_instructor_needs_the_right_password(store, instructor, password):
    with pytest.raises(NotAllowed, match="The password for Mestre Lei is not right") as caught:
        sign_in(store, instructor.person.id, password)
    assert "password" in str(caught.value)


def test_the_first_instructor_is_free_the_next_needs_an_instructor(store, instructor, ana):
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        add_instructor(store, "Intruder", "password123")
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        add_instructor(store, "Intruder", "password123", ana)
    assert [p.name for p in store.people(Role.INSTRUCTOR)] == ["Mestre Lei"]


def test_short_passwords_are_refused(store):
    with pytest.raises(StoreError, match="at least 8"):
        add_instructor(store, "Mestre", "short")
    assert store.people() == []


def test_an_instructor_changes_a_password(store, instructor):
    set_password(store, instructor, instructor.person.id, "a new password")
    with pytest.raises(NotAllowed, match="The password for Mestre Lei is not right"):
        sign_in(store, instructor.person.id, PASSWORD, at=LATER)
    sign_in(store, instructor.person.id, "a new password", at=LATER + timedelta(seconds=1))


def test_trainees_need_no_password_and_have_none(store, instructor, ana):
    assert not ana.is_instructor
    with pytest.raises(StoreError, match="Only instructors"):
        set_password(store, instructor, ana.person.id, "password123")


def test_a_trainee_sees_only_their_own_progress(store, ana, bruno, instructor):
    record_attempt(store, bruno.person.id, None, question(), 1, True, 1.0, 900)
    assert mastery(leave_to_see(store, bruno, bruno.person.id))[0].attempts == 1
    with pytest.raises(NotAllowed, match="A trainee can see only their own progress") as caught:
        mastery(leave_to_see(store, ana, bruno.person.id))
    assert "only their own" in str(caught.value)
    assert mastery(leave_to_see(store, instructor, bruno.person.id))[0].attempts == 1


def test_an_actor_not_signed_in_on_this_store_is_refused(store, ana, bruno):
    forged = Actor(store.person(ana.person.id), "made-up-token")
    with pytest.raises(NotAllowed, match="Sign in"):
        mastery(leave_to_see(store, forged, ana.person.id))
    stolen = Actor(bruno.person, ana.token)  # another person's token
    with pytest.raises(NotAllowed, match="Sign in first"):
        mastery(leave_to_see(store, stolen, bruno.person.id))


def test_only_an_instructor_deletes_and_the_person_goes_with_everything(store, instructor, ana,
                                                                        bruno):
    record_attempt(store, ana.person.id, start_session(store, ana.person.id, "practice"),
                         question(), 1, True, 1.0, 900)
    before = dump(store.path)
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        delete_person(store, bruno, ana.person.id)
    assert dump(store.path) == before
    delete_person(store, instructor, ana.person.id)
    for table in ("people", "attempts", "sessions", "skill_stats", "weekly_stats"):
        assert connection(store).execute(f"SELECT count(*) FROM {table} WHERE "
                                f"{'id' if table == 'people' else 'person_id'} = ?",
                                [ana.person.id]).fetchone()[0] == 0
    assert connection(store).execute("SELECT count(*) FROM deleted_people").fetchone()[0] == 1
    with pytest.raises(StoreError, match="own profile"):
        delete_person(store, instructor, instructor.person.id)


def test_people_are_found_by_id_or_by_a_unique_name(store, ana):
    assert find_person(store, "ana  lei").id == ana.person.id
    assert find_person(store, ana.person.id).name == "Ana Lei"
    connection(store)["people"].insert({"id": "00000000-0000-4000-8000-0000000000a2",
                               "name": "Ana Lei", "role": "trainee", "language": None,
                               "created_at": "2025-01-01T00:00:00.000Z"})  # from a bundle
    with pytest.raises(StoreError, match="Several people"):
        find_person(store, "Ana Lei")
    with pytest.raises(StoreError, match="Nobody"):
        find_person(store, "Zoe")


def test_names_are_unique_ignoring_capitals_and_spaces(store, instructor, ana):
    with pytest.raises(StoreError, match="already in this database"):
        add_person(store, "ana  LEI")
    assert [p.name for p in store.people()].count("Ana Lei") == 1
    add_person(store, "Ana Leite")  # another name: welcome


def test_look_alike_names_from_elsewhere_are_shown_never_merged(store, instructor, ana):
    from trainer.progress.people.accounts import look_alike_names

    connection(store)["people"].insert({"id": "00000000-0000-4000-8000-0000000000a1",
                               "name": "ana lei", "role": "trainee", "language": None,
                               "created_at": "2025-01-01T00:00:00.000Z"})  # from a bundle
    assert look_alike_names(store, instructor) == [["Ana Lei", "ana lei"]]
    assert len(store.people()) == 3  # both kept
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        look_alike_names(store, ana)


def test_a_signed_in_person_holds_a_128_bit_token_and_is_unproven_until_a_secret(store, ana):
    assert len(ana.token) == 32 and int(ana.token, 16) >= 0
    assert ana.proven is False and Actor(ana.person, ana.token).proven is False


def test_the_desk_lists_who_has_a_pin(store, instructor, ana, bruno):
    set_pin(store, instructor, ana.person.id, "2468")
    assert people_with_pins(store, instructor) == {ana.person.id}


def test_the_desk_shows_the_latest_twenty_failures(store, instructor):
    at = LATER
    for _failure in range(21):
        at += timedelta(minutes=1)  # past each pause
        with pytest.raises(NotAllowed, match="not right"):
            sign_in(store, instructor.person.id, "wrong password", at=at)
    assert len(sign_in_failures(store, instructor)) == 20
    assert len(sign_in_failures(store, instructor, None)) == 21


def test_a_trainee_with_a_pin_must_have_typed_it_to_see_their_progress(store, instructor,
                                                                       ana, bruno):
    set_pin(store, instructor, ana.person.id, "2468")
    with pytest.raises(NotAllowed, match="Type your PIN first"):
        require_proof(store, ana, ana.person.id)
    require_proof(store, sign_in(store, ana.person.id, "2468", at=LATER), ana.person.id)
    require_proof(store, bruno, bruno.person.id)  # no PIN: their name is enough
    require_proof(store, instructor, ana.person.id)


def test_only_a_trainee_is_signed_in_by_the_school_servers_pin(store, instructor, ana):
    """The server checked the PIN: the trainee is signed in here, proven; an instructor
    (who has a password, never a PIN on the server) is not."""
    signed_in = signed_in_by_server(store, ana.person.id)
    assert signed_in.proven and signed_in.person == ana.person
    require_proof(store, signed_in, ana.person.id)
    with pytest.raises(NotAllowed, match="Only a trainee signs in with the school server's"):
        signed_in_by_server(store, instructor.person.id)


def test_an_instructor_sets_a_checked_pin_and_takes_it_away(store, instructor, ana):
    with pytest.raises(StoreError, match="A PIN has 4 to 8 digits"):
        set_pin(store, instructor, ana.person.id, "246")
    set_pin(store, instructor, ana.person.id, "2468")
    assert people_with_pins(store, instructor) == {ana.person.id}
    set_pin(store, instructor, ana.person.id, None)
    assert people_with_pins(store, instructor) == set()
    require_proof(store, ana, ana.person.id)  # no PIN: her name is enough again
