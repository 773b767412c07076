"""Every refusal of a hostile or damaged bundle is one translated sentence of bounded length:
no library traceback, no library English inside a Portuguese or Chinese sentence."""

from __future__ import annotations

import json
import re
import zipfile

import pytest

import i18n
from tests.progress.test_bundles import DEMO, members, refused, write
from trainer.progress.bundles.format import BundleError
from trainer.progress.bundles.importing import import_bundle

#: Words of the libraries' own messages that must never reach a user.
LIBRARY_ENGLISH = re.compile(r"Error -3|invalid|incorrect|Bad CRC|not a zip|Expecting|"
                             r"Errno|Traceback|zlib|recursion", re.IGNORECASE)


def _refusal(desk, teacher, path, match, language="en") -> str:
    """The refusal, matched in English by ``match``, as said in ``language``."""
    with pytest.raises(BundleError, match=match) as caught:
        import_bundle(desk, teacher, path, accept_instructors=DEMO)
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
