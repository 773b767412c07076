"""The high-contrast setting: follow the system's contrast preference, or on, or off.

The system's preference is read from Qt's accessibility hints
(``QStyleHints.accessibility().contrastPreference()``, Qt 6.10+) and followed while it
changes; the trainee's own choice (the View menu) is kept per desktop user as a
:class:`~trainer.progress.desktop.Preference`, like the language. Either way the palette
of every drawn table and of the style sheets switches at once (:func:`ui.palette.use`).
"""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAccessibilityHints, QGuiApplication

from ui import palette


class ContrastSetting(StrEnum):
    SYSTEM = "system"
    ON = "on"
    OFF = "off"


_held: list[QObject] = []


def accessibility_hints() -> QAccessibilityHints:
    """Qt's accessibility hints. Both wrappers are held: with PySide6 6.11, the hints taken
    through a style hints' wrapper that is then collected
    (``QGuiApplication.styleHints().accessibility()`` in one expression) are deleted with
    it, and the system's preference is no longer heard."""
    if not _held:
        style_hints = QGuiApplication.styleHints()
        _held[:] = [style_hints, style_hints.accessibility()]
    hints = _held[1]
    assert isinstance(hints, QAccessibilityHints)
    return hints


def system_prefers_high() -> bool:
    """Whether the system asks for high contrast (Windows' contrast themes, GNOME's high
    contrast; False where the platform says nothing)."""
    return accessibility_hints().contrastPreference() == Qt.ContrastPreference.HighContrast


def palette_for(setting: ContrastSetting, system_high: bool) -> str:
    """The palette ``setting`` shows when the system does (or does not) ask for high
    contrast."""
    if setting is ContrastSetting.ON or (setting is ContrastSetting.SYSTEM and system_high):
        return palette.HIGH_CONTRAST
    return palette.NORMAL


class Contrast(QObject):
    """The setting in use, applied now and again whenever the system's preference
    changes; ``changed(palette)`` when the palette switches."""

    changed = Signal(str)

    def __init__(self, setting: ContrastSetting = ContrastSetting.SYSTEM,
                 parent: QObject | None = None):
        super().__init__(parent)
        self.setting = setting
        accessibility_hints().contrastPreferenceChanged.connect(self._system_changed)
        self.apply()

    def choose(self, setting: ContrastSetting) -> None:
        self.setting = setting
        self.apply()

    def apply(self, system_high: bool | None = None) -> None:
        chosen = palette_for(self.setting,
                             system_prefers_high() if system_high is None else system_high)
        if palette.use(chosen):
            self.changed.emit(chosen)

    def _system_changed(self, preference: Qt.ContrastPreference) -> None:
        self.apply(preference == Qt.ContrastPreference.HighContrast)


def setting_of(saved: str | None) -> ContrastSetting:
    """The kept setting, or following the system when none (or an unknown one) is kept."""
    try:
        return ContrastSetting(saved or ContrastSetting.SYSTEM)
    except ValueError:
        return ContrastSetting.SYSTEM
