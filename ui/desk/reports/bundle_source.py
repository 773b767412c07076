"""Whom a bundle is from, asked before it is imported: the file cannot say it.

A trainee's bundle must hold that trainee's rows only, and its exam sittings count once an
instructor confirms them on the Exams page (at a school with a server, each must also be one
the server registered for them, checked at the import); an instructor's desk's bundle is
vouched for by the instructor importing it (:mod:`trainer.progress.bundles.source`). The
list offers every trainee on this desk, the bundle's own trainee chosen when it holds one
(offered as new when this desk does not know them yet), else an instructor's desk.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from i18n import _
from trainer.progress import Person
from trainer.progress.bundles.source import INSTRUCTOR_DESK, BundleSource
from ui.widgets.choices import Choices
from ui.widgets.wrapped import paragraph

#: The source offered first when the bundle holds no one trainee: the instructor chooses
#: (a bundle of two trainees must not be vouched for by a default; attack round 4).
UNCHOSEN = "unchosen"


class BundleSourceDialog(QDialog):
    """``trainees``: those on this desk; ``brought``: the bundle's one trainee (id, name), if
    it holds one (then chosen for the instructor: the import checks it holds them only)."""

    def __init__(self, trainees: list[Person], brought: tuple[str, str] | None,
                 parent: QWidget | None = None, *, school_server: bool = False):
        super().__init__(parent)
        self.setWindowTitle(_("Whom is this bundle from?"))
        intro = paragraph(_(
            "A bundle cannot prove who wrote it. A trainee's bundle may hold only that "
            "trainee's progress; each of their exam sittings must be one the school server "
            "registered for them, and counts once you confirm it on the Exams page. A bundle "
            "from an instructor's desk is taken on your word.") if school_server else _(
            "A bundle cannot prove who wrote it. A trainee's bundle may hold only that "
            "trainee's progress, and their exam sittings count once you confirm them on the "
            "Exams page. A bundle from an instructor's desk is taken on your word."))
        self.source = Choices()
        if brought is None:  # nothing chosen for the instructor: vouching is a choice
            self.source.addItem(_("Choose whom it is from…"), UNCHOSEN)
        self.source.addItem(_("An instructor's desk (I vouch for it)"), None)
        known = {person.id for person in trainees}
        if brought is not None and brought[0] not in known:
            self.source.addItem(_("{name} (new on this desk)").format(name=brought[1]),
                                brought[0])
        for person in trainees:
            self.source.addItem(person.name, person.id)
        if brought is not None:
            self.source.setCurrentIndex(self.source.findData(brought[0]))
        label = QLabel(_("&From"))
        label.setBuddy(self.source)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        self.import_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.import_button.setText(_("&Import"))
        self.source.currentIndexChanged.connect(self._offer_import)
        self._offer_import()
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(label)
        layout.addWidget(self.source)
        layout.addWidget(buttons)

    def _offer_import(self) -> None:
        self.import_button.setEnabled(self.source.currentData() != UNCHOSEN)

    def chosen(self) -> BundleSource | None:
        """The source chosen; ``None`` while the instructor has chosen none."""
        person_id = self.source.currentData()
        if person_id == UNCHOSEN:
            return None
        return INSTRUCTOR_DESK if person_id is None else BundleSource.of_trainee(person_id)


def ask_source(parent: QWidget, trainees: list[Person], brought: tuple[str, str] | None, *,
               school_server: bool = False) -> BundleSource | None:
    """Whom the instructor says the bundle is from; ``None`` if they cancel."""
    dialog = BundleSourceDialog(trainees, brought, parent, school_server=school_server)
    return dialog.chosen() if dialog.exec() == QDialog.DialogCode.Accepted else None
