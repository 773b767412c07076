"""A class list from the school's records: a CSV file of trainees, one per line — the name, then
the ID number (optional) — as a spreadsheet saves it (UTF-8, with or without its byte-order
mark; commas, or semicolons as spreadsheets in Portuguese write them; a header row is
recognised and skipped). Trainees not yet on the desk are added; each trainee listed joins
the class and gets the ID number listed. The whole file is checked first: one bad line and
nothing is changed, and the message says which line and why."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from i18n import N_, Message
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.people.classes import add_members, classes, create_class
from trainer.progress.people.id_numbers import checked_id_number, set_id_number
from trainer.progress.people.names import stored_name, tidied
from trainer.progress.records import MOST_MEMBERS
from trainer.progress.storage.database import writing
from trainer.progress.storage.ledger import add_person
from trainer.progress.storage.store import Role, Store, StoreError, plain_name

#: The largest class list read (a list of 5,000 trainees is well under it).
MOST_BYTES = 2 << 20
#: Header cells recognised (any case), in the three languages and the usual spreadsheets'.
_HEADERS = {"name", "full name", "nome", "nome completo", "姓名", "名稱", "id number",
            "idnumber", "id", "número de identificação", "número", "編號", "學號"}


@dataclass(frozen=True)
class ListedTrainee:
    line: int
    name: str
    id_number: str | None


@dataclass(frozen=True)
class ClassListImport:
    class_name: str
    added: int
    joined: int
    id_numbers: int
    #: The ids of the trainees added (a school server gives them first PINs).
    new_people: tuple[str, ...] = ()


def read_class_list(data: bytes) -> list[ListedTrainee]:
    """The trainees a class list names, checked line by line (nothing is written)."""
    if len(data) > MOST_BYTES:
        raise StoreError(Message.of(N_("This class list is too large to be one class.")))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise StoreError(Message.of(N_(
            "This class list is not UTF-8 text: save it from the spreadsheet as “CSV UTF-8”."
        ))) from error
    lines = text.splitlines()
    delimiter = ";" if lines and ";" in lines[0] and "," not in lines[0] else ","
    listed: list[ListedTrainee] = []
    seen: dict[str, int] = {}
    numbers: dict[str, int] = {}
    # newline="": a line may end as any spreadsheet ends it, and a quoted cell hold a break
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        for line, cells in enumerate(reader, 1):
            cells = [cell.strip() for cell in cells]
            if not any(cells):
                continue
            if line == 1 and all(cell.lower() in _HEADERS for cell in cells if cell):
                continue
            listed.append(_listed(line, cells, seen, numbers))
    except csv.Error as error:  # a quote left open, a cell longer than CSV reads
        raise StoreError(Message.of(N_(
            "Line {line} of the class list cannot be read: save it from the spreadsheet as "
            "“CSV UTF-8”."), line=reader.line_num)) from error
    if not listed:
        raise StoreError(Message.of(N_("This class list names no trainee.")))
    if len(listed) > MOST_MEMBERS:
        raise StoreError(Message.of(N_("A class has at most {count} trainees."),
                                    count=MOST_MEMBERS))
    return listed


def _listed(line: int, cells: list[str], seen: dict[str, int],
            numbers: dict[str, int]) -> ListedTrainee:
    if any(cells[2:]):
        raise _at(line, N_("a line has the name and the ID number, nothing more"))
    if not tidied(cells[0]):
        raise _at(line, N_("the name is missing"))
    try:
        name = stored_name(cells[0])
    except StoreError as error:
        raise _on_line(line, error.message) from error
    if plain_name(name) in seen:
        raise _at(line, N_("this trainee is already on line {other}"), other=seen[plain_name(name)])
    seen[plain_name(name)] = line
    try:
        number = checked_id_number(cells[1] if len(cells) > 1 else "")
    except StoreError as error:
        raise _on_line(line, error.message) from error
    if number is not None:
        if number in numbers:
            raise _at(line, N_("the ID number is already on line {other}"), other=numbers[number])
        numbers[number] = line
    return ListedTrainee(line, name, number)


def _at(line: int, problem: str, **params: object) -> StoreError:
    return _on_line(line, Message.of(problem, **params))


def _on_line(line: int, problem: Message) -> StoreError:
    return StoreError(Message.of(N_("Line {line} of the class list: {problem}"), line=line,
                                 problem=problem))


def import_class_list(store: Store, actor: Actor, class_name: str,
                      data: bytes) -> ClassListImport:
    """Read the class list into the class ``class_name`` (made if there is none), all of it
    or, if any line cannot be taken, nothing."""
    require_instructor(store, actor)
    listed = read_class_list(data)
    with writing(store):
        people = {plain_name(p.name): p for p in store.people()}
        added: list[str] = []
        ids = []
        for trainee in listed:
            person = people.get(plain_name(trainee.name))
            if person is None:
                person = add_person(store, trainee.name, Role.TRAINEE)
                added.append(person.id)
            elif person.role is not Role.TRAINEE:
                raise _at(trainee.line, N_("{name} is an instructor"), name=person.name)
            ids.append(person.id)
            if trainee.id_number is not None:
                try:
                    set_id_number(store, actor, person.id, trainee.id_number)
                except StoreError as error:
                    raise _on_line(trainee.line, error.message) from error
        name = " ".join(class_name.split())
        existing = [c for c in classes(store) if plain_name(c.name) == plain_name(name)]
        if existing:
            joined = add_members(store, actor, existing[0].id, tuple(ids))
            name = existing[0].name
        else:
            joined = len(create_class(store, actor, name, tuple(ids)).members)
    return ClassListImport(name, len(added), joined,
                           sum(1 for t in listed if t.id_number is not None), tuple(added))
