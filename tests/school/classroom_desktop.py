"""One trainee's desktop in a classroom under load, in a process of its own:
``python -m tests.school.classroom_desktop DB URL NAME SECONDS PACE SEED`` signs NAME in to the
server through the command line (the first PIN in ``$CROUPIER_TRAINER_PIN``, their own in
``$CROUPIER_TRAINER_NEW_PIN``), then for SECONDS answers a question every PACE seconds and
syncs after each answer, as the app does a few seconds after an answer. A sync the server
does not answer (it is restarted once meanwhile) is tried again at the next answer; at the
end the desktop syncs until everything it holds has gone. It prints one JSON line: the
answers it made, each sync's and each push's time in ms, the syncs that failed."""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from tests.school.school import real
from trainer.progress import Store
from trainer.progress.command_line import main
from trainer.progress.people.accounts import find_person
from trainer.progress.school import sync as syncing
from trainer.progress.school.errors import SchoolError
from trainer.progress.school.status import waiting_answers
from trainer.progress.school.sync import sync
from trainer.progress.storage.ledger import end_session, record_attempt, start_session

#: How long the desktop keeps trying to send what it holds once the class is over.
LAST_SYNC_SECONDS = 120


def timing_pushes(pushed_ms: list[float]) -> None:
    """Time each push inside the app's own sync (the sync's other parts — the connection,
    the schema's check, the pull — are in the sync's time)."""
    push = syncing.push

    def timed(*args: Any, **kwargs: Any) -> int:
        began = time.perf_counter()
        try:
            return push(*args, **kwargs)
        finally:
            pushed_ms.append((time.perf_counter() - began) * 1000)

    syncing.push = timed  # type: ignore[assignment]


def run(db: Path, url: str, name: str, seconds: float, pace: float, seed: int) -> int:
    if main(["--db", str(db), "--server", url, "sign-in", name]) != 0:
        return 1
    rng = random.Random(seed)
    made: list[str] = []
    synced_ms: list[float] = []
    pushed_ms: list[float] = []
    timing_pushes(pushed_ms)
    failed = 0
    with Store(db, backup=False) as store:
        trainee = find_person(store, name)
        session = start_session(store, trainee.id, "practice")
        time.sleep(rng.uniform(0, pace))  # the class does not answer in step
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            question = rng.randrange(1_000_000)
            made.append(record_attempt(store, trainee.id, session,
                                       *real(question, right=rng.random() < 0.7), 900))
            began = time.perf_counter()
            try:
                sync(store, url)
            except SchoolError:
                failed += 1
            else:
                synced_ms.append((time.perf_counter() - began) * 1000)
            time.sleep(max(0.0, pace - (time.perf_counter() - began)))
        end_session(store, session)
        last = time.monotonic() + LAST_SYNC_SECONDS
        while True:
            try:
                sync(store, url)
            except SchoolError:
                failed += 1
            if not waiting_answers(store) or time.monotonic() > last:
                break
            time.sleep(1)
        held = waiting_answers(store)
    print(json.dumps({"made": made, "synced_ms": synced_ms, "pushed_ms": pushed_ms,
                      "failed": failed, "held": held}))
    return 0


if __name__ == "__main__":
    db, url, name, seconds, pace, seed = sys.argv[1:]
    sys.exit(run(Path(db), url, name, float(seconds), float(pace), int(seed)))
