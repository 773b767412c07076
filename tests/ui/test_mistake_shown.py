"""The verdict names the mistake the answer made, above the reasons, in the trainee's
language; the answer is stored with its kind."""

import pytest
from modes_support import answer_with_mouse, attempts, seed_for, start_practice, use_seeds

from questions.model import jsonable
from questions.registry import skill
from trainer.progress.learning.wrong_answers import kinds_of
from trainer.progress.people.accounts import sign_in
from trainer.rules.mahjong_baccarat import mistakes as mahjong_baccarat

PAYOUT = "mahjong_baccarat.payout"


def _forgotten(question):
    return dict(skill(PAYOUT).mistaken_answers(question))[mahjong_baccarat.COMMISSION_FORGOTTEN]


def test_a_forgotten_commission_is_named_above_the_reasons(qtbot, window, store, monkeypatch):
    use_seeds(monkeypatch, seed_for(PAYOUT, accept=lambda q: q.situation.ask == "paid"))
    quiz = start_practice(qtbot, window, [PAYOUT])
    question = quiz.question()
    answer_with_mouse(qtbot, quiz, _forgotten(question))
    panel = quiz.panel
    assert quiz.result.text() == "✘ Not quite."
    assert panel.mistake.isVisible()
    assert panel.mistake.text().startswith("You left out the commission")
    assert panel.mistake.text().endswith("(Ordinance 15/96/M (Mahjong Baccarat), Article 9).")
    window.switch_language("zh_Hant_MO")
    assert panel.mistake.text().startswith("你漏收了抽水")
    [attempt] = attempts(store)
    actor = sign_in(store, attempt.person_id)
    assert kinds_of(store, actor, attempt.person_id, _NoReading()) == {
        attempt.id: ("mahjong_baccarat.commission_forgotten",)}


def test_a_right_answer_names_no_mistake(qtbot, window, monkeypatch):
    use_seeds(monkeypatch, seed_for(PAYOUT))
    quiz = start_practice(qtbot, window, [PAYOUT])
    answer_with_mouse(qtbot, quiz, quiz.question().reference_answer())
    assert quiz.result.text().startswith("✔")
    assert not quiz.panel.mistake.isVisible() and quiz.panel.mistake.text() == ""


class _NoReading:
    """A reader that must not be asked: the kinds were stored with the answer."""

    def classifies(self, skill_id):
        return True

    def kinds(self, question, answer):
        raise AssertionError("the answer's kinds were not stored with it")


def _mahjong_mistake(skill_id, level):
    """A seed of ``skill_id`` at ``level`` whose usual mistake gives a wrong answer, and
    that answer."""
    from questions.registry import generate

    def differing(question):
        return any(not question.grade(jsonable(wrong)).correct
                   for _kind, wrong in skill(skill_id).mistaken_answers(question))
    seed = seed_for(skill_id, accept=differing, difficulty=level)
    question = generate(skill_id, seed, level)
    wrong = next(wrong for _kind, wrong in skill(skill_id).mistaken_answers(question)
                 if not question.grade(jsonable(wrong)).correct)
    return seed, wrong


@pytest.mark.parametrize(("skill_id", "level", "words", "zh_words"), [
    ("mahjong.claim", 1, "You gave the discard to", "你卻把打出的牌給了"),
    ("mahjong.fan", 2, "You counted a pattern that a bigger pattern", "你計算了一個"),
])
def test_a_mahjong_mistake_is_named_above_the_reasons(qtbot, window, store, monkeypatch,
                                                      skill_id, level, words, zh_words):
    seed, wrong = _mahjong_mistake(skill_id, level)
    use_seeds(monkeypatch, seed)
    quiz = start_practice(qtbot, window, [skill_id], level)
    answer_with_mouse(qtbot, quiz, wrong)
    panel = quiz.panel
    assert quiz.result.text().startswith("✘ Not quite.")  # a listing: partial credit
    assert panel.mistake.isVisible() and panel.mistake.text().startswith(words)
    assert "135/91/M" in panel.mistake.text() or "HI-MJ-" in panel.mistake.text()
    window.switch_language("zh_Hant_MO")
    assert zh_words in panel.mistake.text()
    [attempt] = attempts(store)
    assert all(k.startswith("mahjong.") for k in kinds_of(
        store, sign_in(store, attempt.person_id), attempt.person_id, _NoReading())[attempt.id])
