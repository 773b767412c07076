"""A trainee answering in a loop, as the app does: run as a separate process by the tests.

    python -m tests.progress.answering DB PERSON_ID COUNT [PAUSE_SECONDS]

Prints each attempt's id once ``record_attempt`` has returned (committed), the moment
the app would show the result.
"""

import sys
import time

from trainer.progress import Store
from trainer.progress.storage.ledger import record_attempt


def main(db: str, person_id: str, count: int, pause: float = 0.0) -> None:
    with Store(db, backup=False) as store:
        for n in range(count):
            question = {"version": 1, "skill": "thirteen.first_seat", "seed": n,
                        "difficulty": 1 + n % 3}
            attempt = record_attempt(store, person_id, None, question, n % 4 + 1, n % 3 != 0,
                                           1.0 if n % 3 else 0.0, 500 + n % 7000)
            print(attempt, flush=True)
            time.sleep(pause)  # the next question is being read


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]) if sys.argv[4:] else 0)
