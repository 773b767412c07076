"""Classes of trainees, the school's ID numbers, and class lists read from a spreadsheet."""

from __future__ import annotations

import pytest

from trainer.progress import StoreError
from trainer.progress.people.accounts import NotAllowed, delete_person
from trainer.progress.people.class_lists import import_class_list, read_class_list
from trainer.progress.people.classes import (
    add_members,
    classes,
    classes_of,
    create_class,
    members_of,
    remove_class,
    remove_members,
    rename_class,
)
from trainer.progress.people.id_numbers import id_numbers, set_id_number
from trainer.progress.records import LONGEST_ID_NUMBER


def test_a_class_is_made_renamed_filled_and_removed(store, instructor, ana, bruno):
    march = create_class(store, instructor, "  Class of   March ")
    assert march.name == "Class of March" and march.members == ()
    assert add_members(store, instructor, march.id, (ana.person.id, bruno.person.id,
                                                    ana.person.id)) == 2
    assert add_members(store, instructor, march.id, (ana.person.id,)) == 0
    assert classes(store)[0].members == (ana.person.id, bruno.person.id)
    assert classes_of(store) == {ana.person.id: ["Class of March"],
                                 bruno.person.id: ["Class of March"]}
    assert remove_members(store, instructor, march.id, (bruno.person.id,)) == 1
    assert members_of(store, {march.id}) == {ana.person.id}
    assert rename_class(store, instructor, march.id, "March").name == "March"
    remove_class(store, instructor, march.id)
    assert classes(store) == []
    assert store.person(ana.person.id).name == "Ana Lei"  # the trainee stays


def test_class_names_are_unique_and_sensible(store, instructor):
    create_class(store, instructor, "Class of March")
    with pytest.raises(StoreError, match="already a class called"):
        create_class(store, instructor, "class of  MARCH")
    with pytest.raises(StoreError, match="Give the class a name"):
        create_class(store, instructor, "   ")
    with pytest.raises(StoreError, match="at most 80 characters"):
        create_class(store, instructor, "x" * 81)
    assert create_class(store, instructor, "x" * 80).name == "x" * 80


def test_only_instructors_make_classes_and_only_trainees_join(store, instructor, ana):
    with pytest.raises(NotAllowed, match="instructor"):
        create_class(store, ana, "Mine")
    march = create_class(store, instructor, "March")
    with pytest.raises(StoreError, match="Only trainees are put in classes"):
        add_members(store, instructor, march.id, (instructor.person.id,))
    with pytest.raises(NotAllowed, match="instructor"):
        add_members(store, ana, march.id, (ana.person.id,))


def test_a_deleted_trainee_leaves_their_classes_and_id_number(store, instructor, ana, bruno):
    march = create_class(store, instructor, "March", (ana.person.id, bruno.person.id))
    set_id_number(store, instructor, ana.person.id, "M-001")
    delete_person(store, instructor, ana.person.id)
    assert classes(store)[0].members == (bruno.person.id,)
    assert id_numbers(store) == {}
    assert march.id == classes(store)[0].id


def test_an_id_number_is_one_trainees_and_can_be_taken_away(store, instructor, ana, bruno):
    assert set_id_number(store, instructor, ana.person.id, "  2024-017 ") == "2024-017"
    with pytest.raises(StoreError, match="already Ana Lei’s"):
        set_id_number(store, instructor, bruno.person.id, "2024-017")
    assert set_id_number(store, instructor, ana.person.id, "2024-017") == "2024-017"
    assert id_numbers(store) == {ana.person.id: "2024-017"}
    assert set_id_number(store, instructor, ana.person.id, "") is None
    assert set_id_number(store, instructor, bruno.person.id, "2024-017") == "2024-017"
    assert id_numbers(store) == {bruno.person.id: "2024-017"}


def test_an_id_number_is_one_line_of_limited_length(store, instructor, ana):
    assert set_id_number(store, instructor, ana.person.id, "9" * LONGEST_ID_NUMBER)
    with pytest.raises(StoreError, match="at most 100 characters"):
        set_id_number(store, instructor, ana.person.id, "9" * (LONGEST_ID_NUMBER + 1))
    for bad in ("12,3", 'a"b', "a\tb", "=1+1", "+853", "-5", "@SUM(A1)"):
        with pytest.raises(StoreError, match="without commas or quotation marks"):
            set_id_number(store, instructor, ana.person.id, bad)
    assert set_id_number(store, instructor, ana.person.id, "5-=+@") == "5-=+@"
    with pytest.raises(StoreError, match="given to trainees"):
        set_id_number(store, instructor, instructor.person.id, "1")
    with pytest.raises(NotAllowed, match="instructor"):
        set_id_number(store, ana, ana.person.id, "1")


LIST = "Nome;Número\nAna Lei;A-1\nCarla Ho;\n\n Daniel  Wong ;D-4\n".encode("utf-8-sig")


