"""The desk holds what reaches the inbox to a trainee desktop's limits itself (5 MB as JSON,
20,000 rows), whatever let it in: the server's ``push_batch`` holds batches to the same
limits first, so a batch past them is put here by the admin (as an older server, or one set
up by hand, would let it through)."""

from __future__ import annotations

from tests.school import test_identity
from tests.school.school import answer, put_in_inbox
from trainer.progress.bundles.format import INBOX_BATCH
from trainer.progress.bundles.rows import json_size
from trainer.progress.school.outbox import read_outgoing
from trainer.progress.storage.database import reading
from trainer.progress.storage.ledger import stored_attempts

classroom = test_identity.classroom


def test_an_inbox_batch_past_five_megabytes_is_refused_by_the_desk(school_setup, classroom):
    """Ana's real practice, each answer's question padded with spaces (still the same JSON)
    until the batch is past 5 MB: the desk refuses it whole for its size, as a trainee
    desktop's batch — not as the shared tables, which only instructors write and which have
    no such limit."""
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    answer(ana_desktop.store, ana.id, 90)
    with reading(ana_desktop.store) as db:
        batch = read_outgoing(db, trusted=False).tables
    for row in batch["attempts"]:
        row["question_json"] += " " * (60_000 - len(row["question_json"]))
    assert json_size(batch, 10 * INBOX_BATCH.unpacked_bytes) > INBOX_BATCH.unpacked_bytes
    put_in_inbox(school_setup, batch, ana.id)
    done = school_setup.desk.sync()
    assert (done.merged, done.refused) == (0, 1)
    assert [r.reason for r in done.refusals] == [
        "This batch is larger than 5000000 bytes, the most a batch may be. Nothing was "
        "imported."]
    assert len(stored_attempts(school_setup.desk.store, ana.id)) == 0
