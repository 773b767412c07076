"""Moving progress between desktops: bundles out, bundles in, and hostile files refused."""

import hashlib
import json
import re
import zipfile

import pytest

from tests.progress.conftest import answered, dump
from trainer.progress import Role
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.format import TABLES, VERSION, BundleError, BundleLimits
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.people.accounts import NotAllowed, delete_person, sign_in
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.figures import build_report
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person, record_attempt

#: The demo classroom's instructor, accepted by name when its bundle is imported.
DEMO = ("Demo Instructor",)


def members(path):
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def write(path, contents, fix_manifest=True):
    """Write a bundle with these members; by default the manifest's figures are made to fit."""
    contents = dict(contents)
    if fix_manifest:
        manifest = json.loads(contents["manifest.json"])
        for table in TABLES:
            data = contents[f"{table}.jsonl"]
            manifest["tables"][table].update(rows=data.count(b"\n"), bytes=len(data),
                                             sha256=hashlib.sha256(data).hexdigest())
        contents["manifest.json"] = json.dumps(manifest).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in contents.items():
            archive.writestr(name, data)
    return path


def edit_rows(path, table, change, out):
    contents = members(path)
    rows = [json.loads(line) for line in contents[f"{table}.jsonl"].splitlines()]
    rows = change(rows)
    contents[f"{table}.jsonl"] = b"".join(
        (json.dumps(r, ensure_ascii=False) + "\n").encode() for r in rows)
    return write(out, contents)


