"""A practice question of each answer kind read and answered from the accessibility tree
alone, as a screen reader does, for real: the app under Xvfb with Qt's Linux accessibility
bridge on, on a private D-Bus session with the AT-SPI bus, read and operated through
AT-SPI (pyatspi) by another process — in English, Portuguese and Chinese.

For each: the skill, the question and the situation's description are in the tree; the
answer controls are found by their names and operated by their AT-SPI actions (an option
pressed, a box ticked, an amount typed through EditableText, Check pressed); the verdict
appears in the tree and is announced (``object:announcement``); the answer given is the one
stored. (Drag-only and chip answers — moves, arrangement, chips, walk — are left out: their
controls offer no AT-SPI action yet.) The drawn tables' own objects (cards, tiles, places)
are listed with :meth:`atspi_support.Tree.descendants` once they exist."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from atspi_support import Desktop, Node, Reader, Tree, missing

import i18n
from i18n import _
from questions import Question
from questions.given import answer_label
from questions.registry import skill
from trainer.progress import Store
from trainer.progress.storage.ledger import add_person, stored_attempts

TRAINEE = "Chan Tai Man"
LANGUAGES = ["en", "pt_MO", "zh_Hant_MO"]
VERDICT_MARKS = ("✔", "✘")

why_not = missing()
pytestmark = pytest.mark.skipif(why_not is not None,
                                reason=f"the AT-SPI bus cannot start here: {why_not}")


@pytest.fixture(scope="module")
def desktop() -> Iterator[Desktop]:
    started = Desktop()
    try:
        yield started
    finally:
        started.close()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "progress.sqlite3"
    store = Store(path)
    add_person(store, TRAINEE)
    store.close()
    return path


def shown(text: str) -> str:
    """A label's words as the tree says them: the mnemonic's & gone."""
    return text.replace("&", "")


#: The drawn table's role: a pane holding its places, cards and tiles (ui.widgets.
#: accessible_parts), which AT-SPI calls a panel.
TABLE_ROLE = "panel"


def situation(tree: Tree, skill_id: str) -> Node:
    """The drawn table: named by the skill, described by the question; its places, cards
    and tiles are its descendants."""
    return tree.one(TABLE_ROLE, str(skill(skill_id).title))


def answer_controls(tree: Tree, table: Node, role: str) -> list[Node]:
    """The answer's controls of ``role``: beside the table, under the same parent."""
    return [node for node in tree.descendants(tree.nodes[0], role)
            if node.path[:len(table.path) - 1] == table.path[:-1]
            and node.path[:len(table.path)] != table.path]


def press_first_option(reader: Reader, tree: Tree, table: Node) -> str:
    option = answer_controls(tree, table, "push button")[0]
    reader.do(option)
    return option.name


def type_an_amount(reader: Reader, tree: Tree, table: Node) -> str:
    [box] = answer_controls(tree, table, "text")
    reader.type(box, "100")
    check = shown(_("&Check"))
    typed = reader.wait_for(lambda t: "Press" in t.one("push button", check).actions)
    reader.do(typed.one("push button", check))  # Check takes an amount once there is one
    return "100"


def tick_the_first_box(reader: Reader, tree: Tree, table: Node) -> str:
    box = answer_controls(tree, table, "check box")[0]
    reader.do(box, "Toggle")
    ticked = reader.wait_for(lambda t: "checked" in t.one("check box", box.name).states)
    reader.do(ticked.one("push button", shown(_("&Check ({count} ticked)").format(count=1))))
    return box.name


def rule_with_the_first_reason(reader: Reader, tree: Tree, table: Node) -> str:
    ruling = answer_controls(tree, table, "radio button")[0]
    reason = answer_controls(tree, table, "check box")[0]
    reader.do(ruling, "Toggle")
    reader.do(reason, "Toggle")
    reader.wait_for(lambda t: "checked" in t.one("radio button", ruling.name).states
                    and "checked" in t.one("check box", reason.name).states)
    reader.do(tree.one("push button", shown(_("&Check"))))
    return ruling.name


def check_the_order_read(reader: Reader, tree: Tree, table: Node) -> str:
    hands = [node.name for node in answer_controls(tree, table, "panel")]
    assert len(hands) >= 2 and all(name for name in hands), hands
    reader.do(tree.one("push button", shown(_("&Check this order"))))
    return hands[0]


Answer = Callable[[Reader, Tree, Node], str]
KINDS: dict[str, tuple[str, Answer]] = {
    "choice": ("thirteen.first_seat", press_first_option),
    "amount": ("thirteen.payout", type_an_amount),
    "choices": ("thirteen.foul", tick_the_first_box),
    "ruling": ("thirteen.procedure", rule_with_the_first_reason),
    "ordering": ("thirteen.rank_hands", check_the_order_read),
}


def last_question(db: Path) -> tuple[Question, object]:
    store = Store(db)
    try:
        [person] = [p for p in store.people() if p.role == "trainee"]
        attempt = stored_attempts(store, person.id)[-1]
    finally:
        store.close()
    return Question.from_json(attempt.question), attempt.answer


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", list(KINDS))
def test_a_question_read_and_answered_through_atspi(desktop, db, kind, language):
    skill_id, answer = KINDS[kind]
    i18n.set_language(language)
    try:
        reader = Reader(desktop, ["--db", str(db), "--language", language,
                                  "--trainee", TRAINEE, "--practice", skill_id])
        try:
            tree = reader.wait_for(lambda t: bool(t.descendants(
                role=TABLE_ROLE, name=str(skill(skill_id).title))))
            table = situation(tree, skill_id)
            given = answer(reader, tree, table)
            done = reader.wait_for(lambda t: any(
                node.role == "label" and node.name.startswith(VERDICT_MARKS)
                for node in t.nodes))
            marked = [node.name for node in done.nodes  # the verdict, the options marked
                      if node.role == "label" and node.name.startswith(VERDICT_MARKS)]
            heard = reader.heard()
        finally:
            errors = [line for line in reader.close() if "Traceback" in line]
        assert errors == []

        question, stored = last_question(db)
        assert table.description == str(question.prompt)  # the question, read
        assert any(node.name == str(question.shown) for node in tree.nodes)
        if kind in ("choice", "choices", "ruling"):
            assert given in answer_label(question, stored), (given, stored)
        elif kind == "amount":
            assert str(stored) == given
        # the verdict line is said without moving the focus (with the right answer after it)
        assert any(said.startswith(name) for name in marked for said in heard), (marked, heard)
    finally:
        i18n.set_language("en")
