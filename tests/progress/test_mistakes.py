"""Each wrong answer's kinds of mistake: recorded with it, or classified when first read."""

import pytest

from questions.model import jsonable
from questions.registry import generate, skill
from questions.regrade import MISTAKES
from trainer.progress.learning.wrong_answers import classify_pending, kinds_of
from trainer.progress.people.accounts import NotAllowed, delete_person
from trainer.progress.practice import record_answer
from trainer.progress.storage.database import reading
from trainer.rules.mahjong_baccarat import mistakes as mahjong_baccarat


class Counting:
    """The questions' mistake reader, counting the answers it is asked to classify."""

    def __init__(self):
        self.asked = 0

    def classifies(self, skill_id):
        return MISTAKES.classifies(skill_id)

    def kinds(self, question, answer):
        self.asked += 1
        return MISTAKES.kinds(question, answer)


def _forgotten():
    """A Mahjong Baccarat payout and the answer that forgets the commission."""
    question = generate("mahjong_baccarat.payout", 1, 1)
    wrong = dict(skill("mahjong_baccarat.payout").mistaken_answers(question))[
        mahjong_baccarat.COMMISSION_FORGOTTEN]
    return question, str(wrong)


def _record(store, actor, question, answer, kinds=()):
    verdict = question.grade(answer)
    return record_answer(store, actor, None, question.to_json(), jsonable(answer),
                         verdict.correct, verdict.score, 3000, kinds)


def test_the_kinds_given_with_an_answer_are_read_back(store, ana):
    question, wrong = _forgotten()
    kinds = question.grade(wrong).mistake_ids
    assert kinds == ("mahjong_baccarat.commission_forgotten",)
    attempt = _record(store, ana, question, wrong, kinds)
    reader = Counting()
    assert kinds_of(store, ana, ana.person.id, reader) == {attempt: kinds}
    assert reader.asked == 0  # recorded with the answer: nothing to classify


def test_an_answer_recorded_without_kinds_is_classified_when_first_read(store, ana):
    """An answer from before kinds (or from a bundle) gains them from the rules core on its
    first read, and keeps them: the second read asks nothing."""
    question, wrong = _forgotten()
    attempt = _record(store, ana, question, wrong)
    odd = _record(store, ana, question, "12345")
    right = _record(store, ana, question, str(question.reference_answer()))
    reader = Counting()
    found = kinds_of(store, ana, ana.person.id, reader)
    assert found == {attempt: ("mahjong_baccarat.commission_forgotten",), odd: ("other",)}
    assert right not in found and reader.asked == 2
    assert kinds_of(store, ana, ana.person.id, reader) == found and reader.asked == 2


def test_a_skill_without_known_mistakes_is_not_classified(store, ana):
    question = generate("thirteen.tier_winner", 1, 1)
    wrong = "player" if question.reference_answer() == "banker" else "banker"
    _record(store, ana, question, wrong)
    reader = Counting()
    assert kinds_of(store, ana, ana.person.id, reader) == {} and reader.asked == 0


def test_everyone_is_classified_by_an_instructor_only(store, instructor, ana, bruno):
    question, wrong = _forgotten()
    for actor in (ana, bruno):
        _record(store, actor, question, wrong)
    with pytest.raises(NotAllowed, match="instructor"):
        classify_pending(store, ana, MISTAKES)
    assert classify_pending(store, instructor, MISTAKES) == 2
    assert classify_pending(store, instructor, MISTAKES) == 0
    with pytest.raises(NotAllowed, match="only their own progress"):
        kinds_of(store, ana, bruno.person.id, MISTAKES)


def test_the_kinds_go_with_their_answer(store, instructor, ana):
    question, wrong = _forgotten()
    _record(store, ana, question, wrong, question.grade(wrong).mistake_ids)
    delete_person(store, instructor, ana.person.id)
    with reading(store) as db:
        assert db.execute("SELECT COUNT(*) FROM attempt_mistakes").fetchone()[0] == 0


def test_an_exam_answer_is_recorded_with_its_kinds(store, instructor, ana):
    """An exam item answered wrong has its kinds written at answer time, as a practice
    answer does: the first read classifies nothing."""
    from datetime import UTC, datetime
    from decimal import Decimal

    from trainer.progress.exams.sittings import (
        ExamPart,
        answer_exam_item,
        create_exam,
        sitting_items,
        start_sitting,
    )
    start = datetime(2025, 2, 3, 10, 0, tzinfo=UTC)
    exam = create_exam(store, instructor, "Commission", [ExamPart("mahjong_baccarat.payout", 1, 1)],
                       seed=7, time_limit_s=600, pass_percent=Decimal(60), same_questions=True)
    sitting = start_sitting(store, ana, exam.id, start)
    [item] = sitting_items(exam, sitting)
    question = generate(item.skill, item.seed, item.difficulty)
    wrong = dict(skill(item.skill).mistaken_answers(question))[
        mahjong_baccarat.COMMISSION_FORGOTTEN]
    verdict = question.grade(str(wrong))
    assert verdict.mistake_ids == ("mahjong_baccarat.commission_forgotten",)
    attempt = answer_exam_item(store, ana, sitting.id, 0, question.to_json(), str(wrong),
                               verdict.correct, verdict.score, 9_000, start,
                               mistake_kinds=verdict.mistake_ids)
    reader = Counting()
    assert kinds_of(store, ana, ana.person.id, reader) == {attempt: verdict.mistake_ids}
    assert reader.asked == 0


@pytest.mark.parametrize(("skill_id", "level"), [("mahjong.claim", 1),
                                                 ("mahjong.claim_calls", 1),
                                                 ("mahjong.fan", 2)])
def test_an_old_mahjong_answer_is_classified_when_first_read(store, ana, skill_id, level):
    """A Mah-Jong answer recorded before its skill's kinds were named (a claim priority
    reversed, a fán counted twice) gains them from the rules core on its first read."""
    question, answer = _mahjong_mistake(skill_id, level)
    kinds = question.grade(answer).mistake_ids
    assert kinds and all(k.startswith("mahjong.") for k in kinds)
    attempt = _record(store, ana, question, answer)
    reader = Counting()
    assert kinds_of(store, ana, ana.person.id, reader) == {attempt: kinds}
    assert reader.asked == 1


def _mahjong_mistake(skill_id, level):
    """A question of ``skill_id`` and an answer one of its usual mistakes gives (a ruling
    with no reasons ticked)."""
    for seed in range(100):
        question = generate(skill_id, seed, level)
        for _kind, wrong in skill(skill_id).mistaken_answers(question):
            answer = ({"ruling": wrong, "reasons": []} if skill_id == "mahjong.claim_calls"
                      else jsonable(wrong))
            if not question.grade(answer).correct:
                return question, answer
    raise AssertionError("no mistake that differs")
