"""The one rule for names: what it keeps, what it refuses and says, and its length's edges."""

import re
import unicodedata

import pytest

from trainer.progress import StoreError
from trainer.progress.people.accounts import find_person
from trainer.progress.people.names import (
    MAX_NAME_LENGTH,
    is_name,
    plain_name,
    repaired_name,
    stored_name,
)
from trainer.progress.storage.ledger import add_person

PERSON_ID = "1a2b3c4d-0000-4000-8000-000000000001"


@pytest.mark.parametrize(("typed", "stored"), [
    ("  Ana \t Lei\n", "Ana Lei"),
    ("Ana\u00a0Lei", "Ana Lei"),  # a no-break space is white space: one space
    ("Ana\u2028Lei", "Ana Lei"),  # so are the line and paragraph separators
    ("Jose\u0301 Lei", "José Lei"),  # an accent typed after its letter: composed
    ("Ana \u3000陳大文", "Ana 陳大文"),
    ("محمد علي", "محمد علي"),  # Arabic, right to left without any direction mark
    ("አበበ ቢቂላ", "አበበ ቢቂላ"),  # Ethiopic
    ("Nguyễn Thị Minh Khai", "Nguyễn Thị Minh Khai"),
    ("O'Neill-Sá, Jr. (2.º)", "O'Neill-Sá, Jr. (2.º)"),  # punctuation and digits
    ("\u0915\u094d\u0937", "\u0915\u094d\u0937"),  # Devanagari with a virama: marks welcome
])
def test_a_name_is_kept_as_typed_but_composed_and_spaced(typed, stored):
    assert stored_name(typed) == stored
    assert is_name(stored) and stored_name(stored) == stored


@pytest.mark.parametrize(("character", "said"), [
    ("\x00", "the control character U+0000"),
    ("\x07", "the control character U+0007"),
    ("\x7f", "the control character U+007F"),
    ("\u200b", "U+200B, an invisible formatting character"),  # zero-width space
    ("\u200c", "U+200C, an invisible formatting character"),  # zero-width non-joiner
    ("\u200d", "U+200D, an invisible formatting character"),  # zero-width joiner
    ("\ufeff", "U+FEFF, an invisible formatting character"),  # the byte-order mark
    ("\u00ad", "U+00AD, an invisible formatting character"),  # a soft hyphen
    ("\u202e", "U+202E, which changes the direction of the text"),  # RLO
    ("\u202a", "U+202A, which changes the direction of the text"),  # LRE
    ("\u202c", "U+202C, which changes the direction of the text"),  # PDF
    ("\u2067", "U+2067, which changes the direction of the text"),  # RLI
    ("\u2068", "U+2068, which changes the direction of the text"),  # FSI
    ("\u2069", "U+2069, which changes the direction of the text"),  # PDI
    ("\u200e", "U+200E, which changes the direction of the text"),  # LRM
    ("\u200f", "U+200F, which changes the direction of the text"),  # RLM
    ("\u061c", "U+061C, which changes the direction of the text"),  # ALM
    ("\U000e0041", "the tag character U+E0041"),
    ("\U000e007f", "the tag character U+E007F"),  # CANCEL TAG
    ("\U000e0002", "the tag character U+E0002"),  # unassigned, in the tags' block
    ("\ue000", "U+E000, a private-use character"),
    ("\U0010fffd", "U+10FFFD, a private-use character"),
    ("\ufdd0", "U+FDD0, which is not a character."),
    ("\uffff", "U+FFFF, which is not a character."),
    ("\U0001fffe", "U+1FFFE, which is not a character."),
    ("\ud800", "U+D800, which is not a character."),  # a lone surrogate
    ("\u0378", "U+0378, which is not a character this version of the trainer knows"),
])
def test_a_character_a_name_cannot_hold_is_refused_by_its_code_point(store, character, said):
    for typed in (f"Ana{character}Lei", f"{character}Ana Lei", f"Ana Lei{character}"):
        with pytest.raises(StoreError, match=re.escape(said)):
            add_person(store, typed)
        assert not is_name(typed)
    assert store.people() == []


def test_the_first_character_refused_is_the_one_named(store):
    with pytest.raises(StoreError, match=r"U\+202E") as caught:
        add_person(store, "Ana\u202eLei\u200b")
    assert "U+200B" not in str(caught.value)


