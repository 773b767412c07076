"""Sign-in tries at the same moment on one database, each from a window of its own: the pause
lets exactly one check through, however many try at once."""

import threading
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta

from tests.progress.conftest import PASSWORD
from trainer.progress import Store
from trainer.progress.people.accounts import NotAllowed, add_instructor, sign_in
from trainer.progress.people.credentials import TooManyFailures
from trainer.progress.storage.database import connection

TRIES = 8
T0 = datetime.now(UTC) + timedelta(hours=1)


def tries_at_once(path, person_id: str, secret: str, at: datetime) -> list[str]:
    """What each of :data:`TRIES` sign-ins met, all at the moment ``at``, each on its own
    connection to the database (as windows or programs are), let go together by a barrier."""
    met: list[str] = []
    barrier = threading.Barrier(TRIES)

    def sign_in_on(store: Store) -> None:
        barrier.wait()
        try:
            sign_in(store, person_id, secret, at=at)
            met.append("in")
        except TooManyFailures:
            met.append("paused")
        except NotAllowed:
            met.append("wrong")

    with ExitStack() as windows:  # a long busy timeout: each waits its turn, however slow
        stores = [windows.enter_context(Store(path, busy_timeout_ms=600_000, check=False,
                                              backup=False)) for _try in range(TRIES)]
        threads = [threading.Thread(target=sign_in_on, args=(store,)) for store in stores]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    return sorted(met)


def logged(path) -> list[tuple[int, ...]]:
    with Store(path, check=False, backup=False) as store:
        return connection(store).execute("SELECT ok FROM sign_in_log ORDER BY id").fetchall()


def test_wrong_passwords_at_once_get_one_check_each_pause(tmp_path):
    path = tmp_path / "progress.sqlite3"
    with Store(path) as store:
        person = add_instructor(store, "Mestre Lei", PASSWORD).id
    at = T0
    for pause in (1, 2, 4):  # each failure doubles the pause
        assert tries_at_once(path, person, "wrong password", at) == (
            ["paused"] * (TRIES - 1) + ["wrong"])
        assert tries_at_once(path, person, "wrong password",
                             at + timedelta(seconds=pause, microseconds=-1000)) == (
            ["paused"] * TRIES)  # a millisecond before the pause ends: no check at all
        at += timedelta(seconds=pause)
    assert logged(path) == [(0,)] * 3  # three checks, each logged


def test_the_right_password_at_once_lets_every_try_in_once_the_pause_is_over(tmp_path):
    path = tmp_path / "progress.sqlite3"
    with Store(path) as store:
        person = add_instructor(store, "Mestre Lei", PASSWORD).id
    assert tries_at_once(path, person, "wrong password", T0).count("wrong") == 1
    assert tries_at_once(path, person, PASSWORD, T0) == ["paused"] * TRIES
    assert tries_at_once(path, person, PASSWORD, T0 + timedelta(seconds=1)) == ["in"] * TRIES
    assert logged(path) == [(0,)] + [(1,)] * TRIES  # a success pauses nothing
