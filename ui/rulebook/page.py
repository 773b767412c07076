"""The rulebook page: the regulations article by article, the house interpretations, search,
"Practise this rule" and, for an instructor, the text shown printed to PDF.

Keyboard: Ctrl+F searches; the arrows move through the hits and Enter opens one; Escape
goes back. The texts are read the first time the page is opened.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut, QTextDocument
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

import i18n
from i18n import _
from trainer.rules.house import HouseRules
from ui.rulebook import house
from ui.rulebook.places import HOUSE, Place
from ui.rulebook.practice_map import skills_for
from ui.rulebook.render import anchor_name, article_title, label, numbered_line, text_html
from ui.rulebook.search import Hit, search
from ui.rulebook.texts import Text, keys, load
from ui.translated import Retranslating

#: The order of the texts in the contents.
ORDER = ("51-89-M", "15-96-M", "three-card-ranking", "9-76", "135-91-M", "52-89-M")


class RulebookPage(Retranslating, QWidget):
    """``practiseRequested(skills)``: practise the skills citing the point shown;
    ``backRequested``: back to where the rulebook was opened from."""

    practiseRequested = Signal(list)  # noqa: N815
    backRequested = Signal()  # noqa: N815

    def __init__(self, rules: HouseRules | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.rules = rules or HouseRules()
        self.texts: list[Text] = []
        self.place: Place | None = None
        self.query = ""
        self.hits: list[Hit] = []
        self.may_practise = False
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.backRequested)
        self.heading = QLabel()
        self.heading.setObjectName("heading")
        self.search_box = QLineEdit()
        self.search_box.textChanged.connect(self._search)
        self.search_box.returnPressed.connect(self._open_hit)
        self.search_box.installEventFilter(self)
        QShortcut(QKeySequence.StandardKey.Find, self, self._focus_search,
                  context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.hit_list = QListWidget()
        self.hit_list.setWordWrap(True)
        self.hit_list.itemActivated.connect(lambda _item: self._open_hit())
        self.hit_list.hide()
        self.contents = QTreeWidget()
        self.contents.setHeaderHidden(True)
        self.contents.setWordWrap(True)  # an article's title on two lines, not cut mid-word
        self.contents.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.contents.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.contents.currentItemChanged.connect(self._chosen_in_contents)
        self.reader = QTextBrowser()
        self.reader.setOpenLinks(False)
        self.beside = QCheckBox()
        self.beside.toggled.connect(lambda _on: self._show())
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.official_note = QLabel()
        self.official_note.setObjectName("hint")
        self.official_note.setWordWrap(True)
        self.practise_button = QPushButton()
        self.practise_button.clicked.connect(self._practise)
        self.print_button = QPushButton()
        self.print_button.clicked.connect(self._print)
        self.print_button.hide()
        self._lay_out()
        self.retranslate()

    def _lay_out(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.back_button)
        top.addWidget(self.heading)
        top.addStretch(1)
        top.addWidget(self.search_box, 2)
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.hit_list, 1)
        column.addWidget(self.contents, 2)
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(self.reader)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 3)
        notes = QVBoxLayout()
        notes.addWidget(self.official_note)
        notes.addWidget(self.status)
        bottom = QHBoxLayout()
        bottom.addLayout(notes, 1)
        bottom.addWidget(self.beside)
        bottom.addWidget(self.practise_button)
        bottom.addWidget(self.print_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 12, 24, 12)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        layout.addLayout(bottom)

    # Opening ---------------------------------------------------------------------------------

    def set_rules(self, rules: HouseRules) -> None:
        """The house rules whose settings the house interpretations show."""
        self.rules = rules
        self.texts = []

    def allow(self, practise: bool, print_pdf: bool) -> None:
        """What the person reading may do: practise (a trainee), print (an instructor)."""
        self.may_practise = practise
        self.print_button.setVisible(print_pdf)
        self._update_buttons()

    def open_place(self, place: Place | None = None) -> None:
        """Show the rulebook at ``place`` (highlighted), or where it was, or its start."""
        self._load()
        first = Place(self.texts[0].key, self.texts[0].articles[0].number)
        chosen = place or self.place or first
        text = next((t for t in self.texts if t.key == chosen.text), None)
        if text is None or text.article(chosen.article) is None:
            chosen = first  # a link to no text we have (a newer app's bundle, say)
        self.place = chosen
        self._select_in_contents(chosen)
        self._show()

    def _load(self) -> None:
        if not self.texts:
            shipped = {key: house.with_settings(load(key), self.rules) for key in keys()}
            self.texts = [shipped[key] for key in ORDER if key in shipped] + [
                shipped[key] for key in sorted(shipped) if key not in ORDER]
            self.texts.append(house.as_text(self.rules))
            self._fill_contents()

    def text(self, key: str) -> Text:
        return next(t for t in self.texts if t.key == key)

    # Contents and reader -------------------------------------------------------------------

    def _fill_contents(self) -> None:
        language = i18n.current_language()
        self.contents.blockSignals(True)
        self.contents.clear()
        for text in self.texts:
            top = QTreeWidgetItem([text.title[language]])
            top.setData(0, Qt.ItemDataRole.UserRole, Place(text.key, text.articles[0].number))
            for article in text.articles:
                child = QTreeWidgetItem([article_title(text, article.number, language)
                                         or text.title[language]])
                child.setData(0, Qt.ItemDataRole.UserRole, Place(text.key, article.number))
                top.addChild(child)
            self.contents.addTopLevelItem(top)
        self.contents.blockSignals(False)

    def _select_in_contents(self, place: Place) -> None:
        whole = place.whole_article()
        for n in range(self.contents.topLevelItemCount()):
            top = self.contents.topLevelItem(n)
            assert top is not None  # n is below the count of top-level items
            for m in range(top.childCount()):
                child = top.child(m)
                assert child is not None  # m is below the count of children
                if child.data(0, Qt.ItemDataRole.UserRole) == whole:
                    self.contents.blockSignals(True)
                    top.setExpanded(True)
                    self.contents.setCurrentItem(child)
                    self.contents.blockSignals(False)
                    return

    def _chosen_in_contents(self, item: QTreeWidgetItem | None) -> None:
        if item is not None:
            self.place = item.data(0, Qt.ItemDataRole.UserRole)
            self._show()

    def _show(self) -> None:
        if self.place is None:
            return
        language = i18n.current_language()
        text = self.text(self.place.text)
        self.reader.setHtml(text_html(text, language, self.place, self.query,
                                      self.beside.isChecked()))
        self.reader.scrollToAnchor(anchor_name(self.place))
        self.beside.setVisible(language != "pt_MO" and text.key != HOUSE)
        self.official_note.setText("" if language in text.official else _(
            "Unofficial translation by the app: the official text is in Portuguese{also}.")
            .format(also=_(" and Chinese") if "zh_Hant_MO" in text.official else ""))
        self._update_buttons()

    def shown_point(self) -> str:
        """The words of the place shown, in the language shown (for tests and print)."""
        assert self.place is not None
        text = self.text(self.place.text)
        article = text.article(self.place.article)
        assert article is not None
        point = article.point(self.place.point) or article.points[0]
        words = point.text[i18n.current_language()]
        at = numbered_line(words, self.place.line) if self.place.line else None
        return words if at is None else words.split("\n")[at]

    def _update_buttons(self) -> None:
        skills = skills_for(self.place) if self.place is not None else ()
        self.practise_button.setEnabled(self.may_practise and bool(skills))
        if self.place is None:
            self.status.clear()
        elif not skills:
            self.status.setText(_("No question cites this point yet."))
        elif not self.may_practise:
            self.status.setText(_("Sign in as a trainee to practise this rule."))
        else:
            self.status.setText(_("{count} skills practise this point.").format(
                count=len(skills)) if len(skills) > 1 else _("One skill practises this point."))

    def _practise(self) -> None:
        if self.place is not None and self.may_practise:
            skills = list(skills_for(self.place))
            if skills:
                self.practiseRequested.emit(skills)

    # Search ----------------------------------------------------------------------------------

    def _focus_search(self) -> None:
        self.search_box.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_box.selectAll()

    def _search(self, query: str) -> None:
        self._load()
        self.query = query
        self.hits = search(self.texts, query, i18n.current_language())
        self.hit_list.clear()
        for hit in self.hits:
            text = self.text(hit.place.text)
            where = article_title(text, hit.place.article, i18n.current_language())
            source = "" if text.key == HOUSE else f"{text.source} · "
            item = QListWidgetItem(f"{source}{where} {label(hit.place.item)}".strip()
                                   + f"\n{hit.extract}")
            item.setToolTip(text.title[i18n.current_language()])
            self.hit_list.addItem(item)
        searching = len(query.strip()) >= 2
        if searching and not self.hits:
            nothing = QListWidgetItem(_("Nothing found."))
            nothing.setFlags(Qt.ItemFlag.NoItemFlags)
            self.hit_list.addItem(nothing)
        self.hit_list.setVisible(searching)
        if self.hits:
            self.hit_list.setCurrentRow(0)
        self._show()

    def _open_hit(self) -> None:
        row = self.hit_list.currentRow()
        if 0 <= row < len(self.hits):
            hit = self.hits[row]
            self.place = hit.place
            if hit.language != i18n.current_language() and self.beside.isVisibleTo(self):
                self.beside.setChecked(True)  # the words found are in the Portuguese
            self._select_in_contents(self.place)
            self._show()
            self.reader.setFocus(Qt.FocusReason.OtherFocusReason)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """Up and Down in the search box move through the hits."""
        if watched is self.search_box and isinstance(event, QKeyEvent) and (
                event.type() == QKeyEvent.Type.KeyPress) and event.key() in (
                Qt.Key.Key_Up, Qt.Key.Key_Down) and self.hits:
            step = -1 if event.key() == Qt.Key.Key_Up else 1
            row = min(max(self.hit_list.currentRow() + step, 0), len(self.hits) - 1)
            self.hit_list.setCurrentRow(row)
            return True
        return super().eventFilter(watched, event)

    # Print -----------------------------------------------------------------------------------

    def _print(self) -> None:
        if self.place is None:
            return
        name, _filter = QFileDialog.getSaveFileName(
            self, _("Print the rulebook to PDF"), f"{self.place.text}.pdf", _("PDF (*.pdf)"))
        if name:
            self.print_to(name)

    def print_to(self, path: str) -> None:
        """The text shown, without highlights, as a PDF at ``path``."""
        from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter

        assert self.place is not None
        writer = QPdfWriter(path)
        writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        writer.setPageOrientation(QPageLayout.Orientation.Portrait)
        writer.setResolution(300)
        document = QTextDocument()
        document.setDefaultFont(self.reader.font())
        document.setHtml(text_html(self.text(self.place.text), i18n.current_language(),
                                   official_beside=self.beside.isChecked()))
        document.print_(writer)

    def retranslate(self) -> None:
        self.back_button.setText(_("◀ Back"))
        self.heading.setText(_("Rulebook"))
        self.search_box.setPlaceholderText(_("Search the rulebook (Ctrl+F)"))
        self.search_box.setAccessibleName(_("Search the rulebook"))
        self.contents.setAccessibleName(_("The rulebook's contents"))
        self.hit_list.setAccessibleName(_("What the search found"))
        self.reader.setAccessibleName(_("Rulebook"))
        self.beside.setText(_("With the official &Portuguese"))
        self.practise_button.setText(_("P&ractise this rule"))
        self.print_button.setText(_("Print to P&DF…"))
        if self.texts:
            self.texts = []
            self._load()
            if self.place is not None:
                self._select_in_contents(self.place)
            self._search(self.query)
