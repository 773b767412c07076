"""One trainee desktop in a process of its own: ``python -m tests.school.desktop_process DB URL
NAME ANSWERS ROUNDS`` signs NAME in to the server through the command line (the first PIN in
``$CROUPIER_TRAINER_PIN``, their own in ``$CROUPIER_TRAINER_NEW_PIN``), then answers and
syncs, round after round."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.school.school import answer
from trainer.progress import Store
from trainer.progress.command_line import main
from trainer.progress.people.accounts import find_person


def run(db: Path, url: str, name: str, answers: int, rounds: int) -> int:
    if main(["--db", str(db), "--server", url, "sign-in", name]) != 0:
        return 1
    with Store(db, backup=False) as store:
        trainee = find_person(store, name)
    for _round in range(rounds):
        with Store(db, backup=False) as store:
            answer(store, trainee.id, answers)
        if main(["--db", str(db), "--server", url, "sync"]) != 0:
            return 1
    return 0


if __name__ == "__main__":
    db, url, name, answers, rounds = sys.argv[1:]
    sys.exit(run(Path(db), url, name, int(answers), int(rounds)))
