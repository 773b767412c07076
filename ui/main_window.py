"""The main window: menus (the language at any time) and the pages — the trainees, a
trainee's home with the modes, their set-up pages, the quiz, exam results, the progress
charts and the instructor desk.

The progress charts and the desk are built when first opened, so the app starts
without pyqtgraph.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QStackedWidget,
    QWidget,
)

import i18n
import questions
from i18n import N_, Message, _
from trainer.progress import Person, Store, StoreError
from trainer.progress.day_plan import DayPlan, day_plan, set_daily_goal
from trainer.progress.desktop import Preference, preference, remember
from trainer.progress.exams.sittings import Exam, ExamResult, start_sitting
from trainer.progress.people.accounts import Actor, has_pin, sign_in
from trainer.progress.people.leave import own_leave
from trainer.progress.school.errors import SchoolError
from trainer.rounds.modes import Mode as RoundMode
from ui import pin_dialog
from ui.contrast import Contrast, ContrastSetting, setting_of
from ui.desk.texts import local_offset
from ui.language import LanguageSwitcher, name_by_labels
from ui.modes.base import AnsweredItem, QuizMode, fresh_seed
from ui.modes.drill import DrillMode, DrillSetup
from ui.modes.exam.exam_list import ExamList
from ui.modes.exam.exam_result import ExamResultPage
from ui.modes.home import HomePage, Mode
from ui.modes.practice import PracticeMode, PracticeSetup
from ui.modes.self_study import SelfStudyMode
from ui.modes.session_summary import RetryMode, SessionSummary
from ui.quiz_view import QuizView
from ui.rounds.setup import RoundSetup
from ui.rulebook.links import LINKS
from ui.school_sync import SchoolSync, busy_cursor
from ui.start_screen import StartScreen
from ui.translated import Retranslating
from ui.widgets.page import Page

if TYPE_CHECKING:
    from ui.desk.desk import InstructorDesk
    from ui.progress_view import ProgressView
    from ui.rounds.mine import MyRoundsPage
    from ui.rounds.screen import RoundScreen
    from ui.rulebook.page import RulebookPage
    from ui.rulebook.places import Place


#: The desktop's own settings: the trainee last signed in here (selected at the next start,
#: never signed in), and the window's size and place.
#: The window's first size, where the screen has room for it.
FIRST_SIZE = QSize(1280, 800)


def first_size(room: QSize) -> QSize:
    """1280 × 800, or what the screen has room for (a 1600 × 1000 screen at 150 % has
    1067 × 667): the first window never overflows the screen."""
    return FIRST_SIZE.boundedTo(QSize(room.width() * 95 // 100, room.height() * 90 // 100))


class MainWindow(Retranslating, QMainWindow):
    def __init__(self, store: Store, switcher: LanguageSwitcher, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._switcher = switcher
        self.actor: Actor | None = None
        self.school = SchoolSync(self, store, None, self.statusBar)
        self.start_screen = StartScreen(store, self.school)
        self.home = HomePage()
        self.practice_setup = PracticeSetup()
        self.drill_setup = DrillSetup(store)
        self.exam_list = ExamList(store)
        self.quiz = QuizView(store)
        self.exam_result = ExamResultPage(store)
        self.session_summary = SessionSummary()
        self.round_setup = RoundSetup()
        self.round_screen: RoundScreen | None = None
        self.progress: ProgressView | None = None
        self.my_rounds: MyRoundsPage | None = None
        self.desk: InstructorDesk | None = None
        self.rulebook: RulebookPage | None = None
        self._before_rulebook: QWidget | None = None
        self._focus_before_rulebook: QWidget | None = None
        self.pages = QStackedWidget()
        for page in (self.start_screen, self.home, self.practice_setup, self.drill_setup,
                     self.exam_list, self.quiz, self.exam_result, self.session_summary,
                     self.round_setup):
            self.pages.addWidget(page)
        self.setCentralWidget(self._scrolling(self.pages))
        self._connect()
        self._menus()
        self.resize(first_size(self.screen().availableGeometry().size()))
        self.retranslate()

    def _scrolling(self, pages: QStackedWidget) -> QScrollArea:
        """The pages in a scroll area: on a screen too small for a page (2.0 on 1280 × 800,
        640 × 400 logical pixels) the window scrolls and nothing is cut."""
        self.scroller = QScrollArea()
        self.scroller.setObjectName("window_scroller")
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.scroller.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # not a Tab stop
        self.scroller.setWidget(pages)  # the focused control is kept in view: ui.focus_keeper
        return self.scroller

    def _connect(self) -> None:
        self.start_screen.personChosen.connect(self.open_home)
        self.start_screen.signedIn.connect(self.open_signed_in)
        self.start_screen.deskRequested.connect(self.open_desk)
        self.home.backRequested.connect(self.open_start)
        self.home.today.studyRequested.connect(self._study_plan)
        self.home.today.goalChanged.connect(self._set_goal)
        self.home.today.examRequested.connect(self.open_exam_list)
        self.home.today.roundRequested.connect(self.open_round_setup)
        self.home.modeChosen.connect(self.open_mode)
        for page in (self.practice_setup, self.drill_setup, self.exam_list,
                     self.session_summary, self.round_setup):
            page.backRequested.connect(lambda: self.open_home())
        self.session_summary.retryRequested.connect(self.retry_mistakes)
        self.practice_setup.startRequested.connect(self.start_practice)
        self.drill_setup.startRequested.connect(self.start_drill)
        self.round_setup.startRequested.connect(self.start_round)
        self.round_setup.resumeRequested.connect(self.resume_round)
        self.round_setup.discardRequested.connect(self.discard_round)
        self.exam_list.startRequested.connect(self.start_exam)
        self.exam_list.resultRequested.connect(self.show_exam_result)
        self.quiz.backRequested.connect(self._leave_quiz)
        self.exam_result.backRequested.connect(lambda: self.open_mode(Mode.EXAM))
        self.quiz.answered.connect(lambda _verdict: self.school.soon())
        LINKS.placeRequested.connect(self.open_rulebook)


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
        self._contrast_menu()
        self.help_menu = self.menuBar().addMenu("")
        self.rulebook_action = QAction(self)
        self.rulebook_action.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.rulebook_action.triggered.connect(lambda: self.open_rulebook())
        self.help_menu.addAction(self.rulebook_action)
        self.about_action = QAction(self)
        self.about_action.triggered.connect(self._about)
        self.help_menu.addAction(self.about_action)

    def _contrast_menu(self) -> None:
        """Language ▸ High contrast: as the system, on, off (kept for this desktop user).
        In the Language menu, beside the other choice of how the app is shown: a menu of
        its own would need a mnemonic letter, and every letter of "View" is taken."""
        try:
            saved = preference(self._store, Preference.CONTRAST)
        except StoreError:
            saved = None
        setting = setting_of(saved)
        self.language_menu.addSeparator()
        self.contrast_menu = self.language_menu.addMenu("")
        group = QActionGroup(self)
        self.contrast_actions: dict[ContrastSetting, QAction] = {}
        for each in ContrastSetting:
            action = QAction(self, checkable=True)
            action.triggered.connect(lambda _checked, chosen=each: self.choose_contrast(chosen))
            group.addAction(action)
            self.contrast_menu.addAction(action)
            self.contrast_actions[each] = action
        self.contrast_actions[setting].setChecked(True)
        self.contrast = Contrast(setting, self)

    def choose_contrast(self, setting: ContrastSetting) -> None:
        self.contrast.choose(setting)
        self.contrast_actions[setting].setChecked(True)
        try:
            remember(self._store, Preference.CONTRAST, setting.value)
        except StoreError as error:
            self.statusBar().showMessage(str(error))

    def retranslate(self) -> None:
        self._title()
        self.file_menu.setTitle(_("&File"))
        self.quit_action.setText(_("&Quit"))
        self.language_menu.setTitle(_("&Language"))
        self.contrast_menu.setTitle(_("High &contrast"))
        for setting, words in ((ContrastSetting.SYSTEM, _("As the &system")),
                               (ContrastSetting.ON, _("&On")), (ContrastSetting.OFF, _("O&ff"))):
            self.contrast_actions[setting].setText(words)
        self.help_menu.setTitle(_("&Help"))
        self.about_action.setText(_("&About"))
        self.rulebook_action.setText(_("&Rulebook"))
        self.school.show_state()

    def switch_language(self, language: str) -> None:
        self._switcher.switch(language)
        self.language_actions[language].setChecked(True)
        try:
            remember(self._store, Preference.LANGUAGE, language)
        except StoreError as error:
            self.statusBar().showMessage(str(error))

    # The trainee's pages -------------------------------------------------------------------

    def open_start(self) -> None:
        self.quiz.stop()
        left = self.actor.person.id if self.actor is not None else None
        self.actor = None
        self._title()
        self.start_screen.reload(select=left)  # the trainee who left stays selected
        self.statusBar().clearMessage()
        self.pages.setCurrentWidget(self.start_screen)
        self.start_screen.people.setFocus()

    def open_signed_in(self, actor: Actor) -> None:
        """A trainee the school server has just signed in: their home page, and a sync at
        once, which brings their history from the server."""
        self.actor = actor
        self.open_home()
        self.school.now()

    def open_home(self, person: Person | None = None) -> None:
        """The home page of ``person`` (signed in now), or of the trainee signed in. With a
        school server a trainee signs in with their PIN instead (:meth:`open_signed_in`)."""
        self.quiz.stop()
        if person is not None and self.school.url is not None:  # the PIN proves it is them
            self.actor = None
            self.open_start()
            self.start_screen.reload(select=person.id)
            self.start_screen.error.setText(_("Type your PIN first."))
            self.start_screen.pin_sign_in.pin.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        if person is not None:
            try:
                self.actor = sign_in(self._store, person.id)
            except StoreError as error:
                self.start_screen.error.setText(str(error))
                return
        if self.actor is None:
            self.open_start()
            return
        self.home.say(None)
        self.home.show_person(self.actor.person, self._plan())
        self.pages.setCurrentWidget(self.home)
        self._title()
        try:
            remember(self._store, Preference.LAST_TRAINEE, self.actor.person.id)
        except StoreError:
            pass  # only a convenience: the next start selects nobody

    def _title(self) -> None:
        """The app's name, and the trainee's signed in."""
        actor = getattr(self, "actor", None)
        self.setWindowTitle(_("{name} — Croupier Trainer").format(name=actor.person.name)
                            if actor is not None and not actor.is_instructor
                            else _("Croupier Trainer"))

    def remember_geometry(self) -> None:
        """The window's size and place, for the next start on this desktop."""
        try:
            remember(self._store, Preference.WINDOW_GEOMETRY,
                     self.saveGeometry().toBase64().toStdString())
        except StoreError:
            pass  # a convenience only

    def restore_geometry(self) -> bool:
        """The size and place of the last start here, if kept and still on a screen."""
        from PySide6.QtCore import QByteArray

        kept = preference(self._store, Preference.WINDOW_GEOMETRY)
        if not kept:
            return False
        try:
            return self.restoreGeometry(QByteArray.fromBase64(kept.encode("ascii")))
        except (UnicodeEncodeError, ValueError):
            return False

    def _plan(self) -> DayPlan | None:
        """Today's plan of the trainee signed in (None if it cannot be read now)."""
        assert self.actor is not None
        try:
            return day_plan(own_leave(self._store, self.actor), questions.skills(),
                            utc_offset=local_offset())
        except StoreError as error:
            self.statusBar().showMessage(str(error))
            return None

    def _study_plan(self, skills: list[str]) -> None:
        assert self.actor is not None
        self._run(SelfStudyMode.among(self._store, self.actor, skills))

    def _set_goal(self, goal: int) -> None:
        assert self.actor is not None
        try:
            set_daily_goal(self._store, self.actor, self.actor.person.id, goal)
        except StoreError as error:
            self.statusBar().showMessage(str(error))
            return
        self.home.show_person(self.actor.person, self._plan())

    def open_mode(self, mode: str) -> None:
        """One of the home page's modes (:class:`Mode`, or its name): its set-up page, or
        straight to the questions; a name that is no mode fails loudly."""
        assert self.actor is not None
        self.quiz.stop()
        match Mode(mode):
            case Mode.PRACTICE:
                self.pages.setCurrentWidget(self.practice_setup)
            case Mode.SELF_STUDY:
                self._run(SelfStudyMode(self._store, self.actor))
            case Mode.DRILL:
                self.drill_setup.show_person(self.actor.person.id)
                self.pages.setCurrentWidget(self.drill_setup)
            case Mode.EXAM:
                self.open_exam_list()
            case Mode.PROGRESS:
                self.open_progress()
            case Mode.RULEBOOK:
                self.open_rulebook()
            case Mode.TABLE_ROUND:
                self.open_round_setup()

    def open_round_setup(self, game: str | None = None) -> None:
        """The table round's set-up page, at ``game`` if given (the day plan's proposal)."""
        if game is not None:
            self.round_setup.choose_game(game)
        self._list_unfinished_rounds()
        self.pages.setCurrentWidget(self.round_setup)

    def _list_unfinished_rounds(self) -> None:
        """The trainee's rounds left unfinished, on the set-up page, to resume."""
        from trainer.progress.table_rounds.resume import unfinished_rounds

        assert self.actor is not None
        self.round_setup.say(None)
        try:
            self.round_setup.show_unfinished(unfinished_rounds(self._store, self.actor))
        except StoreError as error:
            self.round_setup.show_unfinished([])
            self.round_setup.say(error.message, problem=True)

    def open_exam_list(self, exam_id: str | None = None) -> None:
        """The trainee's exams, at ``exam_id`` (an exam of the day's plan) if given."""
        assert self.actor is not None
        self.quiz.stop()
        self.exam_list.reload(self.actor)
        if exam_id is not None:
            self.exam_list.select(exam_id)
        self.pages.setCurrentWidget(self.exam_list)
        self.exam_list.exams.setFocus()

    def start_practice(self, skills: list[str], difficulty: int = 1) -> None:
        assert self.actor is not None
        self._run(PracticeMode(self._store, self.actor, skills, difficulty))

    def start_drill(self, skill_id: str, difficulty: int = 1) -> None:
        assert self.actor is not None
        self._run(DrillMode(self._store, self.actor, skill_id, difficulty))

    def start_round(self, game: str, mode: str) -> None:
        """A table round of ``game`` from a new seed under the house rules, at the house's
        par, each step recorded as the trainee's answer to its skill."""
        from trainer.progress.house_rules import load_house_rules, read_round_pars
        from trainer.progress.table_rounds.recording import RoundRecording
        from trainer.rounds import games
        from ui.rounds.screen import RoundScreen

        rules = load_house_rules(self._store, self.statusBar().showMessage)
        pars, problem = read_round_pars(self._store)
        if problem is not None:
            self.statusBar().showMessage(str(problem))
        round_ = games.start(game, fresh_seed(), RoundMode(mode), rules, pars)
        assert self.actor is not None
        self._open_round(RoundScreen(round_, RoundRecording(self._store, self.actor, round_)))

    def resume_round(self, round_id: str) -> None:
        """The trainee's round ``round_id`` left unfinished, at the step it was left at
        (dealt under its recorded house rules, at the house's par); a round that cannot be
        resumed is said on the set-up page."""
        from trainer.progress.house_rules import read_round_pars
        from trainer.progress.table_rounds.resume import resume
        from ui.rounds.screen import RoundScreen

        assert self.actor is not None
        pars, _problem = read_round_pars(self._store)
        try:
            resumed = resume(self._store, self.actor, round_id, pars)
        except StoreError as error:
            self.round_setup.say(error.message, problem=True)
            return
        self._open_round(RoundScreen(resumed.play.round, resumed.recording,
                                     played=resumed.play, since_ms=resumed.taken_ms))

    def discard_round(self, round_id: str) -> None:
        """The trainee's round ``round_id`` no longer offered (confirmed on the page)."""
        from trainer.progress.table_rounds.resume import abandon

        assert self.actor is not None
        try:
            abandon(self._store, self.actor, round_id)
        except StoreError as error:
            self.round_setup.say(error.message, problem=True)
            return
        self._list_unfinished_rounds()
        self.round_setup.say(Message.of(N_("The round is discarded: it stays in your "
                                           "progress, and is no longer offered.")))
        (self.round_setup.unfinished.list if self.round_setup.unfinished.rounds
         else self.round_setup.games).setFocus(Qt.FocusReason.OtherFocusReason)

    def _open_round(self, screen: RoundScreen) -> None:
        if self.round_screen is not None:
            self.pages.removeWidget(self.round_screen)
            self.round_screen.deleteLater()
        self.round_screen = screen
        screen.backRequested.connect(lambda: self._round_left(screen))
        self.pages.addWidget(screen)
        self.pages.setCurrentWidget(screen)
        screen.setFocus(Qt.FocusReason.OtherFocusReason)

    def _round_left(self, screen: RoundScreen) -> None:
        """Home from a round; a round left unfinished is said to be saved, to resume (or
        what the store refused as it was left)."""
        self.open_home()
        if screen.left_problem is not None:
            self.home.say(screen.left_problem, problem=True)
        else:
            self.home.say(screen.leaving_message())

    def prove_trainee(self, page: Page | None = None) -> bool:
        """A trainee who has a PIN types it before going on; True when they may go on.
        A wrong PIN is said on ``page``'s message line or in the status bar."""
        assert self.actor is not None
        actor = self.actor
        try:
            # Without a PIN there is nothing to prove (an exam that needs one says so itself).
            if actor.is_instructor or actor.proven or not has_pin(self._store,
                                                                  actor.person.id):
                return True
            pin = pin_dialog.ask_pin(self, actor.person.name)
            if pin is None:
                return False
            self.actor = sign_in(self._store, actor.person.id, pin)
        except StoreError as error:
            if page is not None:
                page.say(error.message, problem=True)
            else:
                self.statusBar().showMessage(str(error))
            return False
        self._store.signed_in.pop(actor.token, None)
        return True

    def start_exam(self, exam: Exam) -> None:
        """Start a sitting of ``exam``. With a school server the trainee types their PIN
        for it, whatever the exam asks: the server registers a sitting only with the PIN
        typed to start it (a shared desktop's file holds the sign-ins of everyone who used
        it)."""
        assert self.actor is not None
        pin = None
        if self.school.url is not None:
            pin = pin_dialog.ask_pin(self, self.actor.person.name)
            if pin is None:
                return
        elif exam.pin_required and not self.prove_trainee(self.exam_list):
            return
        try:
            register = None if pin is None else self.school.registrar(self.actor.person.id,
                                                                      pin)
            with busy_cursor():
                sitting = start_sitting(self._store, self.actor, exam.id, register=register)
            from ui.modes.exam.exam import ExamMode  # the exam's screens, when one is sat

            mode = ExamMode(self._store, self.actor, exam, sitting)
        except (StoreError, SchoolError) as error:
            self.exam_list.say(error.message, problem=True)
            return
        mode.finished.connect(self.show_exam_result)
        self._run(mode)

    def _run(self, mode: QuizMode) -> None:
        self.pages.setCurrentWidget(self.quiz)
        self.quiz.start(mode)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        """Escape that nothing on the page used (a page's own Escape comes first)."""
        if event.key() == Qt.Key.Key_Escape and not event.modifiers():
            self.go_back()
            return
        super().keyPressEvent(event)

    def go_back(self) -> None:
        """Escape: back from the page shown, as its back button does (in the desk, to its
        first page; on the list of trainees, nowhere)."""
        page = self.pages.currentWidget()
        if page is self.desk and self.desk is not None:
            self.desk.go_back()
        elif page is not None and hasattr(page, "backRequested"):
            page.backRequested.emit()

    def _leave_quiz(self) -> None:
        mode = self.quiz.mode
        if mode is not None and not mode.may_leave(self):
            self.quiz.restore_focus()  # the trainee stays (an exam asks first)
            return
        if self.quiz.mode is not mode:
            return  # the exam was submitted instead: its result shows
        exam = mode is not None and mode.session_mode == "exam"
        self.quiz.stop()
        if mode is not None and mode.session_mode == "preview" and self.desk is not None:
            self.pages.setCurrentWidget(self.desk)  # back to the desk that asked for it
            return
        if exam:
            self.open_mode(Mode.EXAM)
        elif mode is not None and mode.answers:  # the session's summary first
            self.session_summary.show_session(mode.answers)
            self.pages.setCurrentWidget(self.session_summary)
        else:
            self.open_home()

    def retry_mistakes(self, mistakes: list[AnsweredItem]) -> None:
        assert self.actor is not None
        self._run(RetryMode(self._store, self.actor, mistakes))

    def show_exam_result(self, result: ExamResult) -> None:
        assert self.actor is not None
        self.quiz.stop()
        self.exam_result.show_result(self.actor, result)
        self.pages.setCurrentWidget(self.exam_result)

    def open_progress(self) -> None:
        """The trainee's charts, built now (pyqtgraph is imported the first time)."""
        from ui.progress_view import ProgressView

        assert self.actor is not None
        if not self.prove_trainee():
            return
        if self.progress is not None:
            self.pages.removeWidget(self.progress)
            self.progress.deleteLater()
        self.progress = ProgressView(self._store, self.actor, self.actor.person.id,
                                     with_rounds=True)
        self.progress.backRequested.connect(lambda: self.open_home())
        self.progress.roundsRequested.connect(self.open_my_rounds)
        self.pages.addWidget(self.progress)
        self.pages.setCurrentWidget(self.progress)

    def open_my_rounds(self) -> None:
        """The trainee's own table rounds, to replay step by step; back to their progress."""
        from ui.rounds.mine import MyRoundsPage

        assert self.actor is not None
        if self.my_rounds is not None:
            self.pages.removeWidget(self.my_rounds)
            self.my_rounds.deleteLater()
        self.my_rounds = MyRoundsPage(self._store, self.actor)
        self.my_rounds.backRequested.connect(self._back_to_progress)
        self.pages.addWidget(self.my_rounds)
        self.my_rounds.reload()
        self.pages.setCurrentWidget(self.my_rounds)
        self.my_rounds.rounds.table.setFocus()

    def _back_to_progress(self) -> None:
        if self.progress is not None:
            self.pages.setCurrentWidget(self.progress)

    # The rulebook ----------------------------------------------------------------------------

    def open_rulebook(self, place: Place | None = None) -> None:
        """The rulebook, at ``place`` if given (a citation followed); back returns to the
        page it was opened from. A trainee signed in may practise a rule from it; an
        instructor at the desk may print it."""
        from trainer.progress.house_rules import read_house_rules
        from ui.rulebook.page import RulebookPage

        current = self.pages.currentWidget()
        if current is self.quiz and self.quiz.mode is not None \
                and self.quiz.mode.session_mode == "exam":
            self.statusBar().showMessage(_("The rulebook stays closed during an exam."))
            return
        if self.rulebook is None:
            self.rulebook = RulebookPage()
            self.rulebook.backRequested.connect(self._leave_rulebook)
            self.rulebook.practiseRequested.connect(self._practise_rule)
            self.pages.addWidget(self.rulebook)
        if current is not self.rulebook:
            self._before_rulebook = current
            self._focus_before_rulebook = QApplication.focusWidget()
        at_desk = current is self.desk and self.desk is not None
        trainee = self.actor is not None and not self.actor.is_instructor and not at_desk
        self.rulebook.set_rules(read_house_rules(self._store)[0])
        self.rulebook.allow(practise=trainee, print_pdf=at_desk)
        self.rulebook.open_place(place)
        self.pages.setCurrentWidget(self.rulebook)
        self.rulebook.reader.setFocus(Qt.FocusReason.OtherFocusReason)

    def _leave_rulebook(self) -> None:
        """Back to the page the rulebook was opened from, the keyboard where it was (on the
        answer being given, or on Next after a verdict)."""
        before, self._before_rulebook = self._before_rulebook, None
        focus, self._focus_before_rulebook = self._focus_before_rulebook, None
        if before is None or self.pages.indexOf(before) < 0:
            self.open_home() if self.actor is not None else self.open_start()
            return
        self.pages.setCurrentWidget(before)
        if before is self.quiz:
            self.quiz.restore_focus()
        elif focus is not None and shiboken6.isValid(focus) and focus.isVisible():
            focus.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            before.setFocus(Qt.FocusReason.OtherFocusReason)
            before.focusNextChild()

    def _practise_rule(self, skills: list[str]) -> None:
        if self.actor is None:
            return
        self.quiz.stop()
        self.start_practice(skills)

    # The instructor desk -------------------------------------------------------------------

    def open_desk(self) -> None:
        """Sign an instructor in, then show the desk."""
        from ui.desk.desk import InstructorDesk
        from ui.desk.sign_in import ask_to_sign_in

        actor = ask_to_sign_in(self._store, self, self.school.as_instructor
                               if self.school.url is not None else None)
        if actor is None:
            return
        self.show_desk(InstructorDesk(self._store, actor, self.school))

    def show_desk(self, desk: InstructorDesk) -> None:
        self.close_desk()
        self.desk = desk
        desk.signOutRequested.connect(self.close_desk)
        desk.previewRequested.connect(self.preview_exam)
        self.pages.addWidget(desk)
        self.pages.setCurrentWidget(desk)
        desk.focus_first()  # never on Sign out, where the first Enter would sign out
        name_by_labels(desk)
        self.statusBar().showMessage(str(self._store.path))  # where the data is: instructors
        self.statusBar().addPermanentWidget(desk.record_store_sync.label, 1)
        self.school.now()  # an instructor opening the desk sees the school's latest
        desk.record_store_sync.opened()  # (or after that sync, with a school server)

    def preview_exam(self, exam: Exam) -> None:
        """The desk's instructor takes ``exam`` in the quiz; back returns to the desk."""
        from ui.modes.exam.exam_preview import ExamPreview

        if self.desk is not None:
            self._run(ExamPreview(self._store, self.desk.actor, exam))

    def close_desk(self) -> None:
        if self.desk is None:
            return
        desk, self.desk = self.desk, None
        self._store.signed_in.pop(desk.actor.token, None)
        self.school.as_instructor(None, None)  # the server password goes with the sign-out
        self.statusBar().removeWidget(desk.record_store_sync.label)
        desk.record_store_sync.label.deleteLater()
        self.pages.removeWidget(desk)
        desk.deleteLater()
        self.open_start()

    def _about(self) -> None:
        QMessageBox.about(self, _("About Croupier Trainer"), _(
            "Trains croupiers on the official Macau rules of the table games they deal. "
            "Every answer is graded by the rules core and explained with the article of "
            "the regulation behind it."))

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        mode = self.quiz.mode
        if mode is not None and not mode.may_leave(self):
            event.ignore()  # the trainee stays in the exam
            return
        self.quiz.stop()
        self.school.wait()
        self.remember_geometry()
        super().closeEvent(event)
