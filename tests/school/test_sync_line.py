"""The command line's one line of a sync (``python -m trainer.progress sync``): read by
scripts, so exactly these words and figures."""

from __future__ import annotations

from trainer.progress.school.sync import SyncResult


def test_a_desktops_sync_says_what_it_pushed_and_pulled_and_nothing_merged():
    """A desktop merges no batch and refuses none (the desk does): its line says 0 of each,
    and nothing of rows left out unless there were some."""
    assert SyncResult(3, 4).line() == "pushed 3 rows, pulled 4 rows, merged 0 batches, refused 0"


def test_rows_of_deleted_people_left_out_are_counted_in_the_line():
    assert SyncResult(1, 2, 5, 1, left_out=7).line() == (
        "pushed 1 rows, pulled 2 rows, merged 5 batches, refused 1, left out 7 rows of deleted "
        "people")
