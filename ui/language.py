"""Switching the language while the app runs: our catalogs, Qt's own dialogs, the locale."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QApplication, QLabel, QWidget

import i18n
from i18n import N_, _

#: Qt ships qtbase translations for zh_TW and pt_BR, not for the Macau locales.
_QT_TRANSLATION_NAMES = {
    "pt_MO": ("pt_PT", "pt_BR", "pt"),
    "zh_Hant_MO": ("zh_HK", "zh_TW"),
    "en": ("en",),
}
_QT_LOCALES = {"pt_MO": "pt_MO", "zh_Hant_MO": "zh_Hant_MO", "en": "en_MO"}
#: Texts of Qt's own dialogs that its catalogs leave in English (or give in Brazilian
#: Portuguese), said in our words: (Qt's context, Qt's text) → our message.
_QT_GAPS = {
    ("QFileDialog", "&Look in:"): N_("&Look in:"),
    ("QFileDialog", "Files of &type:"): N_("Files of &type:"),
    ("QFileDialog", "File &name:"): N_("File &name:"),
}


class OurWordsForQt(QTranslator):
    """Asked before Qt's own catalog: the gaps of :data:`_QT_GAPS`, in the language shown."""

    def isEmpty(self) -> bool:  # noqa: N802 - Qt's name
        return False

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str | None:
        """Our words, or ``None`` (a null text) for Qt to ask its own catalog."""
        msgid = _QT_GAPS.get((context, source))
        if msgid is None or i18n.current_language() == "en" or _(msgid) == msgid:
            return None
        return _(msgid)


class LanguageSwitcher:
    """Owns the installed Qt translator and re-translates every window on a switch."""

    def __init__(self, app: QApplication):
        self._app = app
        self._translator: QTranslator | None = None
        self._gaps = OurWordsForQt(app)

    def switch(self, language: str) -> None:
        i18n.set_language(language)
        QLocale.setDefault(QLocale(_QT_LOCALES[language]))
        if self._translator is not None:
            self._app.removeTranslator(self._translator)
            self._translator = None
        translator = QTranslator(self._app)
        directory = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if any(translator.load(f"qtbase_{name}", directory)
               for name in _QT_TRANSLATION_NAMES[language]):
            self._app.installTranslator(translator)
            self._translator = translator
        self._app.removeTranslator(self._gaps)
        self._app.installTranslator(self._gaps)  # the last installed is asked first
        # Tell every window now rather than waiting for the translator's posted event,
        # so the switch is visible before the next user action.
        for widget in QApplication.topLevelWidgets():
            QCoreApplication.sendEvent(widget, QEvent(QEvent.Type.LanguageChange))
            name_by_labels(widget)


def name_by_labels(root: QWidget) -> None:
    """Give every labelled control (a combo box, a list, a field) its label's words as its
    accessible name, so a screen reader says "Level", not the level chosen."""
    for label in root.findChildren(QLabel):
        buddy = label.buddy()
        if buddy is not None:
            buddy.setAccessibleName(label.text().replace("&&", "\0").replace("&", "")
                                    .replace("\0", "&").strip(" :："))
