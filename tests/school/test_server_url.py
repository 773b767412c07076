"""Which school server a desktop uses: the command line's, else the environment's, else the
one set on the instructor desk; none for a desktop on its own (no server needed here)."""

from __future__ import annotations

import pytest

from trainer.progress.people.accounts import NotAllowed, add_instructor, sign_in
from trainer.progress.school.status import SERVER_ENV, server_url, set_server_url
from trainer.progress.storage.ledger import add_person

DESK = "postgresql://school.lan:5432/trainer"
ENV = "postgresql://other.lan/trainer"
GIVEN = "postgresql://given.lan/trainer"


@pytest.fixture
def instructor(store):
    return sign_in(store, add_instructor(store, "Mestre Lei", "a long password 1").id,
                   "a long password 1")


def test_a_desktop_on_its_own_has_no_server(store, instructor, monkeypatch):
    monkeypatch.delenv(SERVER_ENV, raising=False)
    assert server_url(store) is None
    set_server_url(store, instructor, "  ")
    assert server_url(store) is None


def test_the_desks_setting_is_used_when_nothing_else_says(store, instructor, monkeypatch):
    monkeypatch.delenv(SERVER_ENV, raising=False)
    set_server_url(store, instructor, f" {DESK} ")
    assert server_url(store) == DESK


def test_the_environment_comes_before_the_desk_and_the_command_line_before_both(
        store, instructor, monkeypatch):
    set_server_url(store, instructor, DESK)
    monkeypatch.setenv(SERVER_ENV, ENV)
    assert server_url(store) == ENV
    assert server_url(store, GIVEN) == GIVEN
    monkeypatch.delenv(SERVER_ENV)
    assert server_url(store, GIVEN) == GIVEN


def test_only_an_instructor_sets_the_server_a_desktops_answers_go_to(store, instructor,
                                                                     monkeypatch):
    """A trainee who could point the desktop elsewhere would send everyone's answers to a
    server of their own."""
    monkeypatch.delenv(SERVER_ENV, raising=False)
    set_server_url(store, instructor, DESK)
    trainee = sign_in(store, add_person(store, "Ana Lei").id)
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        set_server_url(store, trainee, "postgresql://eve.lan/mine")
    assert server_url(store) == DESK


def test_the_machine_wide_setting_is_used_when_nothing_on_the_desktop_says(
        store, instructor, monkeypatch, tmp_path):
    """IT sets the school server once for every user of a desktop (``school.ini``); an
    instructor's setting on the desktop, the environment and the command line come first."""
    monkeypatch.delenv(SERVER_ENV, raising=False)
    machine = tmp_path / "school.ini"
    machine.write_text(f"[school]\nserver = {ENV}\n")
    monkeypatch.setenv("CROUPIER_TRAINER_MACHINE_SETTINGS", str(machine))
    assert server_url(store) == ENV
    set_server_url(store, instructor, DESK)
    assert server_url(store) == DESK
    assert server_url(store, GIVEN) == GIVEN
    set_server_url(store, instructor, "")
    assert server_url(store) == ENV
    machine.unlink()
    assert server_url(store) is None
