"""At the installed app's first start, offer the progress a clone of the source kept
elsewhere (:func:`trainer.progress.storage.paths.earlier_progress`)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from i18n import _
from trainer.progress.storage.backups import BackupError, adopt_earlier
from trainer.progress.storage.paths import earlier_progress


def offer_earlier_progress(db_path: Path) -> bool:
    """Ask whether to carry the earlier progress file over to ``db_path``, and copy it if
    so; True when it was carried over. The earlier file is left where it was."""
    earlier = earlier_progress(db_path)
    if earlier is None:
        return False
    box = QMessageBox(QMessageBox.Icon.Question, _("Croupier Trainer"), _(
        "Progress from an earlier copy of the trainer was found in {path}. Carry it over? "
        "(The file stays where it is.)").format(path=earlier))
    carry = box.addButton(_("Carry it over"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(_("Start afresh"), QMessageBox.ButtonRole.RejectRole)
    box.exec()
    if box.clickedButton() is not carry:
        return False
    try:
        adopt_earlier(db_path, earlier)
    except BackupError as error:
        QMessageBox.warning(None, _("Croupier Trainer"), str(error))
        return False
    return True
