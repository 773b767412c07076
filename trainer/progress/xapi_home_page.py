"""The school's learning record store: the address its trainees' accounts are known by.

xAPI names a trainee by an account, the school's ID number on a home page: the address of
the system the ID numbers belong to (``https://lms.school.edu.mo``). It is a school setting
(``record_store_home_page``), shared with the school server as the house rules are; empty
until an instructor sets it, and the xAPI export asks for it then.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from i18n import N_, Message
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.storage.ledger import store_setting, stored_setting
from trainer.progress.storage.store import Store, StoreError

SETTING = "record_store_home_page"
MAX_LENGTH = 500


def is_home_page(text: str) -> bool:
    """An absolute http or https address with a host, and no spaces."""
    if not text or len(text) > MAX_LENGTH or any(c.isspace() for c in text):
        return False
    try:
        parts = urlsplit(text)
        host = parts.hostname
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(host)


def check_home_page(text: str) -> str:
    """The address as it will be saved (trimmed; empty to have none), or a
    :class:`StoreError` saying what is wrong with it."""
    text = text.strip()
    if text and not is_home_page(text):
        raise StoreError(Message.of(N_(
            "Type the whole address of the school's learning system, beginning with https:// "
            "(for example https://lms.school.edu.mo), or leave it empty.")))
    return text


def home_page(store: Store) -> str:
    """The saved address, or "" when none is (or the saved one is not an address)."""
    text = stored_setting(store, SETTING) or ""
    return text if is_home_page(text) else ""


def save_home_page(store: Store, actor: Actor, text: str) -> str:
    """Only an instructor sets it; an empty text clears it."""
    require_instructor(store, actor)
    text = check_home_page(text)
    store_setting(store, SETTING, text)
    return text
