"""Sending the outbox to the school's learning record store (xAPI 1.0.3, HTTP basic auth,
``urllib`` from the standard library).

Statements go in batches, ``POST <endpoint>/statements``; a batch is marked sent only after
the record store answered it with 200 (or 204: it had every one already). A batch it
answers 409 (it has one of them already, differently) or refuses with another 4xx is sent
again one statement at a time, ``PUT …/statements?statementId=…``: 204 or 409 (it has it)
count as sent, any other 4xx is that statement's refusal, kept with its reason and never
sent again. A connection that fails or a 5xx stops the send and leaves the queue as it is;
an unknown key or secret (401, 403) or no record store at that address (404, 405) too.
What was acknowledged before the stop stays sent: the next send finishes the rest.
"""

from __future__ import annotations

import base64
import http.client
import json
import logging
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from i18n import N_, Message
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.people.id_numbers import id_numbers
from trainer.progress.record_store.outbox import (
    Counts,
    Waiting,
    counts,
    drop_gone,
    mark_refused,
    mark_sent,
    queue_statements,
    waiting,
)
from trainer.progress.record_store.settings import RecordStore, record_store
from trainer.progress.reports.statements import (
    ANSWER_KIND,
    Words,
    answer_statements,
    sitting_statements,
    words,
)
from trainer.progress.reports.words import SkillTitles
from trainer.progress.storage.database import reading
from trainer.progress.storage.store import Role, Store, StoreError
from trainer.progress.xapi_home_page import home_page

log = logging.getLogger(__name__)

XAPI_VERSION = "1.0.3"
#: Statements a batch holds (record stores take a few hundred at once).
BATCH = 200
TIMEOUT_S = 30
_ACCEPTED = (200, 204)
_HAS_IT = (204, 409)
_NOT_SIGNED_IN = (401, 403)
_NOT_THERE = (404, 405)


class RecordStoreError(StoreError):
    """The send stopped: the queue is as it was, but for what was acknowledged."""

    def __init__(self, message: Message, *, offline: bool = False):
        super().__init__(message)
        self.offline = offline


@dataclass(frozen=True)
class Sent:
    """What one send did: statements acknowledged, refused, and the outbox after it."""

    sent: int
    refused: int
    counts: Counts


def send_statements(store: Store, actor: Actor, titles: SkillTitles | None = None, *,
                    batch: int = BATCH) -> Sent:
    """Queue what was recorded since the last send, then send every statement that waits
    and can go (its trainee has an ID number, its sitting counts). Only instructors."""
    require_instructor(store, actor)
    target = record_store(store, actor)
    if target is None:
        raise StoreError(Message.of(N_(
            "No learning record store is set: type its address, key and secret first.")))
    home = home_page(store)
    if not home:
        raise StoreError(Message.of(N_(
            "xAPI statements name each trainee on the school's learning system: type its "
            "address first.")))
    queue_statements(store)
    graded = _graded(store)
    shared = words(store, home, titles)
    after, sent, refused = 0, 0, 0
    while rows := waiting(store, after, batch):
        after = rows[-1][0]
        statements = _built(store, graded, shared, [item for _row, item in rows])
        if statements:
            done, failed = _send_batch(store, target, statements)
            sent, refused = sent + done, refused + failed
    log.info("xAPI: %d statements sent to %s, %d refused", sent,
             urllib.parse.urlsplit(target.endpoint).netloc, refused)
    return Sent(sent, refused, counts(store))


def _graded(store: Store) -> dict[str, str]:
    trainees = {person.id for person in store.people(Role.TRAINEE)}
    return {person: number.strip() for person, number in id_numbers(store).items()
            if person in trainees and number.strip()}


def _built(store: Store, graded: Mapping[str, str], shared: Words,
           items: Sequence[Waiting]) -> list[dict[str, Any]]:
    """The statements of ``items`` that can go now, in their order; those whose answer or
    result is gone leave the outbox."""
    answers = [item.source for item in items if item.kind == ANSWER_KIND]
    sittings = sorted({item.source for item in items if item.kind != ANSWER_KIND})
    with reading(store) as db:
        found = {row[0] for row in db.execute(
            f"SELECT id FROM attempts WHERE id IN ({', '.join('?' * len(answers))})", answers)}
        found |= {row[0] for row in db.execute(
            "SELECT sitting_id FROM exam_results WHERE sitting_id IN "
            f"({', '.join('?' * len(sittings))})", sittings)}
        made = {s["id"]: s for s in answer_statements(store, graded, shared, answers)}
        made |= {s["id"]: s for s in sitting_statements(store, graded, shared, sittings)}
    drop_gone(store, [item.statement_id for item in items if item.source not in found])
    return [made[item.statement_id] for item in items if item.statement_id in made]


def _send_batch(store: Store, target: RecordStore,
                statements: list[dict[str, Any]]) -> tuple[int, int]:
    status, text = _request(target, "POST", target.statements, statements)
    if status in _ACCEPTED:
        mark_sent(store, [s["id"] for s in statements])
        return len(statements), 0
    _stop_unless_refused(target, status, text)
    sent = refused = 0
    for statement in statements:  # which of them it has, or refuses
        url = f"{target.statements}?{urllib.parse.urlencode({'statementId': statement['id']})}"
        status, text = _request(target, "PUT", url, statement)
        if status in _HAS_IT:
            mark_sent(store, [statement["id"]])
            sent += 1
        else:
            _stop_unless_refused(target, status, text)
            mark_refused(store, statement["id"], f"HTTP {status}: {text.strip()}")
            refused += 1
    return sent, refused


def _stop_unless_refused(target: RecordStore, status: int, text: str) -> None:
    """Raise unless ``status`` is the record store refusing these statements (a 4xx but
    the ones that say the desk is not signed in or the address is not a record store)."""
    where = urllib.parse.urlsplit(target.endpoint).netloc
    if status in _NOT_SIGNED_IN:
        raise RecordStoreError(Message.of(N_(
            "The learning record store at {server} did not accept the key and secret (HTTP "
            "{status}): check them; the statements stay queued."), server=where, status=status))
    if status in _NOT_THERE:
        raise RecordStoreError(Message.of(N_(
            "No learning record store answers at {address} (HTTP {status}): check the "
            "address; the statements stay queued."), address=target.statements, status=status))
    if not 400 <= status < 500:
        log.warning("xAPI: %s answered HTTP %d: %s", where, status, text[:200])
        raise _offline(target, f"HTTP {status}")


def _offline(target: RecordStore, reason: str) -> RecordStoreError:
    return RecordStoreError(Message.of(N_(
        "The learning record store at {server} cannot be reached now ({reason}); the "
        "statements stay queued and go with the next send."),
        server=urllib.parse.urlsplit(target.endpoint).netloc, reason=reason), offline=True)


def _request(target: RecordStore, method: str, url: str, body: Any) -> tuple[int, str]:
    """The record store's status and text for one request; raises when it cannot be
    reached."""
    login = base64.b64encode(f"{target.key}:{target.secret}".encode()).decode("ascii")
    request = urllib.request.Request(
        url, data=json.dumps(body, ensure_ascii=False).encode("utf-8"), method=method,
        headers={"Content-Type": "application/json; charset=utf-8",
                 "X-Experience-API-Version": XAPI_VERSION, "Authorization": f"Basic {login}"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:
            return int(response.status), response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return int(error.code), error.read().decode("utf-8", "replace")
    except urllib.error.URLError as error:
        raise _offline(target, str(error.reason)) from error
    except (OSError, http.client.HTTPException) as error:
        raise _offline(target, str(error) or type(error).__name__) from error
