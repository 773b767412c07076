"""The text form of actions: every kind reads and prints back; bad lines say what is wrong."""

from decimal import Decimal

import pytest

from trainer.rounds.actions import Action, UnreadableAction
from trainer.rounds.mahjong_baccarat import GRAMMAR

EVERY_KIND = {
    "reorder allow": Action("reorder", ("allow",)),
    "reorder refuse": Action("reorder", ("refuse",)),
    "first 7": Action("first", (7,)),
    "deal 10": Action("deal", (10,)),
    "open 3": Action("open", (3,)),
    "rule 3 banker": Action("rule", (3, "banker")),
    "rule 4 player": Action("rule", (4, "player")),
    "pay 3 570": Action("pay", (3, Decimal("570"))),
    "pay 2 541.50": Action("pay", (2, Decimal("541.50"))),
    "collect 5 400": Action("collect", (5, Decimal("400"))),
    "commission 25": Action("commission", (Decimal("25"),)),
    "share 1 1140": Action("share", (1, Decimal("1140"))),
    "share 4 -300": Action("share", (4, Decimal("-300"))),
    "share 6 0": Action("share", (6, Decimal("0"))),
    "casino -2000": Action("casino", (Decimal("-2000"),)),
    "casino 812.50": Action("casino", (Decimal("812.50"),)),
    "call tile-exposed 5": Action("call", ("tile-exposed", 5)),
    "call dice-out-of-bowl": Action("call", ("dice-out-of-bowl",)),
    "call reorder-after-dice 1": Action("call", ("reorder-after-dice", 1)),
    "decide play-on": Action("decide", ("play-on",)),
    "decide settle-as-placed": Action("decide", ("settle-as-placed",)),
    "bank 4": Action("bank", (4,)),
    "bank 1 6000": Action("bank", (1, Decimal("6000"))),
    "bank none": Action("bank", ("none",)),
}


@pytest.mark.parametrize(("line", "action"), EVERY_KIND.items())
def test_every_action_kind_reads_and_prints_back(line, action):
    assert GRAMMAR.read(line) == action
    assert str(action) == line
    assert GRAMMAR.read(str(action)) == action


def test_every_verb_of_the_grammar_is_read_above():
    assert {action.verb for action in EVERY_KIND.values()} == set(GRAMMAR.verbs)


def test_case_and_spaces_do_not_matter_and_amounts_compare_by_value():
    assert GRAMMAR.read("  PAY   3   570.00 ") == GRAMMAR.read("pay 3 570")


@pytest.mark.parametrize(("line", "message"), [
    ("", r"An empty line is not an action: type one action, such as reorder allow\|refuse"),
    ("   ", "An empty line is not an action"),
    ("shuffle 3", r"“shuffle” is not an action; the actions are: reorder, first, deal, open, "
                  r"rule, pay, collect, commission, share, casino, bank, call, decide\."),
    ("pay 3", r"“pay 3” does not read as an action: it is written pay N AMOUNT\."),
    ("pay 3 570 10", r"“pay 3 570 10” does not read as an action: it is written pay N AMOUNT"),
    ("first", r"it is written first N\."),
    ("bank", r"it is written bank N\|none \[AMOUNT\]\."),
    ("deal 11", r"“11” is not a place: the places are numbered 1 to 10\."),
    ("deal 0", r"“0” is not a place"),
    ("deal -1", r"“-1” is not a place"),
    ("open three", r"“three” is not a place"),
    ("first none", r"“none” is not a place"),
    ("pay 3 570,50", r"“570,50” is not an amount: write it in digits, with a dot before any "
                     r"decimals, such as 570 or 541\.50\."),
    ("pay 3 -570", r"“-570” is not an amount"),
    ("collect 3 1e3", r"“1e3” is not an amount"),
    ("share 4 --300", r"“--300” is not an amount: write it in digits, with a dot before any "
                      r"decimals and a minus sign before a loss, such as 570 or -541\.50\."),
    ("casino +200", r"“\+200” is not an amount: .* a minus sign before a loss"),
    ("share 4", r"it is written share N ±AMOUNT\."),
    ("commission 25.", r"“25\.” is not an amount"),
    ("rule 3 tie", r"“tie” cannot follow “rule”: it takes one of player, banker\."),
    ("reorder maybe", r"“maybe” cannot follow “reorder”: it takes one of allow, refuse\."),
    ("call fire", r"“fire” cannot follow “call”: it takes one of dice-out-of-bowl, "),
    ("decide play_on", r"“play_on” cannot follow “decide”"),
])
def test_a_line_that_is_not_an_action_is_refused_with_what_is_expected(line, message):
    with pytest.raises(UnreadableAction, match=message):
        GRAMMAR.read(line)


def test_the_refusal_is_translated():
    import i18n

    i18n.set_language("pt_MO")
    with pytest.raises(UnreadableAction, match="não é um lugar"):
        GRAMMAR.read("deal 11")
