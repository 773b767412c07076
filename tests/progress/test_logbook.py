"""The log a school's IT reads: beside the progress database, rotated within a few MB; at
INFO the imports, refusals and backups; never a password, a PIN or an answer."""

from __future__ import annotations

import logging

import pytest

from tests.progress.conftest import PASSWORD
from tests.progress.test_bundles import DEMO
from trainer.progress import Store
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.format import BundleError
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.logbook import (
    FILE_NAME,
    KEPT,
    MAX_BYTES,
    current_log,
    hidden,
    log_path,
    start_log,
    stop_log,
)
from trainer.progress.people.accounts import add_instructor, sign_in
from trainer.progress.storage.backups import BACKUPS_KEPT, take_backup


@pytest.fixture
def logged(store):
    path = start_log(store.path)
    yield path
    stop_log()


def test_the_log_is_beside_the_progress_database(store, logged):
    assert logged == store.path.resolve().parent / FILE_NAME == log_path(store.path)
    assert current_log() == logged
    logging.getLogger("trainer.progress.anything").info("a line")
    assert logged.read_text(encoding="utf-8").endswith("INFO trainer.progress.anything: "
                                                        "a line\n")


def test_started_again_elsewhere_no_line_goes_to_two_files(store, tmp_path, logged):
    other = start_log(tmp_path / "elsewhere" / "progress.sqlite3")
    logging.getLogger("ui.desk").warning("once")
    assert "once" in other.read_text(encoding="utf-8")
    assert "once" not in logged.read_text(encoding="utf-8")
    stop_log()
    assert current_log() is None
    logging.getLogger("ui.desk").warning("to no file")
    assert "to no file" not in other.read_text(encoding="utf-8")


def test_the_log_turns_over_within_a_few_mb(store, logged):
    line = "x" * 999
    for _ in range(MAX_BYTES * (KEPT + 2) // 1000):
        logging.getLogger("trainer").info(line)
    files = sorted(logged.parent.glob(FILE_NAME + "*"))
    assert len(files) == KEPT + 1  # the file and the ones kept, no more
    assert all(f.stat().st_size <= MAX_BYTES for f in files)
    assert sum(f.stat().st_size for f in files) <= 4 * MAX_BYTES


def test_below_info_is_not_kept(store, logged):
    logging.getLogger("trainer").debug("a detail")
    assert "a detail" not in logged.read_text(encoding="utf-8")


@pytest.mark.parametrize(("said", "kept"), [
    ("could not connect to postgresql://desk_ana:Tr0ub4dor@school:5432/school",
     "could not connect to postgresql://desk_ana:***@school:5432/school"),
    ("user=desk password=Tr0ub4dor host=school", "user=desk password=*** host=school"),
    ("PIN: 4821 refused", "PIN: *** refused"),
    ("token='ab cd' kept", "token=*** kept"),
    ("the pinned seed 4821 and a password-protected file", "the pinned seed 4821 and a "
                                                           "password-protected file"),
])
def test_what_has_the_shape_of_a_secret_is_hidden(said, kept):
    assert hidden(said) == kept


def test_a_secret_in_a_message_or_a_traceback_never_reaches_the_file(store, logged):
    log = logging.getLogger("trainer.progress.school")
    log.info("connecting to %s", "postgresql://desk:Tr0ub4dor@school/db")
    try:
        raise RuntimeError("password=Tr0ub4dor rejected")
    except RuntimeError:
        log.exception("a sync failed")
    written = logged.read_text(encoding="utf-8")
    assert "Tr0ub4dor" not in written
    assert "Traceback" in written and "RuntimeError: password=*** rejected" in written


def test_a_backup_taken_is_logged(store, logged, classroom):
    backup = take_backup(store)
    written = logged.read_text(encoding="utf-8")
    assert f"INFO trainer.progress.storage.backups: backup taken: {backup.path}" in written
    assert BACKUPS_KEPT > 1


def test_a_bundle_imported_and_one_refused_are_logged_without_a_password(store, classroom,
                                                                           tmp_path):
    bundle = export_bundle(store, classroom, tmp_path / "everyone.zip",
                           with_instructors=True).path
    with Store(tmp_path / "desk" / "progress.sqlite3") as desk:
        path = start_log(desk.path)
        teacher = sign_in(desk, add_instructor(desk, "Outra Mestre", PASSWORD).id, PASSWORD)
        import_bundle(desk, teacher, bundle, source=INSTRUCTOR_DESK, accept_instructors=DEMO)
        letter = tmp_path / "letter.zip"
        letter.write_bytes(b"Dear instructor, " * 100)
        with pytest.raises(BundleError, match="not a progress bundle"):
            import_bundle(desk, teacher, letter, source=INSTRUCTOR_DESK)
        written = path.read_text(encoding="utf-8")
    assert "bundle everyone.zip imported" in written and "Imported " in written
    assert "bundle letter.zip refused" in written and "not a progress bundle" in written
    assert PASSWORD not in written
