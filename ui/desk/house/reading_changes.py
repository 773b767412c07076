"""What changed in the rules core's readings, version by version, for the instructor."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from i18n import _
from trainer.rules.house import READINGS
from trainer.rules.readings import changes


def changes_html() -> str:
    """Each version since the first, newest first, with what became right in it."""
    intro = _("The trainer grades new answers under version {version} of its readings of "
              "the official texts. Answers and exam sittings keep the version they were "
              "graded under.").format(version=READINGS)
    parts = [f"<p>{escape(intro)}</p>"]
    by_version: dict[int, list[str]] = {}
    for version, text in changes(1):
        by_version.setdefault(version, []).append(str(text))
    for version in sorted(by_version, reverse=True):
        items = "".join(f"<li>{escape(text)}</li>" for text in by_version[version])
        parts.append(f"<h3>{escape(_('Version {version}').format(version=version))}</h3>"
                     f"<ul>{items}</ul>")
    return "".join(parts)


class ReadingChangesDialog(QDialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("What changed in the readings of the rules"))
        self.text = QTextBrowser()
        self.text.setHtml(changes_html())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(720, 480)
