"""Sap I Chi procedure: the bell (Art. 2.2), void rounds (Art. 2.3), rebuilt bets (Art. 3.2)."""

from decimal import Decimal

import pytest

from trainer.rules.regulations import Article, Regulation
from trainer.rules.sap_i_chi.bets import REBUILT_BETS, Bet, Colour
from trainer.rules.sap_i_chi.procedure import Incident, Ruling, Stage, procedure_ruling

D = Decimal


def art(number, item=""):
    return Article(Regulation.SAP_I_CHI, number, item)


@pytest.mark.parametrize("incident", [Incident.NEW_BET, Incident.CHANGE_BET])
def test_bets_are_taken_and_changed_until_the_bell(incident):
    ruling = procedure_ruling(incident, Stage.BETTING)
    assert ruling.ruling is Ruling.ACCEPT
    assert ruling.reasons[0].source == art(2, "2")


@pytest.mark.parametrize("incident", [Incident.NEW_BET, Incident.CHANGE_BET])
@pytest.mark.parametrize("stage", [Stage.CLOSED, Stage.DECIDED])
def test_no_new_bets_and_no_changes_after_the_bell(incident, stage):
    ruling = procedure_ruling(incident, stage)
    assert ruling.ruling is Ruling.REFUSE
    assert ruling.reasons[0].source == art(2, "2")
    assert "no new bets and no changes" in str(ruling.reasons[0])


def test_a_croupier_irregularity_while_deciding_voids_the_round():
    ruling = procedure_ruling(Incident.CROUPIER_IRREGULARITY, Stage.CLOSED)
    assert ruling.ruling is Ruling.VOID
    assert ruling.reasons[0].source == art(2, "3")
    assert "Article 2(3)" in str(ruling.reasons[0])


def test_after_a_void_round_players_may_withdraw_or_change_bets():
    ruling = procedure_ruling(Incident.CHANGE_BET, Stage.VOID)
    assert ruling.ruling is Ruling.ACCEPT
    assert ruling.reasons[0].source == art(2, "3")


def test_a_slip_after_the_result_is_confirmed_does_not_undo_it():
    ruling = procedure_ruling(Incident.CROUPIER_IRREGULARITY, Stage.DECIDED)
    assert ruling.ruling is Ruling.STANDS
    assert ruling.reasons[0].source == art(2, "4")


def test_winning_bets_cleared_by_mistake_are_rebuilt():
    cleared = [Bet(D("100"), (3, 4)), Bet(D("50"), colour=Colour.BLACK)]
    ruling = procedure_ruling(Incident.BETS_CLEARED, Stage.DECIDED, cleared=cleared, drawn=4)
    assert ruling.ruling is Ruling.REBUILD
    assert ruling.reasons[-1] == REBUILT_BETS and REBUILT_BETS.source == art(3, "2")
    assert len(ruling.reasons) == 2  # only the bet on 3, 4 had won
    assert "the numbers 3, 4" in str(ruling.reasons[0])
    assert ruling.reasons[0].source == art(3, "1(b)")  # two numbers: Art. 3 (1) b)


def test_losing_bets_cleared_stay_cleared():
    ruling = procedure_ruling(Incident.BETS_CLEARED, Stage.DECIDED,
                              cleared=[Bet(D("100"), (3, 4))], drawn=9)
    assert ruling.ruling is Ruling.STANDS
    assert "nothing to rebuild" in str(ruling.reasons[0])
    assert ruling.reasons[0].source == art(3, "1")


@pytest.mark.parametrize(("incident", "stage", "kwargs"), [
    (Incident.NEW_BET, Stage.VOID, {}),  # the text speaks of withdrawing or changing only
    (Incident.CROUPIER_IRREGULARITY, Stage.BETTING, {}),
    (Incident.CROUPIER_IRREGULARITY, Stage.VOID, {}),
    (Incident.BETS_CLEARED, Stage.CLOSED, {"cleared": [Bet(D("10"), (1,))], "drawn": 1}),
    (Incident.BETS_CLEARED, Stage.DECIDED, {"drawn": 1}),  # which bets?
    (Incident.BETS_CLEARED, Stage.DECIDED, {"cleared": [Bet(D("10"), (1,))]}),  # no number
])
def test_cases_the_text_does_not_rule_on_are_refused(incident, stage, kwargs):
    refused = "does not rule|withdraw or change|name the bets|numbers are 1 to 12"
    with pytest.raises(ValueError, match=refused):
        procedure_ruling(incident, stage, **kwargs)
