"""The chip forms of the money skills are listed where skills are chosen — the practice
setup and the exam builder — each right after its typed skill, under a readable title."""

from __future__ import annotations

from PySide6.QtCore import Qt

import questions
from questions.chips import SUFFIX
from trainer.progress.exams.sittings import exam_items
from ui.desk.exams.exam_builder import ExamBuilder
from ui.modes.skill_picker import SkillPicker

pytest_plugins = ["tests.ui.desk_support"]
ROLE = Qt.ItemDataRole.UserRole
CHIP_FORMS = [s for s in questions.skills() if s.endswith(SUFFIX)]
#: The settlement's chip form walks the table: a title of its own.
WALKED = {"mahjong_baccarat.settlement_in_chips":
          "Mahjong Baccarat: settling the table in chips, place by place"}


def chip_title(texts: dict[str, str], skill: str) -> str:
    return WALKED.get(skill) or f"{texts[skill.removesuffix(SUFFIX)]} — paid in chips"


def listed(widget) -> list[tuple[str, str]]:
    return [(widget.item(row).data(ROLE), widget.item(row).text())
            for row in range(widget.count())]


def test_the_practice_setup_lists_each_chip_form_after_its_typed_skill(qtbot, switcher):
    picker = SkillPicker(several=True)
    qtbot.addWidget(picker)
    for game in {skill.split(".", 1)[0] for skill in CHIP_FORMS}:
        picker.choose_game(game)
        rows = listed(picker.skills)
        assert [skill for skill, _text in rows] == questions.skills(game)
        texts = dict(rows)
        for skill in (s for s in CHIP_FORMS if s.startswith(f"{game}.")):
            assert texts[skill] == chip_title(texts, skill)
    picker.choose_skills(["three_card.payout_in_chips"])
    assert "three_card.payout_in_chips" in picker.chosen()
    switcher.switch("pt_MO")
    texts = dict(listed(picker.skills))
    assert texts["three_card.payout_in_chips"].startswith(texts["three_card.payout"])
    switcher.switch("en")


def test_the_exam_builder_offers_the_chip_forms_and_an_exam_asks_them(qtbot, store,
                                                                      instructor):
    builder = ExamBuilder(store, instructor)
    qtbot.addWidget(builder)
    rows = listed(builder.skills)
    # The skills, then the rounds of each game whose table is on screen (every game's now,
    # Mah-Jong's scenes among them: an exam can be sat with each).
    from trainer.rounds.exam_items import is_round_item, round_item_game
    from ui.rounds.kits import KITS
    offered = [skill for skill in questions.titled()
               if not is_round_item(skill) or round_item_game(skill) in KITS]
    assert [skill for skill, _text in rows] == offered
    assert "mahjong.round" in questions.titled() and "mahjong.round" in offered
    texts = dict(rows)
    for skill in CHIP_FORMS:
        assert texts[skill] == chip_title(texts, skill)
    builder.title_edit.setText("Paying the table")
    builder.check_skills(["sap_i_chi.payout", "sap_i_chi.payout_in_chips"])
    exam = builder.create()
    assert exam is not None
    assert [part.skill for part in exam.parts] == ["sap_i_chi.payout",
                                                   "sap_i_chi.payout_in_chips"]
    kinds = {item.skill: questions.generate(item.skill, item.seed, item.difficulty).form.kind
             for item in exam_items(exam)}
    assert kinds == {"sap_i_chi.payout": "amount", "sap_i_chi.payout_in_chips": "chips"}
