"""A table round played on a trainee's desktop reaches the instructor's desk and the
trainee's other desktops through the school server, and replays there step by step equal;
a step whose grade was forged on the way is refused, as any answer is."""

from __future__ import annotations

import psycopg

from tests.progress.test_table_rounds import play
from tests.school.school import PASSWORD, push_as, server_rows
from trainer.progress.people.accounts import sign_in
from trainer.progress.storage.store import Role
from trainer.progress.table_rounds.history import rounds_played
from trainer.rounds.modes import Mode


def _replayed(store, actor, person_id):
    return [(r.id, r.round, [(s.verdict.step, s.verdict.given, s.verdict.correct,
                              s.verdict.at_ms, s.response_ms) for s in r.steps])
            for r in rounds_played(store, actor, person_id)]


def _teacher(desk):
    return sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)


def test_a_round_travels_to_the_desk_and_another_desktop_and_replays_equal(school_setup):
    desktop, other = school_setup.desktop(), school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    actor = sign_in(desktop.store, ana.id)
    play(desktop.store, actor, "thirteen", seed=12, mode=Mode.TABLE_READY, wrong=(2, 7))
    play(desktop.store, actor, "mahjong_baccarat", seed=3, stop=9)  # left before its end
    played = _replayed(desktop.store, actor, ana.id)
    assert len(played) == 2
    desktop.sync()
    desk = school_setup.desk
    assert desk.sync().merged >= 1
    assert _replayed(desk.store, _teacher(desk), ana.id) == played
    school_setup.trainee(other, "Ana Lei")  # she signs in at another desktop
    other.sync()  # her history comes with her token
    assert _replayed(other.store, sign_in(other.store, ana.id), ana.id) == played


def test_a_round_step_made_right_on_the_way_is_refused(school_setup):
    """Attack: a trainee edits the batch their desktop sent, making a wrong step right."""
    desktop = school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    play(desktop.store, sign_in(desktop.store, ana.id), wrong=(4,))
    desktop.sync()
    with psycopg.connect(school_setup.server.admin) as admin:
        [(batch,)] = admin.execute("SELECT batch FROM inbox").fetchall()
        admin.execute("DELETE FROM inbox")
    forged = [row for row in batch["attempts"] if not row["correct"]]
    assert len(forged) == 1
    forged[0].update(correct=1, score=1.0)
    push_as(school_setup, desktop, batch)
    done = school_setup.desk.sync()
    assert (done.merged, done.refused) == (0, 1)
    assert server_rows(school_setup.server, "attempts") == set()
    with psycopg.connect(school_setup.server.admin) as admin:
        [(reason,)] = admin.execute("SELECT reason FROM refused_batches").fetchall()
    assert "is not what the rules core grades" in reason
