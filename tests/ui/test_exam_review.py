"""The exam review shows what was recorded: every answer form holds the answer as given,
so the control, the verdict and the words agree."""

from decimal import Decimal

import pytest

import questions
from i18n import format_money
from questions import AnswerKind
from questions.given import answer_label
from questions.model import jsonable
from tests.questions.mutations import mutate
from trainer.progress.exams.sittings import (
    ExamPart,
    answer_exam_item,
    create_exam,
    exam_items,
    start_sitting,
    submit_sitting,
)
from trainer.progress.people.accounts import add_instructor, sign_in
from trainer.progress.storage.ledger import add_person
from ui.modes.exam.exam_result import ExamResultPage

#: One skill for every form of answer.
SKILLS = ("thirteen.first_seat", "thirteen.rank_hands", "thirteen.payout", "thirteen.foul",
          "thirteen.misdeal", "thirteen.house_way", "sap_i_chi.draw",
          "thirteen.payout_in_chips", "mahjong_baccarat.settlement_in_chips")


@pytest.fixture
def reviewed(qtbot, store):
    """A sitting with every form answered (wrong, then right, by turns), and its review."""
    teacher = add_instructor(store, "Mestre Lei", "correct horse")
    actor = sign_in(store, teacher.id, "correct horse")
    exam = create_exam(store, actor, "Every form", [ExamPart(s, 1, 2) for s in SKILLS],
                       seed=11, time_limit_s=1800, pass_percent=Decimal(50), same_questions=True)
    trainee = sign_in(store, add_person(store, "Ana Lei").id)
    sitting = start_sitting(store, trainee, exam.id)
    given = {}
    for item in exam_items(exam):
        question = questions.generate(item.skill, item.seed, item.difficulty, exam.rules)
        answer = question.reference_answer()
        if item.index % 2 == 0:
            answer = mutate(question, answer)
        if question.form.kind is AnswerKind.AMOUNT:  # typed as a trainee types it
            answer = format_money(Decimal(answer)).replace("MOP$", "")
        answer = jsonable(answer)
        verdict = question.grade(answer)
        answer_exam_item(store, trainee, sitting.id, item.index, question.to_json(), answer,
                         verdict.correct, verdict.score, 5000)
        given[item.index] = (question, answer, verdict)
    result = submit_sitting(store, trainee, sitting.id)
    page = ExamResultPage(store)
    qtbot.addWidget(page)
    page.resize(1280, 800)
    page.show()
    page.show_result(trainee, result)
    return page, given


def _held(control, kind):
    """What the control holds now, in the answer's own terms."""
    if kind is AnswerKind.ORDERING:
        return list(control.order())
    if kind is AnswerKind.AMOUNT:
        return control.edit.text()
    if kind is AnswerKind.CHIPS:
        held = {"chips": {str(int(value)): count for value, count in control.stacks_given()},
                "change": control.change.text()}
        return {**held, "way": control.way} if control.ways else held
    if kind is AnswerKind.WALK:
        return {"steps": control.steps}
    if kind is AnswerKind.CHOICES:
        return sorted((o.value for o, box in zip(control.options, control.boxes, strict=True)
                       if box.isChecked()), key=str)
    if kind is AnswerKind.MOVES:
        return {"action": control.action(),
                "moves": sorted([card, place] for card, place in control.moves.items())}
    if kind is AnswerKind.RULING:
        return {"ruling": next((o.value for o, radio in zip(control.rulings, control.radios,
                                                            strict=True) if radio.isChecked()),
                               None),
                "reasons": sorted((o.value for o, box in zip(control.reasons, control.boxes,
                                                             strict=True)
                                   if box.box.isChecked()), key=str)}
    if kind is AnswerKind.ARRANGEMENT:
        return {**{tier: sorted(control.tier_cards(tier)) for tier in ("front", "middle",
                                                                       "back")},
                "natural": control.natural.isChecked()}
    return None


def _as_given(answer, kind):
    if kind is AnswerKind.CHIPS:
        given = {"chips": answer["chips"], "change": answer.get("change", "")}
        return {**given, "way": answer["way"]} if "way" in answer else given
    if kind is AnswerKind.RULING:
        return {"ruling": answer["ruling"], "reasons": sorted(answer["reasons"], key=str)}
    if kind is AnswerKind.CHOICES:
        return sorted(answer, key=str)
    if kind is AnswerKind.MOVES:
        return {"action": answer["action"], "moves": sorted(answer["moves"])}
    if kind is AnswerKind.ARRANGEMENT:
        return {**{tier: sorted(answer.get(tier, [])) for tier in ("front", "middle", "back")},
                "natural": bool(answer.get("natural"))}
    return answer


def test_every_answer_form_shows_the_recorded_answer(reviewed):
    page, given = reviewed
    kinds = set()
    for row, (question, answer, verdict) in given.items():
        page._replay(row)
        kind = question.form.kind
        kinds.add(kind)
        control = page.panel.answer_input
        if kind is not AnswerKind.CHOICE:
            assert _held(control, kind) == _as_given(answer, kind), (kind, answer)
        headline = page.panel.result.text()
        assert headline.split(" Score: ")[0] == (
            "✔ Correct." if verdict.correct else "✘ Not quite."), headline  # one line
        assert page.panel.right_answer.text().startswith(
            f"Your answer: {answer_label(question, answer)}")
    assert kinds == set(AnswerKind)


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_review_screenshots_of_every_form(qapp, reviewed, screenshot_dir, language):
    from ui.language import LanguageSwitcher

    page, given = reviewed
    LanguageSwitcher(qapp).switch(language)
    for row, (question, _answer, _verdict) in given.items():
        page._replay(row)
        qapp.processEvents()  # the layout the trainee sees
        page.grab().save(str(screenshot_dir / f"exam_review_{question.form.kind.value}_"
                                               f"{language}.png"))
        assert page.panel.result.text()


def test_an_answer_graded_otherwise_today_says_so_under_the_answer(qtbot, store):
    """The note of a regraded answer is a message: the review writes it out in words."""
    teacher = add_instructor(store, "Mestre Lei", "correct horse")
    actor = sign_in(store, teacher.id, "correct horse")
    exam = create_exam(store, actor, "Payouts", [ExamPart("mahjong_baccarat.payout", 1, 2)],
                       seed=4, time_limit_s=600, pass_percent=Decimal(50), same_questions=True)
    trainee = sign_in(store, add_person(store, "Ana Lei").id)
    sitting = start_sitting(store, trainee, exam.id)
    [item] = exam_items(exam)
    question = questions.generate(item.skill, item.seed, item.difficulty, exam.rules)
    wrong = question.reference_answer() + 1
    assert not question.grade(wrong).correct
    answer_exam_item(store, trainee, sitting.id, item.index, question.to_json(), str(wrong),
                     True, 1.0, 5000)  # recorded right: graded under another reading
    page = ExamResultPage(store)
    qtbot.addWidget(page)
    page.resize(1280, 800)
    page.show()
    page.show_result(trainee, submit_sitting(store, trainee, sitting.id))  # replays it
    assert page.panel.right_answer.text().endswith(
        "This answer was graded right; the rules core grades it wrong today: the "
        "explanation below is today's.")
