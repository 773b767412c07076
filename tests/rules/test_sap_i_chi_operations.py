"""The croupier's operations of a Sap I Chi round and the markings the table takes, from the
text of Portaria 9/76 (Art. 2 and Art. 3 (1))."""

import pytest

from trainer.rules.house import HouseRules, SapIChiRules
from trainer.rules.regulations import Article, HouseInterpretation, Regulation
from trainer.rules.sap_i_chi.operations import Operation, operation_reason
from trainer.rules.sap_i_chi.procedure import Ruling, marking_ruling


def art(number, item=""):
    return Article(Regulation.SAP_I_CHI, number, item)


@pytest.mark.parametrize(("operation", "article"), [
    (Operation.CLOTH, art(2, "1")),  # «Operação inicial»: the cloth fixed, rolled
    (Operation.BELL, art(2, "2")),  # «Marcações»: none after the bell
    (Operation.UNROLL, art(2, "3")),  # «Abertura do jogo»: unrolling decides the round
    (Operation.HATCHES, art(2, "4")),  # «Resultado»: the hatches, a new tube
])
def test_each_operation_rests_on_its_point_of_article_2(operation, article):
    assert operation_reason(operation).source == article


def test_the_card_confirms_the_number_on_the_cloth():
    reason = operation_reason(Operation.CONFIRM, 5)
    assert reason.source == art(2, "4")
    assert "number 5 (傌, red)" in str(reason.text)
    with pytest.raises(ValueError, match="name it"):
        operation_reason(Operation.CONFIRM)


@pytest.mark.parametrize(("numbers", "alinea"), [
    ((7,), "1(a)"), ((3, 4), "1(b)"), ((1, 2, 3), "1(c)"), ((1, 2, 7, 8), "1(d)"),
    ((1, 2, 3, 4, 5, 6), "1(e)")])
def test_a_marking_on_one_two_three_four_or_six_numbers_is_taken(numbers, alinea):
    ruling = marking_ruling(numbers)
    assert ruling.ruling is Ruling.ACCEPT
    assert ruling.reasons[-1].source == art(3, alinea)


@pytest.mark.parametrize("numbers", [(1, 2, 3, 4, 5), (2, 4, 6, 8, 10),
                                     (1, 2, 3, 4, 5, 6, 7)])
def test_a_marking_on_five_or_seven_numbers_is_no_chance_of_the_game(numbers):
    # Art. 3 (1) a)–f): one, two, three, four, six numbers, red or black; nothing else.
    ruling = marking_ruling(numbers)
    assert ruling.ruling is Ruling.REFUSE
    assert ruling.reasons[-1].source == art(3, "1")
    assert f"no bet on {len(numbers)} numbers" in str(ruling.reasons[-1].text)


def test_a_group_the_house_does_not_take_is_refused_by_the_house_reading():
    rules = HouseRules(sap_i_chi=SapIChiRules(any_group_of_numbers=False))
    ruling = marking_ruling((1, 9), rules)
    assert ruling.ruling is Ruling.REFUSE
    assert ruling.reasons[-1].source == HouseInterpretation("HI-SAP-LAYOUT")
    assert marking_ruling((1, 2), rules).ruling is Ruling.ACCEPT


def test_a_marking_names_numbers_of_the_board_once_each():
    with pytest.raises(ValueError, match="marked twice"):
        marking_ruling((3, 3))
    with pytest.raises(ValueError, match="1 to 12"):
        marking_ruling((0, 1))
