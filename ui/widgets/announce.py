"""Announcements to a screen reader without moving the focus: the verdict, the time left in
an exam, a sync that failed, an incident at the table.

Every announcement goes through :func:`announce`, which sends Qt's
``QAccessibleAnnouncementEvent`` (AT-SPI's ``object:announcement`` on Linux, UI Automation's
notification on Windows, NSAccessibility's announcement on macOS): polite (said once the
reader is quiet) or assertive (said at once: the exam's last seconds).
"""

from __future__ import annotations

from PySide6 import QtGui
from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QTextDocumentFragment


def plain(text: str) -> str:
    """``text`` as a screen reader says it: rich text (a verdict with its article's link)
    without its markup, the lines joined."""
    if QtGui.Qt.mightBeRichText(text):
        text = QTextDocumentFragment.fromHtml(text).toPlainText()
    return " ".join(text.split())


def announce(source: QObject, text: str, assertive: bool = False) -> None:
    """Have the screen reader say ``text`` (plain or rich), coming from ``source`` (the
    widget that shows it); the focus stays where it is. Nothing is sent for no words."""
    said = plain(text)
    if not said:
        return
    event = QAccessibleAnnouncementEvent(source, said)
    event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive if assertive
                        else QAccessible.AnnouncementPoliteness.Polite)
    QAccessible.updateAccessibility(event)
