"""Every date with a time the desk shows reads one way only: the locale's medium date (the
month by name in English) and a 24-hour clock — "2 Dec 2026, 00:00", never the ambiguous
"02/12/2026 12:00 am" — on the exam form, in its tables and in messages; and the exam form
lists a skill a line, never wrapped, its whole title in its tooltip."""

from __future__ import annotations

from datetime import datetime

import pytest
from PySide6.QtCore import Qt

import i18n
from i18n.moments import moment_text
from trainer.progress.storage.values import stamp
from ui.desk.exams.exam_dates import OptionalMoment, qt_moment_format
from ui.desk.texts import local_time

pytest_plugins = ["tests.ui.desk_support"]
#: Midnight starting 2 December 2026 on this desktop's clock, and 21:05 that day.
MIDNIGHT = datetime(2026, 12, 2, 0, 0).astimezone()
EVENING = datetime(2026, 12, 2, 21, 5).astimezone()
SAID = {"en": ("2 Dec 2026, 00:00", "2 Dec 2026, 21:05"),
        "pt_MO": ("02/12/2026, 00:00", "02/12/2026, 21:05"),
        "zh_Hant_MO": ("2026年12月2日 00:00", "2026年12月2日 21:05")}


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_moment_is_the_medium_date_and_a_24_hour_clock(language):
    assert (moment_text(MIDNIGHT, language), moment_text(EVENING, language)) == SAID[language]
    with i18n.speaking(language):
        assert local_time(stamp(MIDNIGHT.astimezone())) == SAID[language][0]
        assert str(i18n.Moment(stamp(EVENING))) == SAID[language][1]


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_exam_form_shows_its_moments_the_same_way(qtbot, switcher, language):
    switcher.switch(language)
    moment = OptionalMoment()
    qtbot.addWidget(moment)
    moment.retranslate("Opens on")
    moment.set_moment(stamp(MIDNIGHT), MIDNIGHT)
    assert moment.edit.text() == SAID[language][0]
    assert moment.moment() == MIDNIGHT  # read back as it was set


def test_qt_s_year_is_the_whole_year_and_quoted_words_are_kept():
    assert qt_moment_format("en") == "d MMM yyyy, HH:mm"
    assert qt_moment_format("zh_Hant_MO") == "yyyy年M月d日 HH:mm"


def test_the_exam_builder_lists_a_skill_a_line_whole_in_its_tooltip(qtbot, desk):
    import questions

    skills = desk.exams.builder.skills
    assert not skills.wordWrap()
    assert skills.textElideMode() == Qt.TextElideMode.ElideMiddle  # game and "in chips" kept
    for row in range(skills.count()):
        item = skills.item(row)
        title = str(questions.title(item.data(Qt.ItemDataRole.UserRole)))
        assert item.text() == item.toolTip() == title
