"""What goes wrong with the school server, said to the user — kept apart from the server's
driver (psycopg), which the app loads only when it talks to the server."""

from __future__ import annotations

from i18n import Message, TranslatedError


class SchoolError(TranslatedError):
    """A school server that cannot be used as asked; ``message`` says why (translated).
    ``offline``: the server could not be reached or stopped answering (try again later)."""

    def __init__(self, message: Message, *, offline: bool = False):
        super().__init__(message)
        self.offline = offline
