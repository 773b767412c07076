"""Qt's own dialogs speak the language shown: its catalogs where they have the words
(zh_TW for Chinese, pt_BR for Portuguese), ours where they do not."""

import pytest
from PySide6.QtWidgets import QFileDialog, QLabel

from ui.language import LanguageSwitcher


def file_dialog_labels():
    dialog = QFileDialog(None, "x")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
    try:
        return [label.text() for label in dialog.findChildren(QLabel)]
    finally:
        dialog.deleteLater()


@pytest.mark.parametrize(("language", "expected"), [
    ("zh_Hant_MO", ["查看位置(&L)：", "檔名(&N)：", "檔案類型(&T)："]),
    ("pt_MO", ["&Procurar em:", "&Nome do ficheiro:", "Ficheiros do &tipo:"]),
    ("en", ["&Look in:", "File &name:", "Files of &type:"]),
])
def test_the_file_dialog_speaks_the_language_shown(qapp, language, expected):
    switcher = LanguageSwitcher(qapp)
    switcher.switch(language)
    try:
        assert file_dialog_labels() == expected
    finally:
        switcher.switch("en")


def test_combo_boxes_grow_with_their_new_texts_after_a_switch(qtbot, window, qapp):
    """A combo box keeps the width of its first texts unless told to follow them: after a
    switch from Chinese to Portuguese the level read "1 · Bási"."""
    from PySide6.QtWidgets import QComboBox

    from tests.ui.modes_support import click, open_home

    home = open_home(qtbot, window)
    seen = 0
    for mode in ("practice", "drill"):
        click(qtbot, home.buttons[mode])
        window.switch_language("pt_MO")
        qapp.processEvents()
        for combo in (c for c in window.findChildren(QComboBox) if c.isVisible()):
            seen += 1
            assert combo.sizeAdjustPolicy() is QComboBox.SizeAdjustPolicy.AdjustToContents
            shown = combo.fontMetrics().horizontalAdvance(combo.currentText())
            assert shown < combo.width(), (combo.currentText(), combo.width())
        window.switch_language("en")
        window.open_home()
    assert seen >= 2
