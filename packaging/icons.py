"""The app's icon as files for the package (the chip ui/app_icon.py draws): PNGs in the
freedesktop icon theme's sizes under build/icon/hicolor/, and one 256-pixel PNG for the
frozen app.   Usage: QT_QPA_PLATFORM=offscreen python packaging/icons.py OUT_DIR"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication

from ui.app_icon import SIZES, app_icon


def write_icons(out: Path) -> list[Path]:
    icon = app_icon()
    written = []
    for size in SIZES:
        path = out / "hicolor" / f"{size}x{size}" / "apps" / "croupier-trainer.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        if not icon.pixmap(QSize(size, size)).save(str(path), "PNG"):
            raise SystemExit(f"could not write {path}")
        written.append(path)
    largest = out / "croupier-trainer.png"
    icon.pixmap(QSize(SIZES[-1], SIZES[-1])).save(str(largest), "PNG")
    return [*written, largest]


if __name__ == "__main__":
    app = QGuiApplication(sys.argv[:1])
    for path in write_icons(Path(sys.argv[1])):
        print(path)
