"""Which school server a desktop uses: the command line's, else the environment's, else the
one set on the instructor desk; none for a desktop on its own (no server needed here)."""

from __future__ import annotations

from trainer.progress.school.status import SERVER_ENV, server_url, set_server_url

DESK = "postgresql://school.lan:5432/trainer"
ENV = "postgresql://other.lan/trainer"
GIVEN = "postgresql://given.lan/trainer"


def test_a_desktop_on_its_own_has_no_server(store, monkeypatch):
    monkeypatch.delenv(SERVER_ENV, raising=False)
    assert server_url(store) is None
    set_server_url(store, "  ")
    assert server_url(store) is None


def test_the_desks_setting_is_used_when_nothing_else_says(store, monkeypatch):
    monkeypatch.delenv(SERVER_ENV, raising=False)
    set_server_url(store, f" {DESK} ")
    assert server_url(store) == DESK


def test_the_environment_comes_before_the_desk_and_the_command_line_before_both(
        store, monkeypatch):
    set_server_url(store, DESK)
    monkeypatch.setenv(SERVER_ENV, ENV)
    assert server_url(store) == ENV
    assert server_url(store, GIVEN) == GIVEN
    monkeypatch.delenv(SERVER_ENV)
    assert server_url(store, GIVEN) == GIVEN
