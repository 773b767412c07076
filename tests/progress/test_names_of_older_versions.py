"""Names that a version before the one rule for names let in: a database gives them their
allowed form once (migration m014), and bundles read them in the same form, so that no one
name refuses a whole bundle and a person stays the same row on every desktop."""

import uuid

from tests.progress.conftest import PASSWORD, answered
from trainer.progress import Store
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.importing import bundle_accounts, import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.people.accounts import add_instructor, sign_in
from trainer.progress.people.namesakes import namesakes
from trainer.progress.storage.database import connection, writing
from trainer.progress.storage.ledger import record_attempt, stored_attempts
from trainer.progress.storage.store import now

#: Names as an older version let them in, and the forms they take.
OLD_NAMES = {
    "\u202eieL anA": "ieL anA",  # a right-to-left override: showed as "Ana Lei"
    "\ufeffBruno Chan": "Bruno Chan",  # a byte-order mark pasted from a file
    "Carla\x00 Ho": "Carla Ho",
    "Daniel Wong\U000e0067\U000e007f": "Daniel Wong",  # tag characters
    "Eva\u200bSousa": "EvaSousa",  # a zero-width space
}


def older_desktop(store: Store, names: list[str], role: str = "trainee") -> dict[str, str]:
    """People named as an older version let them be named, each with two answers: their ids
    by name. The rule's migration is marked as not yet run and the outbox as sent, as a
    database an older version left behind."""
    ids = {name: str(uuid.uuid4()) for name in names}
    with writing(store) as db:
        for name, person_id in ids.items():
            db["people"].insert({"id": person_id, "name": name, "role": role,
                                 "language": None, "created_at": now()})
    for person_id in ids.values():
        for seed in (1, 2):
            stored, given, correct, score = answered(seed=seed)
            record_attempt(store, person_id, None, stored, given, correct, score, 900)
    with writing(store) as db:
        db.execute("DELETE FROM _sqlite_migrations WHERE name = 'm014_names_by_the_rule'")
        db.execute("DELETE FROM school_outbox")
    return ids


def test_a_database_from_before_the_rule_gives_its_names_their_allowed_form(tmp_path):
    path = tmp_path / "progress.sqlite3"
    with Store(path) as store:
        ids = older_desktop(store, [*OLD_NAMES, "Ana Lei", "Ana\u200d Lei", "\u200b\u2060"])
    with Store(path) as store:
        names = {person.id: person.name for person in store.people()}
        noted = {key for (key,) in connection(store).execute(
            "SELECT key FROM school_outbox WHERE tbl = 'people'")}
        for old, allowed in OLD_NAMES.items():
            assert names[ids[old]] == allowed
        assert names[ids["Ana Lei"]] == names[ids["Ana\u200d Lei"]] == "Ana Lei"
        empty = ids["\u200b\u2060"]
        assert names[empty] == f"Person {empty[:8]}"  # nothing left: the id says who
        assert noted == set(ids.values()) - {ids["Ana Lei"]}  # each change goes to the server
        assert [{p.id for p in pair} for pair in namesakes(store)] == [
            {ids["Ana Lei"], ids["Ana\u200d Lei"]}]  # listed, for an instructor to merge
        assert all(len(stored_attempts(store, person_id)) == 2 for person_id in ids.values())


def test_everyones_bundle_from_an_older_version_is_imported_whole(tmp_path, other):
    path = tmp_path / "old" / "progress.sqlite3"
    with Store(path) as old:
        teacher = sign_in(old, add_instructor(old, "Mestre Lei", PASSWORD).id, PASSWORD)
        ids = older_desktop(old, list(OLD_NAMES))
        bundle = export_bundle(old, teacher, tmp_path / "everyone.zip").path
    desk, desk_teacher = other
    summary = import_bundle(desk, desk_teacher, bundle, source=INSTRUCTOR_DESK)
    assert summary.count("people") == 5 and summary.count("attempts") == 10
    assert {p.name: p.id for p in desk.people() if p.role == "trainee"} == {
        allowed: ids[old] for old, allowed in OLD_NAMES.items()}
    with Store(path) as old:  # the older desktop, updated: its names repaired alike
        [mestre] = [p.id for p in old.people() if p.role == "instructor"]
        teacher = sign_in(old, mestre, PASSWORD)
        again = import_bundle(old, teacher, bundle, source=INSTRUCTOR_DESK)
        assert sum(n for _table, n in again.added) == 0 and again.already_here == 15


def test_an_instructor_named_by_an_older_version_is_accepted_by_the_name_shown(tmp_path,
                                                                               other):
    with Store(tmp_path / "old" / "progress.sqlite3") as old:
        teacher = sign_in(old, add_instructor(old, "Outro Mestre", PASSWORD).id, PASSWORD)
        mestre = str(uuid.uuid4())
        with writing(old) as db:  # as an older version let an instructor be named
            db["people"].insert({"id": mestre, "name": "Mestre\u200b Lei\u202e",
                                 "role": "instructor", "language": None, "created_at": now()})
            db.execute("INSERT INTO credentials (person_id, salt, hash, n, r, p, set_at) "
                       "SELECT ?, salt, hash, n, r, p, set_at FROM credentials", [mestre])
        bundle = export_bundle(old, teacher, tmp_path / "all.zip", with_instructors=True).path
    desk, desk_teacher = other
    shown = [account.name for account in bundle_accounts(desk, desk_teacher, bundle)]
    assert sorted(shown) == ["Mestre Lei", "Outro Mestre"]
    import_bundle(desk, desk_teacher, bundle, accept_instructors=tuple(shown),
                  source=INSTRUCTOR_DESK)
    assert sign_in(desk, mestre, PASSWORD).person.name == "Mestre Lei"
