"""The home page plans the day; a first start leads a new trainee to a first practice; the
window keeps its title, icon, size and the last trainee (selected, never signed in)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import Qt

import i18n
import questions
from tests.progress.conftest import question
from tests.ui.modes_support import click, open_home
from trainer.progress import Store
from trainer.progress.day_plan import daily_goal
from trainer.progress.desktop import Preference
from trainer.progress.storage.ledger import add_person, record_attempt, stored_setting
from trainer.progress.storage.values import stamp
from ui.app import build_window
from ui.modes.today import NAMED


def _window(qtbot, qapp, store, language="en", size=True):
    main = build_window(store, qapp, language)
    qtbot.addWidget(main)
    if size:
        main.resize(1280, 800)
    main.show()
    qtbot.waitExposed(main)
    return main


def test_a_first_start_leads_to_a_first_practice_in_three_steps(qtbot, qapp, store,
                                                                 screenshot_dir):
    window = _window(qtbot, qapp, store)
    start = window.start_screen
    assert start.heading.text() == "Welcome to Croupier Trainer"
    assert start.welcome.isVisibleTo(window) and not start.people.isVisibleTo(window)
    assert window.focusWidget() is start.new_name
    window.grab().save(str(screenshot_dir / "first_start_en.png"))
    qtbot.keyClicks(start.new_name, "Ana Lei")
    qtbot.keyClick(start.new_name, Qt.Key.Key_Return)  # step 1
    home = window.home
    assert window.pages.currentWidget() is home  # step 2: her home, no other click
    today = home.today
    assert today.study_button.text() == "Start my first practice ▶"
    assert window.focusWidget() is today.study_button
    qtbot.keyClick(today.study_button, Qt.Key.Key_Space)  # step 3
    assert window.pages.currentWidget() is window.quiz
    mode = window.quiz.mode
    assert mode.title() == "Self-study" and mode.skills == list(questions.skills())
    assert mode.item.skill == questions.skills()[0]  # the first new skill


def moments_today(now: datetime, count: int) -> list[datetime]:
    """``count`` moments before ``now`` on this desktop's day of ``now``, a minute apart
    when the day allows (just after midnight, "a few minutes ago" was yesterday)."""
    midnight = now.astimezone().replace(hour=0, minute=0, second=0, microsecond=0)
    step = min(timedelta(minutes=1), (now - midnight) / (count + 1))
    return [now - step * n for n in range(count, 0, -1)]


@pytest.mark.parametrize("after_midnight", [timedelta(seconds=3), timedelta(minutes=2),
                                            timedelta(hours=12)])
def test_the_moments_of_today_are_all_today_and_before_now(after_midnight):
    midnight = datetime(2026, 12, 4).astimezone()
    now = (midnight + after_midnight).astimezone(UTC)
    moments = moments_today(now, 6)
    assert len(moments) == 6 and moments == sorted(moments)
    assert all(midnight < m.astimezone() < now for m in moments)
    assert moments[-1] == now - min(timedelta(minutes=1), after_midnight / 7)


def _answers(store, person_id, skill, moments, correct=True):
    for moment in moments:
        record_attempt(store, person_id, None, question(skill), 1, correct, float(correct), 3000,
                             answered_at=stamp(moment))


def test_the_plan_says_what_is_due_new_and_weak_and_studies_it(qtbot, window, store,
                                                               screenshot_dir):
    [ana] = store.people()
    now = datetime.now(UTC)
    _answers(store, ana.id, "thirteen.first_seat", [now - timedelta(days=40)])
    _answers(store, ana.id, "thirteen.payout", moments_today(now, 6), correct=False)
    home = open_home(qtbot, window)
    today = home.today
    payout = str(questions.skill("thirteen.payout").title)
    first_seat = str(questions.skill("thirteen.first_seat").title)
    assert today.columns["weak"].heading.text() == "1 weak skill"
    assert today.columns["weak"].shown() == [f"• {payout}"]
    # the weak one, wrong a minute ago, is due again too; a skill a line
    assert today.columns["due"].heading.text() == "2 skills due for review"
    assert today.columns["due"].shown() == [f"• {payout}", f"• {first_seat}"]
    new = today.columns["new"]
    assert new.heading.text() == f"{len(questions.skills()) - 2} new skills"
    assert new.shown()[-1] == f"and {len(questions.skills()) - 2 - NAMED} more"
    assert len(new.shown()) == NAMED + 1
    assert today.answered.text().startswith("6 of 40 answers today")
    assert today.study_button.text() == "&Study today's plan ▶"
    bars = today.findChildren(type(today.goal_bar), "skillBar")
    assert len(bars) == len(questions.skills())
    bar, level, title = today.mastery.rows["thirteen.payout"]
    assert (level.text(), title.full_text()) == ("Learning", payout)
    assert bar.accessibleName() == f"{payout}: Learning" == level.accessibleName()
    assert today.mastery.rows["three_card.order"][1].text() == "New"
    assert not today.exam_buttons[0].isVisibleTo(window)  # no exam set
    window.grab().save(str(screenshot_dir / "home_plan_en.png"))
    click(qtbot, today.study_button)
    mode = window.quiz.mode
    assert mode.skills[:2] == ["thirteen.payout", "thirteen.first_seat"]  # due, weak first
    assert mode.item.skill == "thirteen.payout"


def test_the_daily_goal_is_set_on_the_home_page(qtbot, window, store):
    [ana] = store.people()
    home = open_home(qtbot, window)
    home.today.goal.setValue(25)
    assert daily_goal(store, ana.id) == 25
    assert home.today.answered.text().startswith("0 of 25 answers today")


def test_a_streak_is_counted_from_the_answers(qtbot, window, store):
    [ana] = store.people()
    now = datetime.now().astimezone()
    _answers(store, ana.id, "thirteen.first_seat",
             [(now - timedelta(days=d)).astimezone(UTC) for d in (0, 1, 2)])
    home = open_home(qtbot, window)
    assert home.today.streak.text() == "3 days in a row with practice"


def test_the_window_title_icon_size_and_last_trainee_are_kept(qtbot, qapp, tmp_path):
    path = tmp_path / "p.sqlite3"
    with Store(path) as store:
        add_person(store, "Ana Lei")
        bruno = add_person(store, "Bruno Chan")
        window = _window(qtbot, qapp, store)
        assert window.windowTitle() == "Croupier Trainer"
        assert not window.windowIcon().isNull()
        window.open_home(bruno)
        assert window.windowTitle() == "Bruno Chan — Croupier Trainer"
        window.switch_language("pt_MO")  # the title in the new language, still his
        assert window.windowTitle() == "Bruno Chan — Formação de «Croupiers»"
        window.switch_language("en")
        window.resize(700, 500)
        window.close()
        assert stored_setting(store, Preference.LAST_TRAINEE) == bruno.id
    with Store(path) as store:
        again = _window(qtbot, qapp, store, size=False)
        assert (again.size().width(), again.size().height()) == (700, 500)
        assert again.pages.currentWidget() is again.start_screen  # nobody signed in
        assert again.start_screen.people.currentItem().text() == "Bruno Chan"
        again.close()


@pytest.mark.parametrize("language", ["pt_MO", "zh_Hant_MO"])
def test_the_plan_in_each_language(qtbot, qapp, window, language, screenshot_dir):
    open_home(qtbot, window)
    window.switch_language(language)
    qapp.processEvents()  # the layout settles in the new words
    with i18n.speaking(language):
        assert window.home.today.title.text() == i18n._("Today")
    window.grab().save(str(screenshot_dir / f"home_plan_{language}.png"))


def test_an_exam_set_for_the_class_comes_first_with_its_dates(qtbot, qapp, window, store,
                                                              screenshot_dir):
    from decimal import Decimal

    from trainer.progress.exams.sittings import ExamPart, create_exam
    from trainer.progress.exams.terms import set_terms
    from trainer.progress.people.accounts import add_instructor, sign_in
    from trainer.progress.people.classes import create_class

    [chan] = store.people()
    teacher = sign_in(store, add_instructor(store, "Mestre Lei", "correct horse").id,
                      "correct horse")
    closes = datetime(2030, 12, 2, 10, 0, tzinfo=UTC)
    exam = create_exam(store, teacher, "Week 4 check", [ExamPart("thirteen.first_seat", 2, 1)],
                       seed=1, time_limit_s=600, pass_percent=Decimal(60), closes=closes)
    march = create_class(store, teacher, "March", (chan.id,))
    set_terms(store, teacher, exam.id, (march.id,), 1)
    window.start_screen.reload(select=chan.id)
    today = open_home(qtbot, window).today
    line, button = today.exam_lines[0], today.exam_buttons[0]
    assert line.full_text() == (f"Exam to sit: Week 4 check · open until "
                                f"{i18n.Moment('2030-12-02T10:00:00Z')}")
    assert button.isVisibleTo(window) and not today.exam_buttons[1].isVisibleTo(window)
    assert line.y() < today.columns["due"].y()  # before the skills
    assert today.mastery.verticalScrollBar().maximum() > 0  # every skill, scrolled
    window.grab().save(str(screenshot_dir / "home_plan_exam_en.png"))
    for language in ("pt_MO", "zh_Hant_MO"):
        window.switch_language(language)
        qapp.processEvents()  # the layout settles in the new words
        window.grab().save(str(screenshot_dir / f"home_plan_exam_{language}.png"))
    window.switch_language("en")
    click(qtbot, button)
    assert window.pages.currentWidget() is window.exam_list
    assert window.exam_list.selected().id == exam.id


def test_the_plan_proposes_a_table_round_once_its_skills_are_mastered(qtbot, qapp, store):
    from trainer.rounds.games import ROUND_SKILLS
    person = add_person(store, "Ana Lei")
    window = _window(qtbot, qapp, store)
    today = open_home(qtbot, window).today
    assert not today.round_button.isVisibleTo(window)  # nothing mastered yet
    moments = moments_today(datetime.now(UTC), 25)
    for skill in sorted(ROUND_SKILLS["thirteen"]):
        for moment in moments:
            record_attempt(store, person.id, None, question(skill), 1, True, 1.0, 1000,
                           answered_at=stamp(moment))
    window.open_home()  # the plan read again
    assert today.round_button.isVisibleTo(window)
    assert today.round_line.full_text() == ("Every skill of a 13-card game round mastered: "
                                            "run one at the table.")
    click(qtbot, today.round_button)
    assert window.pages.currentWidget() is window.round_setup
    assert window.round_setup.games.currentData() == "thirteen"


def test_a_game_whose_rounds_have_no_table_on_screen_is_not_proposed(qtbot, qapp, store,
                                                                       monkeypatch):
    """A game whose rounds play in the engine and on the command line but whose table is
    not on screen (Mah-Jong's scenes were, until their table was drawn): the plan does not
    send a trainee to a round page that cannot show one."""
    from trainer.rounds.games import ROUND_SKILLS
    from trainer.rounds.pars import ROUND_GAMES
    assert "mahjong" in ROUND_SKILLS and "mahjong" in ROUND_GAMES
    monkeypatch.setattr("ui.modes.today.ROUND_GAMES",
                        tuple(game for game in ROUND_GAMES if game != "mahjong"))
    person = add_person(store, "Ana Lei")
    window = _window(qtbot, qapp, store)
    today = open_home(qtbot, window).today
    moments = moments_today(datetime.now(UTC), 25)
    for skill in sorted(ROUND_SKILLS["mahjong"]):
        for moment in moments:
            record_attempt(store, person.id, None, question(skill), 1, True, 1.0, 1000,
                           answered_at=stamp(moment))
    window.open_home()
    assert "mahjong" in today.plan.rounds  # the plan knows the trainee is ready
    assert not today.round_button.isVisibleTo(window)  # the page offers no round of it


def test_the_plan_proposes_a_mahjong_scene_once_its_skills_are_mastered(qtbot, qapp, store):
    from trainer.rounds.games import ROUND_SKILLS
    person = add_person(store, "Ana Lei")
    window = _window(qtbot, qapp, store)
    today = open_home(qtbot, window).today
    moments = moments_today(datetime.now(UTC), 25)
    for skill in sorted(ROUND_SKILLS["mahjong"]):
        for moment in moments:
            record_attempt(store, person.id, None, question(skill), 1, True, 1.0, 1000,
                           answered_at=stamp(moment))
    window.open_home()
    assert today.round_button.isVisibleTo(window)
    click(qtbot, today.round_button)
    assert window.pages.currentWidget() is window.round_setup
    assert window.round_setup.games.currentData() == "mahjong"
