"""The Alt+letter keys a window offers at one moment: every visible labelled control and
the menu bar, each letter once."""

from __future__ import annotations

import re
from collections import defaultdict

from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QMainWindow, QWidget

_MNEMONIC = re.compile(r"&([^&\s])")


def mnemonic(text: str) -> str | None:
    found = _MNEMONIC.search(text.replace("&&", ""))
    return found.group(1).casefold() if found else None


def clashes(window: QWidget) -> dict[str, list[str]]:
    """Letter → the texts that use it, for letters used more than once."""
    used: dict[str, list[str]] = defaultdict(list)
    if isinstance(window, QMainWindow):
        for action in window.menuBar().actions():
            if action.isVisible() and (letter := mnemonic(action.text())):
                used[letter].append(action.text())
    widgets = [w for kind in (QAbstractButton, QLabel, QGroupBox)
               for w in window.findChildren(kind) if w.isVisible()]
    for widget in widgets:
        if isinstance(widget, QLabel) and widget.buddy() is None:
            continue  # a label's mnemonic works only through its buddy
        text = widget.title() if isinstance(widget, QGroupBox) else widget.text()
        if letter := mnemonic(text):
            used[letter].append(text)
    return {letter: texts for letter, texts in used.items() if len(texts) > 1}
