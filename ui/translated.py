"""Widgets that set their texts in ``retranslate()`` and redo it on every language change."""

from __future__ import annotations

from PySide6.QtCore import QEvent


class Retranslating:
    """Mix into a QWidget subclass that defines ``retranslate()``; call it in ``__init__``."""

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()  # type: ignore[attr-defined]  # the widget mixed with defines it
        super().changeEvent(event)  # type: ignore[misc]  # QWidget's, after the mix-in