def test_a_class_list_adds_trainees_sets_id_numbers_and_fills_the_class(store, instructor, ana):
    done = import_class_list(store, instructor, "Class of March", LIST)
    assert (done.class_name, done.added, done.joined, done.id_numbers) == (
        "Class of March", 2, 3, 2)
    people = {p.name: p.id for p in store.people()}
    assert people["Ana Lei"] == ana.person.id  # the trainee already there is the one listed
    assert done.new_people == (people["Carla Ho"], people["Daniel Wong"])  # in the list's order
    assert id_numbers(store) == {ana.person.id: "A-1", people["Daniel Wong"]: "D-4"}
    assert classes(store)[0].members == (ana.person.id, people["Carla Ho"],
                                         people["Daniel Wong"])
    again = import_class_list(store, instructor, "class of march", LIST)
    assert (again.class_name, again.added, again.joined) == ("Class of March", 0, 0)
    assert again.new_people == ()


def test_a_class_list_with_the_line_ends_of_any_spreadsheet():
    listed = read_class_list(b'Ana Lei,A-1\rBruno Chan\r\n"Carla\rHo",C-3\n')
    assert [(t.line, t.name, t.id_number) for t in listed] == [
        (1, "Ana Lei", "A-1"), (2, "Bruno Chan", None), (3, "Carla Ho", "C-3")]


def test_a_class_list_with_commas_and_quotes_and_no_header():
    listed = read_class_list(b'"Lei, Ana",A-1\nBruno Chan\n')
    assert [(t.line, t.name, t.id_number) for t in listed] == [
        (1, "Lei, Ana", "A-1"), (2, "Bruno Chan", None)]


@pytest.mark.parametrize(("data", "message"), [
    (b"Ana Lei,A-1\nAna  lei,A-2\n", "Line 2 of the class list: this trainee is already on "
                                     "line 1"),
    (b"Ana Lei,A-1\nBruno Chan,A-1\n", "Line 2 of the class list: the ID number is already on "
                                       "line 1"),
    (b"Ana Lei,A-1,extra\n", "Line 1 of the class list: a line has the name and the ID number"),
    (b",A-1\n", "Line 1 of the class list: the name is missing"),
    (b"Ana Lei\nBruno\xe2\x80\x8bChan\n", r"Line 2 of the class list: A name cannot hold U\+200B"),
    ("Ana Lei\n\u202eNAHC\n".encode(), r"Line 2 of the class list: A name cannot hold U\+202E"),
    (b"Ana Lei\n" + b"x" * 81 + b"\n", "Line 2 of the class list: A name has at most 80"),
    (b"Ana Lei\n" + b"x" * 140_000 + b"\n", "Line 2 of the class list cannot be read"),
    (b"Ana Lei,A,1\n", "Line 1 of the class list: a line has the name"),
    ("Ana Lei,A\u00a0\u0007\n".encode(), "Line 1 of the class list: An ID number is letters"),
    (b"\xff\xfeA\x00", "not UTF-8 text"),
    (b"name,ID number\n\n", "names no trainee"),
])
def test_a_bad_class_list_says_which_line_and_changes_nothing(store, instructor, data, message):
    before = store.people()
    with pytest.raises(StoreError, match=message):
        import_class_list(store, instructor, "March", data)
    assert store.people() == before and classes(store) == []


def test_a_class_list_naming_an_instructor_or_someone_elses_number_changes_nothing(
        store, instructor, ana):
    set_id_number(store, instructor, ana.person.id, "A-1")
    with pytest.raises(StoreError, match="Line 2 of the class list: Mestre Lei is an instructor"):
        import_class_list(store, instructor, "March", b"Carla Ho\nMestre Lei\n")
    with pytest.raises(StoreError, match="Line 2 of the class list: The ID number A-1 is already"):
        import_class_list(store, instructor, "March", b"Carla Ho\nBruno Chan,A-1\n")
    assert [p.name for p in store.people()] == ["Ana Lei", "Mestre Lei"]
    assert classes(store) == [] and id_numbers(store) == {ana.person.id: "A-1"}


def test_a_class_list_of_two_mib_is_read_and_one_byte_more_is_too_large():
    """The size limit, 2 MiB, on both sides (blank lines, as a spreadsheet may leave, fill it)."""
    data = b"Ana Lei\n" + b"\n" * (2 * 2**20 - len(b"Ana Lei\n"))
    assert [t.name for t in read_class_list(data)] == ["Ana Lei"]
    with pytest.raises(StoreError, match="too large to be one class"):
        read_class_list(data + b"\n")


def test_a_class_list_of_5000_trainees_is_one_class_and_one_more_is_refused():
    names = [f"Trainee {n:04d}" for n in range(5001)]
    listed = read_class_list("\n".join(names[:5000]).encode())
    assert len(listed) == 5000 and listed[-1].name == "Trainee 4999"
    with pytest.raises(StoreError, match="A class has at most 5000 trainees"):
        read_class_list("\n".join(names).encode())


def test_empty_cells_after_the_id_number_are_left_as_spreadsheets_write_them():
    listed = read_class_list(b"Ana Lei,A-1,,\nBruno Chan,,\n")
    assert [(t.name, t.id_number) for t in listed] == [("Ana Lei", "A-1"), ("Bruno Chan", None)]


def test_a_semicolon_list_is_told_by_its_first_line_whatever_the_next_hold():
    listed = read_class_list("Nome;Número\nLei, Ana;A-1\n".encode())
    assert [(t.name, t.id_number) for t in listed] == [("Lei, Ana", "A-1")]
    assert [t.name for t in read_class_list(b"Ana Lei;A-1")] == ["Ana Lei"]
