"""Citations that open the rulebook: every explanation's article is a link, and following
one asks the window (whatever page it is on) to show the rulebook there."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QLabel

from ui.rulebook.places import Place


class _Links(QObject):
    #: A link was followed: the place it names.
    placeRequested = Signal(object)  # noqa: N815

    def follow(self, link: str) -> None:
        place = Place.parse(link)
        if place is not None:
            self.placeRequested.emit(place)


LINKS = _Links()


def followable(label: QLabel) -> QLabel:
    """``label``'s links to the rulebook open it (by mouse, or Tab and Enter)."""
    label.setOpenExternalLinks(False)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                  | Qt.TextInteractionFlag.LinksAccessibleByMouse
                                  | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
    label.linkActivated.connect(LINKS.follow)
    return label
