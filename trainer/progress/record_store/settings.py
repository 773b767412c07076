"""Where the school's learning record store is, and the key and secret the desk signs in
with (HTTP basic authentication, as record stores take it).

Each is the desk's own setting (``lrs_endpoint``, ``lrs_key``, ``lrs_secret``), set by an
instructor: none is among the settings the school server shares
(:data:`~trainer.progress.storage.schema.SCHOOL_SETTINGS`), and a bundle carries no
setting, so the secret stays in this desk's store.
"""

from __future__ import annotations

from dataclasses import dataclass

from i18n import N_, Message
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.storage.ledger import store_setting, stored_setting
from trainer.progress.storage.store import Store, StoreError
from trainer.progress.xapi_home_page import MAX_LENGTH, is_home_page

ENDPOINT, KEY, SECRET = "lrs_endpoint", "lrs_key", "lrs_secret"


@dataclass(frozen=True)
class RecordStore:
    """The record store's xAPI endpoint (statements go to ``<endpoint>/statements``) and the
    desk's key and secret there."""

    endpoint: str
    key: str
    secret: str = ""

    @property
    def statements(self) -> str:
        return self.endpoint.rstrip("/") + "/statements"


def record_store(store: Store, actor: Actor) -> RecordStore | None:
    """The record store the desk sends to, or ``None`` when none is set. Only an
    instructor reads it (it holds the secret)."""
    require_instructor(store, actor)
    endpoint = stored_setting(store, ENDPOINT) or ""
    if not is_home_page(endpoint):
        return None
    return RecordStore(endpoint, stored_setting(store, KEY) or "",
                       stored_setting(store, SECRET) or "")


def save_record_store(store: Store, actor: Actor, endpoint: str, key: str,
                      secret: str | None) -> RecordStore | None:
    """Save the endpoint and key (an empty endpoint: no record store) and, unless ``secret``
    is ``None`` (kept as it is), the secret."""
    require_instructor(store, actor)
    endpoint, key = endpoint.strip(), key.strip()
    if endpoint and not is_home_page(endpoint):
        raise StoreError(Message.of(N_(
            "Type the whole address of the learning record store's xAPI endpoint, beginning "
            "with https:// (for example https://lrs.school.edu.mo/xAPI), or leave it empty.")))
    if len(key) > MAX_LENGTH or (secret is not None and len(secret) > MAX_LENGTH):
        raise StoreError(Message.of(N_(
            "The learning record store's key and secret are at most {count} characters each."),
            count=MAX_LENGTH))
    store_setting(store, ENDPOINT, endpoint)
    store_setting(store, KEY, key)
    if secret is not None:
        store_setting(store, SECRET, secret)
    return record_store(store, actor)
