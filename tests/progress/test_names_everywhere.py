"""A name accepted by one way in is accepted by every other, as the same stored name: the desk
(and the start screen), a class list's line, the command line's look-up, and a bundle's or
the school server's value check of the stored form; and a name from an older version is read
in a form every check accepts."""

import csv
import io

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from trainer.progress import Store, StoreError
from trainer.progress.bundles.format import checked_row, with_allowed_name
from trainer.progress.people.accounts import add_instructor, find_person
from trainer.progress.people.class_lists import read_class_list
from trainer.progress.people.names import (
    MAX_NAME_LENGTH,
    is_name,
    plain_name,
    repaired_name,
    stored_name,
    tidied,
)
from trainer.progress.storage.database import writing
from trainer.progress.storage.ledger import add_person

PERSON_ID = "0b7e2a4c-9d1f-4e3a-8c5b-6a7d8e9f0a1b"
#: Characters a name cannot hold, and white space of every kind.
NASTY = ("\x00\x07\t\n\r\x1c\x1f\x7f\x85\u00a0\u00ad\u061c\u180e\u200b\u200c\u200d\u200e"
         "\u200f\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u3000"
         "\ufeff\ufdd0\ufffe\uffff\ue000\U000e0001\U000e0041\U000e007f\U000e0080\u0378 ")
CHARACTERS = st.one_of(
    st.sampled_from(NASTY),
    st.characters(min_codepoint=0x0300, max_codepoint=0x036F),  # combining marks
    st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF),  # CJK
    st.characters(min_codepoint=0x0600, max_codepoint=0x06FF),  # Arabic
    st.characters(min_codepoint=0x1200, max_codepoint=0x139F),  # Ethiopic
    st.characters(codec="utf-8"),  # anything else a file can hold
    st.sampled_from("aeAEé ,;\"'"),
)
SHORT = st.text(CHARACTERS, max_size=12)
TEXTS = st.one_of(
    st.text(CHARACTERS, max_size=90),
    st.builds(lambda start, letters, end: start + "a" * letters + end,  # about the longest
              SHORT, st.integers(MAX_NAME_LENGTH - 6, MAX_NAME_LENGTH + 2), SHORT),
)


def class_list(*names: str) -> bytes:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL).writerows(
        [name] for name in names)  # a line break in a name stays in its quoted cell
    return out.getvalue().encode()


def the_rule(text: str) -> str | None:
    try:
        return stored_name(text)
    except StoreError:
        return None


def test_a_name_accepted_anywhere_is_accepted_everywhere_as_the_same_name(tmp_path):
    with Store(tmp_path / "progress.sqlite3", backup=False) as store:

        @settings(max_examples=400, deadline=None)
        @given(TEXTS)
        def accepted_alike(text: str) -> None:
            name = the_rule(text)
            assume(name is None or plain_name(name) != plain_name("Ana Lei"))
            try:
                desk = add_person(store, text).name
            except StoreError:
                desk = None
            try:
                listed = [t.name for t in read_class_list(class_list("Ana Lei", text))]
            except StoreError:
                listed = None
            assert desk == name
            if not tidied(text):  # a blank line of a class list is no line
                assert listed == ["Ana Lei"]
            else:
                assert listed == (None if name is None else ["Ana Lei", name])
            if name is not None:
                assert the_rule(name) == name and is_name(name)
                assert find_person(store, text).name == name
                row = {"id": PERSON_ID, "name": name, "role": "trainee", "language": None,
                       "created_at": "2025-01-01T00:00:00.000Z"}
                assert checked_row("people", 1, row) == row
                assert with_allowed_name(row) is row
                assert repaired_name(text, PERSON_ID) == name
            assert is_name(text) == (text == name)
            with writing(store) as db:
                db.execute("DELETE FROM people")

        accepted_alike()


@settings(max_examples=600, deadline=None)
@given(TEXTS)
def test_a_name_from_an_older_version_is_read_in_a_form_every_check_accepts(text):
    repaired = repaired_name(text, PERSON_ID)
    assert is_name(repaired) and the_rule(repaired) == repaired
    assert repaired_name(repaired, PERSON_ID) == repaired
    row = {"id": PERSON_ID, "name": text, "role": "trainee", "language": None,
           "created_at": "2025-01-01T00:00:00.000Z"}
    if 0 < len(text) <= MAX_NAME_LENGTH and text == " ".join(text.split()):
        # what an older version could have written: read in its allowed form
        assert checked_row("people", 1, with_allowed_name(row))["name"] == repaired
    else:  # what none could have: refused, as before
        assert with_allowed_name(row) is row and not is_name(text)


def test_an_instructor_is_named_by_the_same_rule(store):
    with pytest.raises(StoreError, match=r"U\+202E, which changes the direction"):
        add_instructor(store, "Mestre\u202e Lei", "correct horse")
    assert add_instructor(store, " Mestre\u00a0Lei ", "correct horse").name == "Mestre Lei"
