"""The error a user can meet in the progress store, said in words: below every module of the
store (the rule for names raises it too, and the store applies that rule)."""

from __future__ import annotations

from i18n import Message, TranslatedError


class StoreError(TranslatedError):
    """A problem a user can meet (damaged file, busy database, bad name), said in words."""

    def __init__(self, message: Message, *, damaged: bool = False):
        super().__init__(message)
        self.damaged = damaged
