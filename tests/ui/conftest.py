import pytest

from trainer.progress.storage.ledger import add_person
from ui.app import build_window


@pytest.fixture
def window(qtbot, qapp, store):
    """The main window on a fresh store, in English, with one trainee."""
    add_person(store, "Chan Tai Man")
    main = build_window(store, qapp, "en")
    qtbot.addWidget(main)
    main.resize(1280, 800)
    main.show()
    qtbot.waitExposed(main)
    return main


@pytest.fixture(autouse=True)
def qt_in_english(qapp):
    """Every UI test starts with the windows of earlier tests gone and leaves Qt's own
    texts (dialog buttons) and locale in English.

    pytest-qt only ``deleteLater()``s a test's windows; left pending, they (and Python
    cycles holding their wrappers) could be collected in the middle of a later test's
    event delivery. They go here, at a quiet moment, before the test starts."""
    import gc

    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    gc.collect()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()
    yield
    from PySide6.QtCore import QLocale, QTranslator

    for left in qapp.findChildren(QTranslator):  # installed by the test's language switches
        qapp.removeTranslator(left)
        left.deleteLater()
    QLocale.setDefault(QLocale("en_MO"))


#: A box asking before an exam is left that nobody answers is answered "Leave" after this.
GUARD_MS = 8000


@pytest.fixture(autouse=True)
def unanswered_box_leaves(monkeypatch):
    """A box nobody answers — a test failed in an exam, and pytest-qt closes the window
    after it — is answered "Leave" after a while instead of waiting for ever."""
    from PySide6.QtCore import QTimer

    from ui.modes.exam import exam_leaving

    real = exam_leaving.ask

    def guarded(box: exam_leaving.LeaveBox) -> str:
        QTimer.singleShot(GUARD_MS, box, box.leave_button.click)
        return real(box)

    monkeypatch.setattr(exam_leaving, "ask", guarded)


@pytest.fixture(autouse=True)
def verdicts_settle_at_once(monkeypatch):
    """UI tests go on the moment a verdict shows; test_keyboard_safety checks the pause."""
    from ui.quiz_view import QuizView

    monkeypatch.setattr(QuizView, "settle_s", 0.0)


@pytest.fixture
def screen_of(qtbot, request):
    """A round screen of the test module's ``GAME`` for ``(seed, mode)`` (the round tests
    of every game)."""
    from rounds_support import round_screen

    return lambda seed, mode: round_screen(qtbot, request.module.GAME, seed, mode)
