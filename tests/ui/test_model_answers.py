"""After the verdict the table shows the model answer: the count of the dice round the
table to the first place, the banker's cards set by the house way."""

from tests.ui.modes_support import answer_with_mouse, seed_for, start_practice, use_seeds


def answered_view(qtbot, window, monkeypatch, skill, accept=lambda q: True):
    use_seeds(monkeypatch, seed_for(skill, None, accept))
    quiz = start_practice(qtbot, window, [skill])
    answer_with_mouse(qtbot, quiz)
    return quiz.panel.situation


def test_the_count_runs_round_the_table_to_the_first_place(qtbot, window, monkeypatch,
                                                           screenshot_dir):
    view = answered_view(qtbot, window, monkeypatch, "thirteen.first_seat",
                         lambda q: sum(q.situation.dice) > 8 and q.situation.card == 1)
    total = sum(view.question.situation.dice)
    said = {place: view.counts(place) for place in (1, 2, 3, 4)}
    assert sorted(k for ks in said.values() for k in ks) == list(range(1, total + 1))
    assert said[view.banker][0] == 1  # the banker is 1
    assert total in said[view.question.reference_answer()]  # it stops at the first place
    assert view.grab().save(str(screenshot_dir / "model_answer_first_seat.png"))


def test_before_the_verdict_no_count_is_shown(qtbot, window, monkeypatch):
    use_seeds(monkeypatch, seed_for("thirteen.first_seat"))
    quiz = start_practice(qtbot, window, ["thirteen.first_seat"])
    assert not quiz.panel.situation._answered


def test_the_house_way_is_set_on_the_table(qtbot, window, monkeypatch, screenshot_dir):
    view = answered_view(qtbot, window, monkeypatch, "thirteen.house_way",
                         lambda q: not q.reference_answer()["natural"])
    setting = view.house_way()
    expected = view.question.reference_answer()
    assert setting == {tier: " ".join(expected[tier]) for tier in ("front", "middle", "back")}
    assert view.grab().save(str(screenshot_dir / "model_answer_house_way.png"))
