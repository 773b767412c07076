"""A Sap I Chi round's table from its kept pictures is the table drawn afresh, and a step
paints every part it changed; a recorded Sap I Chi round is replayed on the desk on its own
table, step by step (the shared replay, the shared checks of the other games)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication
from test_round_replay import play
from test_rounds_drawing import _afresh, _differ, _shown

from trainer.progress.people.accounts import sign_in
from trainer.rounds.play import solve
from trainer.rounds.sap_i_chi.view import table_view
from ui.desk.reports.table_rounds import TableRoundsView
from ui.rounds.pictures import Pictures
from ui.rounds.review import verdict_html
from ui.rounds.sap_i_chi_table import SapIChiRoundTable

pytest_plugins = ["tests.ui.desk_support"]
GAME = "sap_i_chi"


def _afresh_whole(table, painter: QPainter) -> None:
    """The table drawn with nothing kept, its pieces too."""
    kept, table._pieces = table._pieces, Pictures()
    table.paint_felt(painter)
    table.paint_situation(painter, table.area())
    table._pieces = kept


@pytest.mark.parametrize("seed", [12, 22])  # a void round and five numbers; requests
def test_the_table_from_its_pictures_is_the_table_drawn_afresh(qtbot, seed):
    screen = _shown(qtbot, GAME, seed)
    table = screen.table
    table.show_view(table.view, 4)  # a place chosen: its outline
    for step, action in enumerate(solve(screen.played.round)):
        screen.last = screen.played.give(str(action))
        screen._show_step()
        table.clearFocus()
        kept = table.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32)
        assert _differ(kept, _afresh(table, _afresh_whole)) == 0, (step, action)
    assert len(table._pictures._kept) >= 4 + 14


def test_a_step_paints_again_every_part_of_the_table_it_changed(qtbot):
    screen = _shown(qtbot, GAME, 12)
    table = screen.table
    for step, action in enumerate(solve(screen.played.round)):
        screen.last = screen.played.give(str(action))
        screen._show_step()
        QApplication.processEvents()
        corner = table.mapTo(screen, table.rect().topLeft())
        shown = QApplication.primaryScreen().grabWindow(
            screen.winId(), corner.x(), corner.y(), table.width(), table.height())
        whole = table.grab()
        assert shown.toImage().convertToFormat(QImage.Format.Format_RGB32) == \
            whole.toImage().convertToFormat(QImage.Format.Format_RGB32), (step, action)


@pytest.fixture
def chan(store, classroom):
    return sign_in(store, classroom[0].id)


def test_a_sap_i_chi_round_is_replayed_on_its_own_table(qtbot, store, chan, instructor):
    round_id, played = play(store, chan, seed=12, wrong=(3,), game=GAME)
    view = TableRoundsView(store, instructor)
    qtbot.addWidget(view)
    assert view.show_person(chan.person.id, "Chan Tai Man") and view.open_round(round_id, 4)
    replay, round_ = view.replay, played.round
    assert replay.title.text() == "Table round: Sap I Chi · Practice"
    assert isinstance(replay.table, SapIChiRoundTable)
    done = solve(round_)[:3]
    assert replay.table.view == table_view(round_.table, done, round_.steps[3].expected)
    assert replay.verdict.text() == verdict_html(played.round, played.verdicts[3])
    qtbot.mouseClick(replay.buttons["previous"], Qt.MouseButton.LeftButton)
    assert replay.number == 3
    assert replay.table.view == table_view(round_.table, done[:2], round_.steps[2].expected)
