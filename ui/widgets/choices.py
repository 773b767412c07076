"""A drop-down list as wide as its longest choice, also after its choices change."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QComboBox, QWidget


class Choices(QComboBox):
    """A combo box that fits its contents. Qt recomputes a combo box's size hint when its
    items change but keeps the minimum it measured first, so a list refilled in another
    language (shorter words) would still ask for the old width, or a longer one could be
    squeezed to the old; here the minimum is the contents' width, measured now."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self.sizeHint()
