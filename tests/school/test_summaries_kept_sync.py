"""The desk's kept summaries (m025_summaries_read_at_once) follow what the school server
merges: answers from a trainee's desktop come through the inbox, and the desk's next read
gives them, as a direct read does."""

from __future__ import annotations

from tests.school.school import answer
from trainer.progress.reports import summaries_read
from trainer.progress.reports.summaries_read import all_summaries


def figures(store) -> dict:
    return {key: (s.attempts, s.correct, s.total_ms, s.last_at, list(map(int, s.times)),
                  s.level) for key, s in all_summaries(store).summaries.items()}


def test_the_kept_summaries_follow_a_merge_from_the_school_server(school_setup):
    summaries_read.forget()
    desk, ana_desktop = school_setup.desk, school_setup.desktop()
    ana = school_setup.trainee(ana_desktop, "Ana Lei")
    before = figures(desk.store)  # kept by the desk
    answer(ana_desktop.store, ana.id, 6)
    ana_desktop.sync()
    assert desk.sync().merged == 1
    after = figures(desk.store)
    assert after != before
    assert sum(n for (person, _skill), (n, *_rest) in after.items() if person == ana.id) == 6
    anew = {key: (s.attempts, s.correct, s.total_ms, s.last_at, list(map(int, s.times)),
                  s.level)
            for key, s in all_summaries(desk.store, kept=False).summaries.items()}
    assert after == anew == figures(ana_desktop.store) | {
        key: value for key, value in after.items() if key[0] != ana.id}
    summaries_read.forget()
