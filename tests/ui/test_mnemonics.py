"""One Alt+letter per window: every page of the app and the desk, in the three languages,
offers each mnemonic letter once (Alt+L opened the Language menu from the exam builder,
and the next Enter switched the language)."""

import pytest

from tests.ui.desk_data import PASSWORD
from tests.ui.exam_support import make_exam, start
from tests.ui.mnemonics import clashes
from tests.ui.modes_support import click, open_home
from trainer.progress.people.accounts import sign_in

pytest_plugins = ["tests.ui.desk_support"]


def pages_of_the_app(qtbot, window):
    """Every page a trainee reaches, shown in turn: (name, the window)."""
    window.open_start()
    yield "start"
    home = open_home(qtbot, window)
    yield "home"
    for mode in ("practice", "drill", "exam"):
        click(qtbot, home.buttons[mode])
        yield mode
        window.open_home()
    start(qtbot, window)
    yield "exam question"
    window.open_home()
    click(qtbot, home.buttons["progress"])
    yield "progress"


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_every_page_of_the_app_offers_each_letter_once(qtbot, qapp, window, store, language):
    make_exam(store)
    window.switch_language(language)
    found = {}
    for page in pages_of_the_app(qtbot, window):
        qapp.processEvents()
        if clash := clashes(window):
            found[page] = clash
    window.switch_language("en")
    assert found == {}


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_every_page_of_the_desk_offers_each_letter_once(qtbot, qapp, window, store,
                                                        instructor, language):
    from ui.desk.desk import InstructorDesk

    desk = InstructorDesk(store, sign_in(store, instructor.person.id, PASSWORD))
    window.show_desk(desk)
    window.switch_language(language)
    found = {}
    for row in range(desk.nav.count()):
        desk.nav.setCurrentRow(row)
        qapp.processEvents()
        if clash := clashes(window):
            found[desk.nav.item(row).text()] = clash
    window.switch_language("en")
    window.close_desk()
    assert found == {}