def test_a_bundle_carries_everything_to_another_desktop(store, classroom, bundle, other):
    desk, teacher = other
    summary = import_bundle(desk, teacher, bundle, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
    assert summary.count("attempts") == connection(store).execute(
        "SELECT count(*) FROM attempts").fetchone()[0]
    assert "answers" in str(summary.message)
    for table in ("attempts", "exam_results", "exam_sittings", "sessions", "skill_stats",
                  "weekly_stats"):
        query = f"SELECT * FROM {table} ORDER BY 1, 2"
        assert connection(desk).execute(query).fetchall() == connection(store).execute(
                query).fetchall(), table
    ours = build_report(leave_to_see(store, classroom))
    theirs = build_report(leave_to_see(desk, teacher))
    assert (theirs.totals, theirs.weeks, theirs.exams) == (ours.totals, ours.weeks, ours.exams)
    # The demo instructor came along, password and all.
    moved = next(p for p in desk.people(Role.INSTRUCTOR) if p.name == "Demo Instructor")
    sign_in(desk, moved.id, "demo-instructor")


def test_a_bundle_is_written_as_readable_utf8_with_room_for_any_size(store, instructor,
                                                                    tmp_path):
    ana = add_person(store, "Ana Lí 李")
    out = export_bundle(store, instructor, tmp_path / "b.zip").path
    contents = members(out)
    assert '"name":"Ana Lí 李"'.encode() in contents["people.jsonl"]  # UTF-8, not \u escapes
    assert ana.id.encode() in contents["people.jsonl"]
    assert contents["manifest.json"].startswith(b'{\n "format": ')  # one entry a line
    raw = out.read_bytes()
    with zipfile.ZipFile(out) as archive:
        for info in archive.infolist():
            if info.filename == "manifest.json":
                continue
            start = info.header_offset  # the local header: name, then its extra fields
            name = int.from_bytes(raw[start + 26:start + 28], "little")
            extra = raw[start + 30 + name:start + 30 + name
                        + int.from_bytes(raw[start + 28:start + 30], "little")]
            assert extra[:2] == b"\x01\x00", info.filename  # zip64 sizes: a member may pass 4 GiB


def test_importing_twice_changes_nothing(store, bundle, other):
    desk, teacher = other
    import_bundle(desk, teacher, bundle, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
    before = dump(desk.path)
    summary = import_bundle(desk, teacher, bundle, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
    assert sum(n for _t, n in summary.added) == 0 and summary.already_here > 0
    assert dump(desk.path) == before


def test_bundles_from_two_desktops_merge(store, classroom, tmp_path, other):
    desk, teacher = other
    ana = sign_in(desk, add_person(desk, "Ana Lei").id)
    record_attempt(desk, ana.person.id, None, *answered(seed=5), 1500)
    mine = export_bundle(desk, ana, tmp_path / "ana.zip", ana.person.id)
    assert mine.count("people") == 1 and mine.count("attempts") == 1
    assert mine.count("credentials") == 0
    import_bundle(store, classroom, mine.path, source=INSTRUCTOR_DESK)
    import_bundle(desk, teacher, export_bundle(store, classroom, tmp_path / "all.zip",
                                               with_instructors=True).path,
                  accept_instructors=DEMO, source=INSTRUCTOR_DESK)
    count = "SELECT count(*) FROM attempts"
    assert connection(desk).execute(count).fetchone() == connection(store).execute(count).fetchone()


def test_a_trainee_exports_only_their_own_and_imports_nothing(store, classroom, tmp_path, bundle):
    ana, bruno = store.people(Role.TRAINEE)[:2]
    ana_actor = sign_in(store, ana.id)
    export_bundle(store, ana_actor, tmp_path / "own.zip", ana.id)
    with pytest.raises(NotAllowed, match="A trainee can see only their own progress"):
        export_bundle(store, ana_actor, tmp_path / "theirs.zip", bruno.id)
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        export_bundle(store, ana_actor, tmp_path / "all.zip")
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        import_bundle(store, ana_actor, bundle, source=INSTRUCTOR_DESK)


def test_a_deleted_person_does_not_come_back(store, classroom, bundle, other):
    desk, teacher = other
    import_bundle(desk, teacher, bundle, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
    gone = desk.people(Role.TRAINEE)[0]
    delete_person(desk, teacher, gone.id)
    summary = import_bundle(desk, teacher, bundle, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
    assert summary.skipped_deleted > 0
    assert gone.id not in {p.id for p in desk.people()}
    for table in ("attempts", "skill_stats", "weekly_stats"):  # nor do their summaries
        assert connection(desk).execute(f"SELECT count(*) FROM {table} WHERE person_id = ?",
                               [gone.id]).fetchone()[0] == 0, table


def refused(desk, teacher, path, fragment, limits=None):
    before = dump(desk.path)
    with pytest.raises(BundleError, match=re.escape(fragment)) as caught:
        import_bundle(desk, teacher, path, limits, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
    assert fragment in str(caught.value), str(caught.value)
    assert "\n" not in str(caught.value)
    assert dump(desk.path) == before  # the database is untouched
    return caught.value


def test_a_truncated_bundle_is_refused(bundle, other, tmp_path):
    data = bundle.read_bytes()
    for cut in (len(data) // 2, len(data) - 30, 100):
        truncated = tmp_path / f"cut{cut}.zip"
        truncated.write_bytes(data[:cut])
        refused(*other, truncated, "not a progress bundle")


def test_a_damaged_member_is_refused(bundle, other, tmp_path):
    data = bytearray(bundle.read_bytes())
    with zipfile.ZipFile(bundle) as archive:
        info = archive.getinfo("attempts.jsonl")
    spot = info.header_offset + 30 + len(info.filename) + info.compress_size // 2
    data[spot] ^= 0xFF
    flipped = tmp_path / "flipped.zip"
    flipped.write_bytes(bytes(data))
    refused(*other, flipped, "damaged or incomplete")


def test_a_changed_row_fails_its_checksum(bundle, other, tmp_path):
    contents = members(bundle)
    contents["attempts.jsonl"] = contents["attempts.jsonl"].replace(b'"correct":0', b'"correct":1',
                                                                    1)
    refused(*other, write(tmp_path / "x.zip", contents, fix_manifest=False), "checksum")


@pytest.mark.parametrize(("version", "fragment"), [(VERSION + 1, "newer version"),
                                                   (VERSION - 1, "older version"),
                                                   (0, "not one"),
                                                   ("1", "not one")])
def test_other_versions_are_refused(bundle, other, tmp_path, version, fragment):
    contents = members(bundle)
    manifest = json.loads(contents["manifest.json"])
    manifest["version"] = version
    contents["manifest.json"] = json.dumps(manifest).encode()
    refused(*other, write(tmp_path / "v.zip", contents, fix_manifest=False), fragment)


def test_files_that_are_not_bundles_are_refused(bundle, other, tmp_path):
    plain = tmp_path / "notes.zip"
    plain.write_bytes(b"hello")
    refused(*other, plain, "not a progress bundle")
    extra = members(bundle) | {"../../evil.sh": b"rm -rf /"}
    refused(*other, write(tmp_path / "extra.zip", extra), "evil.sh")
    missing = {k: v for k, v in members(bundle).items() if k != "results.jsonl"}
    with zipfile.ZipFile(tmp_path / "missing.zip", "w") as archive:
        for name, data in missing.items():
            archive.writestr(name, data)
    refused(*other, tmp_path / "missing.zip", "results.jsonl")
    refused(*other, tmp_path / "nowhere.zip", "cannot be read")


BAD_VALUES = [
    ("attempts", "score", 2.5), ("attempts", "score", float("nan")),
    ("attempts", "response_ms", -1), ("attempts", "difficulty", 7),
    ("attempts", "correct", True), ("attempts", "skill", "DROP TABLE"),
    ("attempts", "answered_at", "yesterday"), ("attempts", "answered_at",
                                               "2999-01-01T00:00:00.000Z"),
    ("attempts", "question_json", "{not json"), ("attempts", "id", "1234"),
    ("attempts", "rating", 9), ("people", "role", "admin"), ("people", "name", "   "),
    ("people", "name", "x" * 81), ("people", "language", "klingon"),
    ("credentials", "n", 2**30), ("exams", "pass_percent", "150"),
    ("exams", "parts", '[["thirteen.first_seat", 5000, 1]]'),
    ("results", "passed", "flip"), ("results", "answered", 0),
]


@pytest.mark.parametrize(("table", "field", "value"), BAD_VALUES)
def test_bad_values_are_refused_before_anything_is_written(bundle, other, tmp_path, table,
                                                           field, value):
    def spoil(rows):
        # "flip": a result whose pass/fail disagrees with its own score.
        rows[-1][field] = 1 - rows[-1][field] if value == "flip" else value
        return rows
    error = refused(*other, edit_rows(bundle, table, spoil, tmp_path / "bad.zip"),
                    "Nothing was imported")
    # NaN is not JSON: the line is refused whole, before any of its values is read.
    said = "—" if isinstance(value, float) and value != value else field
    assert said in str(error) or table in ("results",)


def test_a_question_that_is_not_the_attempts_own_is_refused(bundle, other, tmp_path):
    def swap(rows):
        question = json.loads(rows[0]["question_json"])
        question["seed"] += 1
        rows[0]["question_json"] = json.dumps(question)
        return rows
    refused(*other, edit_rows(bundle, "attempts", swap, tmp_path / "q.zip"), "question_json")


def test_duplicate_ids_with_different_content_are_refused(bundle, other, tmp_path):
    def twice(rows):
        return [*rows, rows[0] | {"response_ms": rows[0]["response_ms"] + 1}]
    refused(*other, edit_rows(bundle, "attempts", twice, tmp_path / "d.zip"), "appears twice")


def test_a_row_that_differs_from_this_desktops_is_refused(store, bundle, other, tmp_path):
    desk, teacher = other
    import_bundle(desk, teacher, bundle, accept_instructors=DEMO, source=INSTRUCTOR_DESK)

    def rename(rows):
        return [r | {"name": "Someone Else"} if r["role"] == "trainee" else r for r in rows]
    refused(desk, teacher, edit_rows(bundle, "people", rename, tmp_path / "c.zip"),
            "differs from the one on this desktop")


def test_references_outside_the_bundle_are_refused(bundle, other, tmp_path):
    def orphan(rows):
        rows[0]["session_id"] = "00000000-0000-4000-8000-000000000000"
        return rows
    refused(*other, edit_rows(bundle, "attempts", orphan, tmp_path / "o.zip"),
            "which it does not contain")


def test_huge_files_and_zip_bombs_are_refused(bundle, other, tmp_path):
    size = bundle.stat().st_size
    refused(*other, bundle, "larger than this desktop accepts",
            BundleLimits(file_bytes=size - 1))
    refused(*other, bundle, "larger than this desktop accepts",
            BundleLimits(unpacked_bytes=10_000))
    refused(*other, bundle, "rows", BundleLimits(rows=10))
    bomb = members(bundle)
    bomb["attempts.jsonl"] += (b" " * 100_000 + b"\n") * 400  # 40 MB that packs 1000 to 1
    refused(*other, write(tmp_path / "bomb.zip", bomb), "packed 200× or more")
    lying = members(bundle)
    lying["attempts.jsonl"] += b"\n"  # one byte more than the manifest says
    refused(*other, write(tmp_path / "lying.zip", lying, fix_manifest=False), "size")
    long_line = members(bundle)
    long_line["people.jsonl"] += b'{"id": "' + b"9" * 300_000 + b'"}\n'
    refused(*other, write(tmp_path / "long.zip", long_line), "people.jsonl")


def test_a_deeply_nested_line_is_refused(bundle, other, tmp_path):
    nested = members(bundle)
    nested["sessions.jsonl"] += b"[" * 100_000 + b"]" * 100_000 + b"\n"
    refused(*other, write(tmp_path / "nested.zip", nested), "sessions.jsonl")
