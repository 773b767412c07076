"""A Mahjong Baccarat round on screen: played whole by keys only and by the mouse only, a
wrong step shown with the right action and its article (in table-ready only at the end), an
incident called, and what is missing from an action said."""

from __future__ import annotations

import html

import pytest
from modes_support import click
from PySide6.QtCore import Qt
from rounds_support import do_by_keys, do_by_mouse, needs_change, play_by_mouse

from trainer.rounds.mahjong_baccarat import GRAMMAR
from trainer.rounds.mahjong_baccarat.table import CALLS
from trainer.rounds.modes import Mode
from trainer.rounds.play import solve
from trainer.rounds.words import action_words
from ui.rounds.kits import MAHJONG_BACCARAT

GAME = "mahjong_baccarat"


def test_a_whole_round_by_keys_only_every_step_right(qtbot, screen_of):
    screen = screen_of(20, Mode.PRACTICE)  # four incidents: at the shake, after, deal, pay
    actions = solve(screen.played.round)
    assert sum(action.verb == "call" for action in actions) == 4
    for action in actions:
        do_by_keys(qtbot, screen, action)
        assert screen.last is not None and screen.last.correct, (action, screen.last)
    assert screen.played.finished
    assert f"{len(actions)} of {len(actions)} steps right" in screen.verdict.text()


def test_a_whole_round_by_mouse_only_every_step_right(qtbot, screen_of):
    screen = screen_of(14, Mode.PRACTICE)  # two incidents called, every amount in chips
    for action in solve(screen.played.round):
        do_by_mouse(qtbot, screen, action)
        assert screen.last is not None and screen.last.correct, (action, screen.last)
    assert screen.played.finished and not screen.controls.isVisibleTo(screen)


@pytest.mark.parametrize(("seed", "mode", "by"), [
    (1286, Mode.LEARN, do_by_mouse),  # the banker's share a loss, a player's nothing
    (1439, Mode.LEARN, do_by_mouse),  # the casino joined
    (0, Mode.PRACTICE, do_by_keys),  # the casino and a player joined, incidents
])
def test_a_round_with_co_bankers_each_share_said_by_mouse_or_keys(qtbot, screen_of, seed,
                                                                  mode, by):
    screen = screen_of(seed, mode)
    actions = solve(screen.played.round)
    assert screen.played.round.table.cobank is not None
    assert any(action.verb in ("share", "casino") for action in actions)
    for action in actions:
        by(qtbot, screen, action)
        assert screen.last is not None and screen.last.correct, (action, screen.last)
    assert screen.played.finished


def test_a_wrong_step_shows_the_right_action_in_words_and_its_article(qtbot, screen_of):
    screen = screen_of(5, Mode.PRACTICE)
    first = screen.played.step  # a request to re-order the stacks
    qtbot.keyClick(screen, Qt.Key.Key_F)
    qtbot.keyClick(screen, Qt.Key.Key_3)
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    shown = screen.verdict.text()
    assert "✘ Wrong: The first place is place 3" in shown and "(first 3)" in shown
    words = action_words(screen.played.round.game, first.expected)
    assert html.escape(f"{first.name}: {words}") in shown
    assert html.escape(f"({first.expected})") in shown  # the text form, small beside it
    assert str(first.article.cite()) in shown and "<a href=" in shown
    assert screen.played.done()[-1] == first.expected  # the table goes on from the right state


def test_table_ready_keeps_the_verdict_until_the_round_is_reviewed(qtbot, screen_of):
    screen = screen_of(5, Mode.TABLE_READY)
    actions = solve(screen.played.round)
    wrong_at = next(i for i, a in enumerate(actions) if a.verb == "deal")
    for index, action in enumerate(actions):
        if index == wrong_at:
            qtbot.keyClick(screen, Qt.Key.Key_O)  # open instead of deal
            qtbot.keyClick(screen, Qt.Key.Key_2)
            qtbot.keyClick(screen, Qt.Key.Key_Return)
            assert "Wrong" not in screen.verdict.text() and "noted" in screen.verdict.text()
        else:
            do_by_keys(qtbot, screen, action)
    review = screen.verdict.text()
    assert f"{len(actions) - 1} of {len(actions)} steps right" in review
    assert "✘ Wrong: Open place 2" in review and str(actions[wrong_at]) in review
    assert review.count("<li") == len(actions)


def test_an_incident_called_and_ruled_and_one_missed(qtbot, screen_of):
    screen = screen_of(2, Mode.PRACTICE)  # a die jumps out of the bowl at the shake
    actions = solve(screen.played.round)
    call = next(i for i, a in enumerate(actions) if a.verb == "call")
    for action in actions[:call]:
        do_by_keys(qtbot, screen, action)
    assert "out of the bowl" in screen.scene.text()
    qtbot.keyClick(screen, Qt.Key.Key_F2)
    assert screen.controls.kinds_box.isVisibleTo(screen)
    qtbot.keyClick(screen, Qt.Key.Key_2)  # the second kind: a die out of the bowl
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.last.correct and str(screen.last.given) == "call dice-out-of-bowl"
    assert screen.controls.decisions_box.isVisibleTo(screen)
    qtbot.keyClick(screen, Qt.Key.Key_1)  # shake again
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.last.correct and str(screen.last.given) == "decide reshake"
    assert not screen.controls.decisions_box.isVisibleTo(screen)

    missed = screen_of(2, Mode.PRACTICE)
    for action in actions[:call]:
        do_by_keys(qtbot, missed, action)
    do_by_keys(qtbot, missed, actions[call + 2])  # reads the dice, as if nothing happened
    assert "✘ Missed" in missed.verdict.text() and "call dice-out-of-bowl" in \
        missed.verdict.text()


