"""The main window: menus (language at any time), the start screen and the quiz."""

from __future__ import annotations

from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMessageBox, QStackedWidget, QWidget

import i18n
from i18n import _
from trainer.progress import Person, Store, StoreError
from ui.language import LanguageSwitcher
from ui.quiz_view import QuizView
from ui.start_screen import StartScreen
from ui.translated import Retranslating

PRACTICE_SKILLS = ["thirteen.first_seat"]


class MainWindow(Retranslating, QMainWindow):
    def __init__(self, store: Store, switcher: LanguageSwitcher, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._switcher = switcher
        self.start_screen = StartScreen(store)
        self.quiz = QuizView(store, PRACTICE_SKILLS)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.start_screen)
        self.pages.addWidget(self.quiz)
        self.setCentralWidget(self.pages)
        self.start_screen.personChosen.connect(self.open_quiz)
        self.quiz.backRequested.connect(self.open_start)
        self._menus()
        self.resize(1280, 800)
        self.retranslate()

    def _menus(self) -> None:
        self.file_menu = self.menuBar().addMenu("")
        self.quit_action = QAction(self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(self.close)
        self.file_menu.addAction(self.quit_action)
        self.language_menu = self.menuBar().addMenu("")
        group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for language in i18n.LANGUAGES:
            action = QAction(i18n.language_name(language), self, checkable=True)
            action.setChecked(language == i18n.current_language())
            action.triggered.connect(lambda _checked, lang=language: self.switch_language(lang))
            group.addAction(action)
            self.language_menu.addAction(action)
            self.language_actions[language] = action
        self.help_menu = self.menuBar().addMenu("")
        self.about_action = QAction(self)
        self.about_action.triggered.connect(self._about)
        self.help_menu.addAction(self.about_action)

    def retranslate(self) -> None:
        self.setWindowTitle(_("Croupier Trainer"))
        self.file_menu.setTitle(_("&File"))
        self.quit_action.setText(_("&Quit"))
        self.language_menu.setTitle(_("&Language"))
        self.help_menu.setTitle(_("&Help"))
        self.about_action.setText(_("&About"))

    def switch_language(self, language: str) -> None:
        self._switcher.switch(language)
        self.language_actions[language].setChecked(True)
        try:
            self._store.set_setting("language", language)
        except StoreError as error:
            self.statusBar().showMessage(str(error))

    def open_quiz(self, person: Person) -> None:
        self.pages.setCurrentWidget(self.quiz)
        self.quiz.start(person)
        self.statusBar().showMessage(str(self._store.path))

    def open_start(self) -> None:
        self.quiz.stop()
        self.start_screen.reload()
        self.pages.setCurrentWidget(self.start_screen)

    def _about(self) -> None:
        QMessageBox.about(self, _("About Croupier Trainer"), _(
            "Trains croupiers on the official Macau rules of the table games they deal. "
            "Every answer is graded by the rules core and explained with the article of "
            "the regulation behind it."))

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        self.quiz.stop()
        super().closeEvent(event)