def test_a_name_is_at_most_80_characters_counted_once_composed(store):
    longest = "é" * MAX_NAME_LENGTH
    assert add_person(store, unicodedata.normalize("NFD", longest)).name == longest  # 160 typed
    with pytest.raises(StoreError, match="at most 80 characters"):
        add_person(store, "e" * (MAX_NAME_LENGTH + 1))
    astral = "𠀀" * MAX_NAME_LENGTH  # 160 UTF-16 units, 80 characters
    assert add_person(store, astral).name == astral
    with pytest.raises(StoreError, match="at most 80 characters"):
        add_person(store, "𠀀" * (MAX_NAME_LENGTH + 1))
    assert add_person(store, f"  {'a' * MAX_NAME_LENGTH}  ").name == "a" * MAX_NAME_LENGTH
    assert [len(p.name) for p in store.people()] == [MAX_NAME_LENGTH] * 3


@pytest.mark.parametrize("typed", ["", "   ", "\t\n", "\u3000"])
def test_an_empty_name_is_asked_for(typed):
    with pytest.raises(StoreError, match="Type a name"):
        stored_name(typed)


@pytest.mark.parametrize("value", [None, 7, b"Ana", "", "Ana  Lei", " Ana", "Jose\u0301",
                                   "a" * 81, "Ana\u200bLei", ["Ana"]])
def test_a_value_not_in_the_stored_form_is_no_name(value):
    assert not is_name(value)


def test_names_told_apart_ignore_capitals_spaces_and_how_accents_were_typed(store):
    assert plain_name("JOSÉ  lei") == plain_name("jose\u0301 Lei")
    assert plain_name("Straße") == plain_name("STRASSE")
    assert plain_name("Ana Lei") != plain_name("Ana Leite")
    add_person(store, "José Lei")
    with pytest.raises(StoreError, match="already in this database"):
        add_person(store, "JOSE\u0301 LEI")


def test_a_name_typed_decomposed_finds_its_person(store):
    jose = add_person(store, "José Lei")
    assert find_person(store, "jose\u0301  lei").id == jose.id


@pytest.mark.parametrize(("old", "allowed"), [
    ("Ana\u200bLei", "AnaLei"),
    ("\u202eieL anA", "ieL anA"),
    ("\ufeffAna Lei", "Ana Lei"),
    ("Ana\x00 Lei", "Ana Lei"),
    ("Ana Lei\U000e0041\U000e007f", "Ana Lei"),
    ("Jose\u200b\u0301", "José"),  # composed once what stood between is gone
    ("Ana\x1fLei", "Ana Lei"),  # a separator control is white space: a space
    ("Ana  Lei", "Ana Lei"),
    ("\u200b\u200d", "Person 1a2b3c4d"),  # nothing left: the id says who
    ("\u0958" * 80, "\u0915\u093c" * 40),  # longer once composed: cut to 80
])
def test_a_name_from_before_the_rule_takes_an_allowed_form(old, allowed):
    assert repaired_name(old, PERSON_ID) == allowed
    assert is_name(allowed) and repaired_name(allowed, PERSON_ID) == allowed


@pytest.mark.parametrize(("character", "said"), [
    ("\U000e0000", "the tag character U+E0000"), ("\U000e007f", "the tag character U+E007F"),
    ("\U000e0080", "U+E0080, which is not a character this version"),
    ("\ufdd0", "U+FDD0, which is not a character."), ("\ufdef", "U+FDEF, which is not a"),
])
def test_the_edges_of_the_tags_and_of_the_noncharacters_are_told_apart(store, character, said):
    with pytest.raises(StoreError, match=re.escape(said)):
        add_person(store, f"Ana{character}Lei")


@pytest.mark.parametrize("character", ["\ufdcf", "\ufdf0"])  # letters beside the noncharacters
def test_the_letters_just_outside_the_noncharacters_are_kept(store, character):
    assert add_person(store, f"Ana {character}").name == f"Ana {character}"


def test_a_name_of_nothing_left_is_named_by_the_letters_and_digits_of_the_id():
    assert repaired_name("\u200b", "ab-cdefgh-1234") == "Person abcdefgh"


@pytest.mark.parametrize("value", ["A", "a" * MAX_NAME_LENGTH, "é" * MAX_NAME_LENGTH, "Ana Lei"])
def test_a_name_of_one_to_80_characters_in_the_stored_form_is_a_name(value):
    assert is_name(value)
