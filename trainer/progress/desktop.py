"""What a desktop remembers for whoever sits at it: the language shown, high contrast,
the trainee who was here last, the window's size and place.

None of it is anyone's progress, so no one signs in to change it; each is a named
:class:`Preference` (the settings of the school and its instructors — house rules, the
school server's address, the targets — are set through their own rooms, by an instructor).
"""

from __future__ import annotations

from enum import StrEnum

from trainer.progress.storage import ledger
from trainer.progress.storage.store import Store


class Preference(StrEnum):
    LANGUAGE = "language"
    CONTRAST = "contrast"  # high contrast: "system" (follow it), "on" or "off"
    LAST_TRAINEE = "last_trainee"
    WINDOW_GEOMETRY = "window_geometry"


def preference(store: Store, which: Preference) -> str | None:
    return ledger.stored_setting(store, which.value)


def remember(store: Store, which: Preference, value: str) -> None:
    ledger.store_setting(store, which.value, value)
