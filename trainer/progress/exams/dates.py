"""When an exam may be started: an instructor may give it an opening moment, a closing
moment, both or neither (always open). Fixed with the exam, like the rest of it.

A sitting started before the close runs to its own deadline. With a school server, the
server's clock decides (:mod:`trainer.progress.school.exams`); on a desktop on its own, the
desktop's.
"""

from __future__ import annotations

from datetime import UTC, datetime

from i18n import N_, Message, Moment
from trainer.progress.storage.store import StoreError
from trainer.progress.storage.values import stamp, utc


def checked_dates(opens: datetime | None, closes: datetime | None,
                  now: datetime) -> tuple[str | None, str | None]:
    """The opening and closing moments as stored (UTC stamps), if they make sense: the
    close after the opening and still to come."""
    if closes is not None and opens is not None and closes <= opens:
        raise StoreError(Message.of(N_("The exam must close after it opens.")))
    if closes is not None and closes <= now:
        raise StoreError(Message.of(N_("The exam's closing time has already passed.")))
    return (stamp(opens.astimezone(UTC)) if opens else None,
            stamp(closes.astimezone(UTC)) if closes else None)


def check_open(opens_at: str | None, closes_at: str | None, at: datetime) -> None:
    """Refuse to start an exam outside its dates, saying when it opens or when it closed."""
    if not is_open(opens_at, None, at):
        raise StoreError(Message.of(N_("This exam opens on {when}."),
                                    when=Moment(str(opens_at))))
    if not is_open(None, closes_at, at):
        raise StoreError(Message.of(N_("This exam closed on {when}."),
                                    when=Moment(str(closes_at))))


def is_open(opens_at: str | None, closes_at: str | None, at: datetime) -> bool:
    """Whether an exam with those dates may be started at ``at``."""
    return ((opens_at is None or at >= utc(opens_at))
            and (closes_at is None or at < utc(closes_at)))
