"""Every refusal of a hostile or damaged bundle is one translated sentence of bounded length:
no library traceback, no library English inside a Portuguese or Chinese sentence."""

from __future__ import annotations

import json
import re
import zipfile

import pytest

import i18n
from tests.progress.conftest import answered, question
from tests.progress.test_bundles import DEMO, members, refused, write
from trainer.progress.bundles.archive import BundleArchive
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.format import TABLES, BundleError, BundleLimits
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.storage.ledger import record_attempt

#: Words of the libraries' own messages that must never reach a user.
LIBRARY_ENGLISH = re.compile(r"Error -3|invalid|incorrect|Bad CRC|not a zip|Expecting|"
                             r"Errno|Traceback|zlib|recursion", re.IGNORECASE)


def _refusal(desk, teacher, path, match, language="en") -> str:
    """The refusal, matched in English by ``match``, as said in ``language``."""
    with pytest.raises(BundleError, match=match) as caught:
        import_bundle(desk, teacher, path, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
    with i18n.speaking(language):
        text = str(caught.value)
    assert "\n" not in text and len(text) <= 400, text
    assert not LIBRARY_ENGLISH.search(text), text
    return text


def test_every_flipped_byte_of_the_packed_answers_is_refused_in_words(bundle, other, tmp_path):
    data = bytearray(bundle.read_bytes())
    with zipfile.ZipFile(bundle) as archive:
        info = archive.getinfo("attempts.jsonl")
    local = info.header_offset  # the local header's own name and extra lengths
    start = (local + 30 + int.from_bytes(data[local + 26:local + 28], "little")
             + int.from_bytes(data[local + 28:local + 30], "little"))
    refusals = set()
    for offset in range(start, start + info.compress_size, max(1, info.compress_size // 60)):
        flipped = bytearray(data)
        flipped[offset] ^= 0x10
        path = tmp_path / f"flip{offset}.zip"
        path.write_bytes(bytes(flipped))
        refusals.add(_refusal(*other, path, "Nothing was imported", "pt_MO"))
    assert refusals and all("Nada foi importado" in text for text in refusals)


def test_a_value_nested_a_thousand_times_deep_is_a_bad_value(bundle, other, tmp_path):
    contents = members(bundle)
    rows = [json.loads(line) for line in contents["attempts.jsonl"].splitlines()]
    rows[0]["answer_json"] = "[" * 5000 + "]" * 5000
    contents["attempts.jsonl"] = b"".join((json.dumps(r) + "\n").encode() for r in rows)
    text = _refusal(*other, write(tmp_path / "deep.zip", contents),
                    "bad value in attempts.jsonl, line 1")
    assert "bad value in attempts.jsonl, line 1, field “answer_json”" in text


@pytest.mark.parametrize("stored", ["[" * 5000 + "]" * 5000, "{not json", "", "x" * 70_000])
def test_a_stored_question_that_is_no_json_or_too_long_is_a_bad_value(bundle, other, tmp_path,
                                                                      stored):
    contents = members(bundle)
    rows = [json.loads(line) for line in contents["attempts.jsonl"].splitlines()]
    rows[0]["question_json"] = stored
    contents["attempts.jsonl"] = b"".join((json.dumps(r) + "\n").encode() for r in rows)
    text = _refusal(*other, write(tmp_path / "question.zip", contents),
                    "bad value in attempts.jsonl, line 1")
    assert "bad value in attempts.jsonl, line 1, field “question_json”" in text


def test_a_zip_of_thousands_of_members_is_refused_briefly(other, tmp_path):
    path = tmp_path / "many.zip"
    with zipfile.ZipFile(path, "w") as archive:
        for n in range(5000):
            archive.writestr(f"member-{n:05d}-" + "x" * 80 + ".jsonl", b"")
    text = _refusal(*other, path, r"^This file is not a progress bundle \(")
    assert text.startswith("This file is not a progress bundle (")
    assert "(+" in text  # how many more names there are, not all of them


def test_a_file_that_is_no_zip_is_refused_in_the_users_language(other, tmp_path):
    path = tmp_path / "letter.zip"
    path.write_bytes(b"Dear instructor, " * 100)
    text = _refusal(*other, path, r"not a progress bundle \(letter\.zip\)", "zh_Hant_MO")
    assert "letter.zip" in text
    refused(*other, path, "not a progress bundle")


# The archive read directly: a small bundle of one trainee's few answers -----------------


@pytest.fixture
def small(store, instructor, ana, tmp_path):
    """Everyone's bundle of a desktop with one instructor, one trainee and five answers."""
    for seed in range(5):  # the question kept short (as the demo's): the bundle packs little
        _whole, *graded = answered(seed=seed)
        record_attempt(store, ana.person.id, None, question(seed=seed), *graded, 900)
    return export_bundle(store, instructor, tmp_path / "small.zip").path


def _opened(path, limits=None):
    with BundleArchive(path, limits or BundleLimits()) as archive:
        archive.verify()
        return archive


def _not_opened(path, match, limits=None) -> str:
    with pytest.raises(BundleError, match=match) as caught:
        _opened(path, limits)
    return str(caught.value)


def _figures(path):
    manifest = json.loads(members(path)["manifest.json"])["tables"]
    return {table: manifest[table] for table in TABLES}


def test_a_long_member_name_is_quoted_cut_to_sixty_characters(small, tmp_path):
    contents = members(small)
    name = "n" * 100 + ".jsonl"
    contents[name] = b""
    text = _not_opened(write(tmp_path / "long.zip", contents), "not a progress bundle")
    assert f"({'n' * 59}…)" in text


def test_only_the_first_three_odd_names_are_quoted_and_how_many_more(small, tmp_path):
    contents = members(small)
    for name in ("a.txt", "b.txt", "c.txt"):
        contents[name] = b""
    text = _not_opened(write(tmp_path / "three.zip", contents), "not a progress bundle")
    assert text.endswith("(a.txt, b.txt, c.txt).")  # only the names that do not belong
    contents["d.txt"] = contents["e.txt"] = b""
    text = _not_opened(write(tmp_path / "five.zip", contents), "not a progress bundle")
    assert text.endswith("(a.txt, b.txt, c.txt … (+2)).")


def test_a_member_written_twice_is_not_a_bundle(small, tmp_path):
    path = tmp_path / "twice.zip"
    contents = members(small)
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in contents.items():
            archive.writestr(name, data)
        with pytest.warns(UserWarning, match="Duplicate name"):
            archive.writestr("people.jsonl", contents["people.jsonl"])
    text = _not_opened(path, r"not a progress bundle \(attempts\.jsonl, credentials\.jsonl")
    assert "(+" in text


def test_the_scope_says_whose_progress_the_bundle_holds(store, small, instructor, ana,
                                                        tmp_path):
    assert _opened(small).scope is None
    own = export_bundle(store, instructor, tmp_path / "own.zip", ana.person.id).path
    assert _opened(own).scope == ana.person.id


def test_a_manifest_missing_a_table_cannot_be_unpacked(small, tmp_path):
    contents = members(small)
    manifest = json.loads(contents["manifest.json"])
    del manifest["tables"]["results"]
    contents["manifest.json"] = json.dumps(manifest).encode()
    _not_opened(write(tmp_path / "short.zip", contents, fix_manifest=False),
                r"damaged or incomplete \(manifest\.json cannot be unpacked\)")


def test_limits_met_exactly_are_accepted_and_one_less_refused(small):
    figures = _figures(small)
    unpacked = sum(entry["bytes"] for entry in figures.values())
    most_rows = sum(entry["rows"] for entry in figures.values())  # of all tables together
    manifest = len(members(small)["manifest.json"])
    longest = max(len(line) for name, data in members(small).items() if name != "manifest.json"
                  for line in data.splitlines(keepends=True))
    _opened(small, BundleLimits(unpacked_bytes=unpacked, rows=most_rows,
                                manifest_bytes=manifest, line_bytes=longest))
    _not_opened(small, "larger than this desktop accepts",
                BundleLimits(unpacked_bytes=unpacked - 1))
    _not_opened(small, "larger than this desktop accepts", BundleLimits(rows=most_rows - 1))
    _not_opened(small, "larger than this desktop accepts",
                BundleLimits(manifest_bytes=manifest - 1))
    _not_opened(small, "bad value", BundleLimits(line_bytes=longest - 1))


def test_a_small_member_may_unpack_to_ratio_times_four_kilobytes(small, tmp_path):
    contents = members(small)
    padding = b" " * (4096 * 2 - len(contents["people.jsonl"]) - 1) + b"\n"
    contents["people.jsonl"] += padding  # 8192 bytes, packed well under 4096
    path = write(tmp_path / "padded.zip", contents)
    _opened(path, BundleLimits(ratio=2))
    contents["people.jsonl"] += b"\n"
    _not_opened(write(tmp_path / "one_more.zip", contents), "packed 2× or more",
                BundleLimits(ratio=2))


def test_every_row_read_is_told_to_the_progress(small):
    told = []
    with BundleArchive(small, BundleLimits()) as archive:
        archive.verify(lambda done, total: told.append((done, total)))
        total = archive.row_count
    assert total < 100
    assert told == [(done, total) for done in range(total + 1)]


def test_a_last_line_without_its_newline_is_a_bad_value(small, tmp_path):
    contents = members(small)
    contents["attempts.jsonl"] = contents["attempts.jsonl"].removesuffix(b"\n")
    path = write(tmp_path / "cut.zip", contents)
    manifest = json.loads(members(path)["manifest.json"])
    manifest["tables"]["attempts"]["rows"] += 1  # the lines there are, the last one cut
    contents["manifest.json"] = json.dumps(manifest).encode()
    _not_opened(write(tmp_path / "cut.zip", contents, fix_manifest=False),
                "bad value in attempts.jsonl, line 5")


def test_a_row_count_that_does_not_match_is_damage(small, tmp_path):
    contents = members(small)
    manifest = json.loads(contents["manifest.json"])
    manifest["tables"]["attempts"]["rows"] -= 1
    contents["manifest.json"] = json.dumps(manifest).encode()
    _not_opened(write(tmp_path / "count.zip", contents, fix_manifest=False),
                "attempts.jsonl: the checksum does not match")


def test_lines_read_in_pieces_smaller_than_a_line_are_put_back_together(small, other,
                                                                        monkeypatch):
    import trainer.progress.bundles.archive as archive

    with BundleArchive(small, BundleLimits()) as whole:
        expected = {table: [row for _line, row in whole.rows(table, True)] for table in TABLES}
    monkeypatch.setattr(archive, "_PIECE", 7)  # every line spans several pieces
    with BundleArchive(small, BundleLimits()) as pieces:
        assert {table: [row for _line, row in pieces.rows(table, True)]
                for table in TABLES} == expected
    desk, teacher = other
    assert import_bundle(desk, teacher, small, source=INSTRUCTOR_DESK).count("attempts") == 5


def test_a_line_too_long_is_refused_before_the_rest_of_it_is_read(small, tmp_path,
                                                                  monkeypatch):
    import trainer.progress.bundles.archive as archive

    contents = members(small)
    lines = contents["attempts.jsonl"].splitlines(keepends=True)
    longest = max(len(line) for line in lines)
    lines[2] = lines[2][:-1] + b" " * 100 + b"\n"  # line 3, longer than a line may be
    contents["attempts.jsonl"] = b"".join(lines)
    path = write(tmp_path / "long.zip", contents)
    monkeypatch.setattr(archive, "_PIECE", 16)  # it is the unfinished rest of a piece
    _not_opened(path, "bad value in attempts.jsonl, line 3,", BundleLimits(line_bytes=longest))
    _opened(path, BundleLimits(line_bytes=longest + 100))  # its whole length is allowed


def _with_manifest(small, tmp_path, change) -> object:
    contents = members(small)
    manifest = json.loads(contents["manifest.json"])
    change(manifest)
    contents["manifest.json"] = json.dumps(manifest).encode()
    return write(tmp_path / "changed.zip", contents, fix_manifest=False)


def test_a_manifest_of_another_format_is_not_a_bundle(small, tmp_path):
    path = _with_manifest(small, tmp_path, lambda m: m.update(format="some-other-program"))
    _not_opened(path, r"not a progress bundle \(manifest\.json\)")


@pytest.mark.parametrize("version", [1, 2, 3, 4])
def test_every_older_format_is_refused_as_older(small, tmp_path, version):
    path = _with_manifest(small, tmp_path, lambda m: m.update(version=version))
    _not_opened(path, rf"made by an older version of the trainer \(format {version}\)")


@pytest.mark.parametrize("change", [{"scope": "nobody in particular"}, {"instructors": "yes"},
                                    {"instructors": 1}, {"scope": None}])
def test_a_manifest_saying_neither_whose_nor_whether_instructors_cannot_be_unpacked(
        small, tmp_path, change):
    path = _with_manifest(small, tmp_path, lambda m: m.update(change))
    _not_opened(path, r"manifest\.json cannot be unpacked")


@pytest.mark.parametrize("field, value", [("member", "answers.jsonl"), ("rows", "5"),
                                          ("bytes", 1.5), ("sha256", None), ("rows", -1),
                                          ("bytes", -1)])
def test_a_table_entry_of_the_manifest_with_one_bad_figure_cannot_be_unpacked(
        small, tmp_path, field, value):
    path = _with_manifest(small, tmp_path,
                          lambda m: m["tables"]["attempts"].update({field: value}))
    _not_opened(path, r"manifest\.json cannot be unpacked")