def test_the_tenth_kind_of_call_is_typed_0_a_short_stake_refused(qtbot, screen_of):
    screen = screen_of(32, Mode.PRACTICE)  # the banker who kept the bank puts down too little
    assert "He puts MOP$3,700.00 on the table" in screen.scene.text()
    assert list(MAHJONG_BACCARAT.call_kinds).index("capital-reduced") == 9
    assert screen.controls.kinds["capital-reduced"].text() == "0 · Capital reduced"
    qtbot.keyClick(screen, Qt.Key.Key_F2)
    qtbot.keyClick(screen, Qt.Key.Key_0)
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.last.correct and str(screen.last.given) == "call capital-reduced"
    qtbot.keyClick(screen, Qt.Key.Key_4)  # refuse it
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.last.correct and str(screen.last.given) == "decide refuse"


def test_an_action_lacking_a_part_says_which_and_loses_nothing(qtbot, screen_of):
    screen = screen_of(5, Mode.LEARN)
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert "Choose an action first" in screen.action.text() and not screen.played.verdicts
    qtbot.keyClick(screen, Qt.Key.Key_F)
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert "Choose the place" in screen.action.text() and not screen.played.verdicts
    qtbot.keyClick(screen, Qt.Key.Key_1)
    qtbot.keyClick(screen, Qt.Key.Key_0)
    assert "first 10" in screen.action.text()
    qtbot.keyClick(screen, Qt.Key.Key_Escape)
    assert "first" not in screen.action.text()


def test_an_amount_that_does_not_read_is_said_and_nothing_is_sent(qtbot, screen_of):
    screen = screen_of(5, Mode.LEARN)
    for action in solve(screen.played.round):
        if action.verb in ("pay", "collect"):
            break
        do_by_keys(qtbot, screen, action)
    click(qtbot, screen.controls.verbs[next(v for v in screen.controls.verbs
                                            if v.verb == action.verb)])
    screen.controls.amount.setText("12,34,5")
    before = len(screen.played.verdicts)
    click(qtbot, screen.controls.confirm)
    assert len(screen.played.verdicts) == before
    assert screen.action.property("problem") is True


def test_learn_names_the_next_step_and_guided_only_on_request(qtbot, screen_of):
    learn = screen_of(5, Mode.LEARN)
    step = learn.played.step
    words = action_words(learn.played.round.game, step.expected)
    assert f"{step.name}: {words}" in learn.hint_text.text()
    assert not learn.hint_button.isVisibleTo(learn)
    guided = screen_of(5, Mode.GUIDED)
    assert not guided.hint_text.isVisibleTo(guided)
    qtbot.keyClick(guided, Qt.Key.Key_H)
    assert str(action_words(guided.played.round.game, guided.played.step.expected)) in \
        guided.hint_text.text()
    practice = screen_of(5, Mode.PRACTICE)
    qtbot.keyClick(practice, Qt.Key.Key_H)
    assert not practice.hint_text.isVisibleTo(practice)


def test_every_call_of_the_game_has_a_button():
    assert set(MAHJONG_BACCARAT.call_kinds) == set(CALLS)
    assert set(MAHJONG_BACCARAT.decisions) == set(GRAMMAR.verbs["decide"][0].words)


def test_leaving_the_round_stops_its_clock(qtbot, screen_of):
    screen = screen_of(5, Mode.PRACTICE)
    assert screen.ticker.isActive()
    click(qtbot, screen.back_button)
    assert not screen.ticker.isActive()


@pytest.mark.parametrize(("seed", "mode", "verbs"), [
    (253, Mode.PRACTICE, {"call", "share", "casino"}),  # co-bankers' shares in pennies
    (179, Mode.TABLE_READY, {"call", "decide"}),  # three incidents, payments in pennies
    (56, Mode.PRACTICE, {"bank"}),  # nobody banks next: its own button
])
def test_every_amount_and_nobody_by_the_mouse_alone(qtbot, screen_of, seed, mode, verbs):
    """Amounts below the smallest chip (pennies, a commission of MOP$122.50) put together
    from the change's coins, nobody named for the next bank by its button: no key."""
    screen = screen_of(seed, mode)
    actions = play_by_mouse(qtbot, screen)
    assert verbs <= {action.verb for action in actions}
    assert needs_change(screen, actions)
    if seed == 56:
        assert "bank none" in {str(action) for action in actions}
