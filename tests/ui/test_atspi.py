"""A practice question of each answer kind read and answered from the accessibility tree
alone, as a screen reader does, for real: the app under Xvfb with Qt's Linux accessibility
bridge on, on a private D-Bus session with the AT-SPI bus, read and operated through
AT-SPI (pyatspi) by another process — in English, Portuguese and Chinese.

For each: the skill, the question and the situation's description are in the tree; the
answer controls are found by their names and operated by their AT-SPI actions (an option
pressed, a box ticked, an amount typed through EditableText, Check pressed); the verdict
appears in the tree and is announced (``object:announcement``); the answer given is the one
stored. Cards and chips that the mouse carries (moves, arrangement, chips, walk) are
operated by their own actions (ui.widgets.acting): "Send to Place 3", "Put in the Front
tier (1st)", "Add one". The drawn tables' own objects (cards, tiles, places) are listed
with :meth:`atspi_support.Tree.descendants` once they exist."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from atspi_support import Desktop, Node, Reader, Tree, missing

import i18n
from i18n import _
from questions import Question
from questions.given import answer_label
from questions.labels import place_label
from questions.registry import generate, skill
from trainer.progress import Store
from trainer.progress.storage.ledger import add_person, stored_attempts
from trainer.rules.thirteen.arrangement import Tier

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


def situation(tree: Tree, skill_id: str) -> Node | None:
    """The drawn table: described by the question, its places, cards and tiles its
    descendants; named by the skill (a felt) or by the table it draws (a table canvas:
    "Mahjong Baccarat table: ten places…"). None until it is there."""
    titled = tree.descendants(role=TABLE_ROLE, name=str(skill(skill_id).title))
    if titled:
        return titled[0]
    return next((node for node in tree.nodes if node.role == TABLE_ROLE and node.description
                 and tree.descendants(node)), None)


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


def acting(tree: Tree, table: Node, names: set[str]) -> list[Node]:
    """The answer's objects offering one of the actions ``names`` (cards, chips): outside
    the table, wherever the answer puts them (a walk's tray may stand beside it)."""
    return [node for node in tree.nodes if node.role == "push button"
            and node.path[:len(table.path)] != table.path and names & set(node.actions)]


def press_check(reader: Reader) -> None:
    check = shown(_("&Check"))
    ready = reader.wait_for(lambda t: "enabled" in t.one("push button", check).states)
    reader.do(ready.one("push button", check))


def option_label(skill_id: str, value: str) -> str:
    """The label of a skill's option ``value`` (the same in every question of it)."""
    question = generate(skill_id, 1)
    return next(str(option.label) for option in question.form.options
                if option.value == value)


def rectify_with_one_move(reader: Reader, tree: Tree, table: Node) -> str:
    reader.do(tree.one("radio button", option_label("thirteen.misdeal", "rectify")), "Toggle")
    sends = {_("Send to {place}").format(place=str(place_label(place, banker)))
             for place in range(1, 5) for banker in range(1, 5)}
    moved = reader.wait_for(lambda t: bool(acting(t, table, sends)))
    card = acting(moved, table, sends)[0]
    send = next(name for name in card.actions if name in sends)
    reader.do(card, send)
    reader.wait_for(lambda t: _("Put back where it was dealt") in
                    t.one("push button", card.name).actions)
    press_check(reader)
    return f"{card.name} → {send}"


def set_the_three_tiers(reader: Reader, tree: Tree, table: Node) -> str:
    puts = {_("Put in the {tier}").format(tier=str(tier.label)) for tier in Tier}
    back = _("Put back in the hand")
    for _card in range(13):
        in_hand = [node for node in acting(reader.tree(), table, puts)
                   if back not in node.actions]
        name = next(action for action in in_hand[0].actions if action in puts)
        reader.do(in_hand[0], name)
        reader.wait_for(lambda t, card=in_hand[0].name: back in t.one(
            "push button", card).actions)
    press_check(reader)
    return "tiers"


def named(tree: Tree, name: str) -> list[Node]:
    """The objects called ``name`` that can be pressed (a checkable button is a "check
    box" to AT-SPI, a plain one a "push button")."""
    return [node for node in tree.nodes if node.name == name and "Press" in node.actions]


def pay_two_chips(reader: Reader, tree: Tree, table: Node) -> str:
    pay = named(tree, _("Pay it"))
    if pay:  # a bet: paid or collected
        reader.do(pay[0])
    add = _("Add one")
    chip = acting(tree, table, {add})[0]
    reader.do(chip, add)
    reader.wait_for(lambda t: _("Take one back") in t.one("push button", chip.name).actions)
    reader.do(chip, add)
    press_check(reader)
    return chip.name


def open_places(tree: Tree, title: str) -> list[Node]:
    """The walk's places not settled yet: the buttons of the row named by its title."""
    row = next(node for node in tree.nodes if node.name == title)
    return [node for node in tree.descendants(row)
            if "Press" in node.actions and "enabled" in node.states]


def walk_the_table(reader: Reader, tree: Tree, table: Node) -> str:
    title = _("Places with a bet")
    row = next(node for node in tree.nodes if node.name == title)
    count = len([node for node in tree.descendants(row) if "Press" in node.actions])
    settle = {_("Settle place {place}").format(place=place) for place in range(1, 11)}
    for index in range(count):
        reader.do(open_places(reader.tree(), title)[0])
        now = reader.wait_for(lambda t: any(node.name in settle and "enabled" in node.states
                                            for node in t.nodes))
        if index == 0:
            reader.do(named(now, _("Pay it"))[0])
            add = _("Add one")
            chip = acting(reader.tree(), table, {add})[0]
            reader.do(chip, add)
            now = reader.wait_for(lambda t, chip=chip.name: _("Take one back") in t.one(
                "push button", chip).actions)
        else:
            reader.do(named(now, _("Nothing changes hands"))[0])
        button = next(node for node in now.nodes if node.name in settle)
        reader.do(button)
        reader.wait_for(lambda t, left=count - index - 1: len(open_places(t, title)) == left)
    press_check(reader)
    return "walk"


Answer = Callable[[Reader, Tree, Node], str]
KINDS: dict[str, tuple[str, Answer]] = {
    "choice": ("thirteen.first_seat", press_first_option),
    "amount": ("thirteen.payout", type_an_amount),
    "choices": ("thirteen.foul", tick_the_first_box),
    "ruling": ("thirteen.procedure", rule_with_the_first_reason),
    "ordering": ("thirteen.rank_hands", check_the_order_read),
    "moves": ("thirteen.misdeal", rectify_with_one_move),
    "arrangement": ("thirteen.house_way", set_the_three_tiers),
    "chips": ("mahjong_baccarat.payout_in_chips", pay_two_chips),
    "walk": ("mahjong_baccarat.settlement_in_chips", walk_the_table),
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
            tree = reader.wait_for(lambda t: situation(t, skill_id) is not None)
            table = situation(tree, skill_id)
            assert table is not None
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
        elif kind == "moves":
            assert stored["action"] == "rectify" and len(stored["moves"]) == 1, stored
        elif kind == "arrangement":
            assert [len(stored[tier.value]) for tier in Tier] == [3, 5, 5], stored
        elif kind == "chips":
            assert sum(stored["chips"].values()) == 2, stored
        elif kind == "walk":
            ways = [step["way"] for step in stored["steps"]]
            assert ways[0] == "pay" and set(ways[1:]) <= {"nothing"}, stored
        # the verdict line is said without moving the focus (with the right answer after it)
        assert any(said.startswith(name) for name in marked for said in heard), (marked, heard)
    finally:
        i18n.set_language("en")
