"""What each wrong answer did wrong, for the trainee and the desk: the kinds of mistake
the rules core named (:mod:`trainer.progress.learning.mistakes`), read by the person
themselves or an instructor; answers not yet classified are classified on this first read.
"""

from __future__ import annotations

from trainer.progress.learning.mistakes import MistakeReader, classify, read_kinds
from trainer.progress.people.accounts import Actor, require_access, require_instructor
from trainer.progress.storage.database import reading
from trainer.progress.storage.store import Store


def kinds_of(store: Store, actor: Actor, person_id: str,
             reader: MistakeReader) -> dict[str, tuple[str, ...]]:
    """The kinds of every wrong answer of the person that has any, by answer id: their
    own, or anyone's for an instructor. Answers not yet classified are classified first."""
    require_access(store, actor, person_id)
    classify(store, reader, "AND a.person_id = ?", [person_id])
    with reading(store) as db:
        return read_kinds(db.execute(
            "SELECT m.attempt_id, m.kind FROM attempt_mistakes m JOIN attempts a "
            "ON a.id = m.attempt_id WHERE a.person_id = ? ORDER BY m.attempt_id, m.kind",
            [person_id]))


def classify_pending(store: Store, actor: Actor, reader: MistakeReader) -> int:
    """Classify every wrong answer not yet classified (an instructor, before counting
    everyone's mistakes); how many were."""
    require_instructor(store, actor)
    return classify(store, reader, "", [])
