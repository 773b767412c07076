"""A table round on screen is recorded as it is played: each step the trainee's answer to
its skill the moment it is given, and the round read back whole — as far as it went when
the trainee goes home before its end."""

from __future__ import annotations

from modes_support import click, open_home
from rounds_support import do_by_keys

from trainer.progress.table_rounds.history import rounds_played
from trainer.rounds.play import solve


def _round(qtbot, window, mode="guided"):
    open_home(qtbot, window)
    window.start_round("mahjong_baccarat", mode)
    screen = window.round_screen
    assert window.pages.currentWidget() is screen
    return screen


def test_each_step_is_recorded_the_moment_it_is_given(qtbot, window, store):
    screen = _round(qtbot, window)
    actor = window.actor
    actions = solve(screen.played.round)
    for number, action in enumerate(actions[:5], 1):
        do_by_keys(qtbot, screen, action)
        [played] = rounds_played(store, actor, actor.person.id)
        assert len(played.steps) == number and played.steps[-1].verdict.correct
    assert played.round == screen.played.round and not played.finished
    click(qtbot, screen.back_button)
    assert window.pages.currentWidget() is window.home
    [played] = rounds_played(store, actor, actor.person.id)
    assert len(played.steps) == 5


def test_a_whole_round_is_kept_whole(qtbot, window, store):
    screen = _round(qtbot, window, "learn")
    for action in solve(screen.played.round):
        do_by_keys(qtbot, screen, action)
    [played] = rounds_played(store, window.actor, window.actor.person.id)
    assert played.finished and played.right == len(played.round.steps)
    assert [s.verdict.at_ms for s in played.steps] == [v.at_ms for v in screen.played.verdicts]
