"""The batches the desk refused, as an instructor's sync lists them (real server)."""

from __future__ import annotations

import psycopg

from trainer.progress.school.refusals import refused_batches


def test_an_instructors_sync_lists_the_latest_fifty_refusals_newest_first(school_setup):
    """One more refusal than are shown: the oldest is the one left out of the list."""
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
        admin.execute(
            "INSERT INTO refused_batches (id, pushed_by, pushed_at, person_id, batch, reason) "
            "SELECT n, 'desktop', timestamptz '2026-01-01 00:00Z' + n * interval '1 minute', "
            "NULL, '{}', 'reason ' || n FROM generate_series(1, 51) AS n")
        listed = refused_batches(admin)
    assert [r.batch_id for r in listed] == list(range(51, 1, -1))
    assert listed[0].reason == "reason 51" and listed[0].person_id is None
    assert [r.batch_id for r in school_setup.desk.sync().refusals] == list(range(51, 1, -1))
