"""Desktops and an instructor desk syncing with a real school server (no mocks)."""

from __future__ import annotations

import psycopg
import pytest

from tests.school.school import answer, same_rows


def test_answers_reach_the_desk_through_the_inbox_and_come_back(school_setup):
    server, desk, ana_desktop = school_setup.server, school_setup.desk, school_setup.desktop()
    ana = ana_desktop.store.add_person("Ana Lei")
    answer(ana_desktop.store, ana.id, 5)
    first = ana_desktop.sync()
    assert first.pushed >= 5 + 2  # the answers, their session and their trainee
    with psycopg.connect(server.admin) as admin:
        assert admin.execute("SELECT count(*) FROM inbox").fetchone()[0] == 1
    done = desk.sync()
    assert done.merged == 1 and done.refused == 0
    assert len(desk.store.attempts(ana.id)) == 5
    with psycopg.connect(server.admin) as admin:
        assert admin.execute("SELECT count(*) FROM inbox").fetchone()[0] == 0
        assert admin.execute("SELECT count(*) FROM shared_attempts").fetchone()[0] == 5
    ana_desktop.sync()
    same_rows(server, desk, ana_desktop)


def test_an_idle_sync_sends_and_takes_nothing(school_setup):
    desktop = school_setup.desktop()
    ana = desktop.store.add_person("Ana Lei")
    answer(desktop.store, ana.id, 3)
    desktop.sync()
    school_setup.desk.sync()
    desktop.sync()
    again = desktop.sync()
    assert (again.pushed, again.pulled) == (0, 0)
    desk_again = school_setup.desk.sync()
    assert (desk_again.merged, desk_again.refused) == (0, 0)


def test_the_desktop_role_may_not_write_what_is_shared(school_setup):
    with psycopg.connect(school_setup.server.desktop_url) as desktop:
        for statement in (
                "INSERT INTO shared_people (id, name, role, created_at, change) "
                "VALUES ('x', 'Eve', 'instructor', '2026-01-01T00:00:00Z', 1)",
                "UPDATE shared_results SET passed = 1",
                "DELETE FROM shared_exams",
                "SELECT * FROM shared_credentials",
                "SELECT * FROM inbox",
                "DELETE FROM inbox"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege,
                               match="permission denied"):
                desktop.execute(statement)
            desktop.rollback()
