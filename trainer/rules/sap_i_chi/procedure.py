"""Sap I Chi: the croupier's rulings on the bell, void rounds and cleared bets.

Portaria 9/76: no new bets and no changes after the bell (Art. 2 (2)); an involuntary
irregularity by the croupier while the round is being decided makes it void, and the
players may then withdraw their bets or change them (Art. 2 (3)); once decided, the result
is confirmed (Art. 2 (4)); winning bets a payer cleared by mistake are rebuilt from the
players' indications (Art. 3 (2)); a marking is taken only on a chance of the game
(Art. 3 (1)).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from i18n import N_, Message
from trainer.rules.house import HouseRules
from trainer.rules.regulations import Article, Reason, Regulation
from trainer.rules.sap_i_chi.bets import (
    ART_2_3,
    ART_3_1,
    CHANCE_SIZES,
    HI_SAP_LAYOUT,
    REBUILT_BETS,
    Bet,
    BetError,
    check_number,
    number_label,
    validate,
)

#: Art. 2, n.º 2: no new bets and no changes once the bell has rung.
ART_2_2 = Article(Regulation.SAP_I_CHI, 2, "2")
#: Art. 2, n.º 4: once decided, the result is confirmed with a card in the chute.
ART_2_4 = Article(Regulation.SAP_I_CHI, 2, "4")


class Stage(StrEnum):
    """Where a round stands when something happens at the table (Art. 2)."""

    BETTING = "betting"  # n.º 2: bets are being placed; the bell has not rung
    CLOSED = "closed"  # the bell has rung; the croupier is deciding the round (n.º 3)
    DECIDED = "decided"  # the number is shown and confirmed (n.º 4)
    VOID = "void"  # an irregularity made the round void (n.º 3)


class Incident(StrEnum):
    """What happens, or what a player asks for."""

    NEW_BET = "new-bet"  # a player places a new bet
    CHANGE_BET = "change-bet"  # a player moves or withdraws a bet
    CROUPIER_IRREGULARITY = "croupier-irregularity"  # an involuntary slip by the croupier
    BETS_CLEARED = "bets-cleared"  # a payer cleared bets that players say had won


class Ruling(StrEnum):
    ACCEPT = "accept"  # the bet or change is taken
    REFUSE = "refuse"  # the bets stay as they were
    VOID = "void"  # no bet wins or loses; players may withdraw or change their bets
    REBUILD = "rebuild"  # the cleared winning bets are rebuilt as the players say, and paid
    STANDS = "stands"  # the result stands: bets are settled on the number shown, as they lie


@dataclass(frozen=True)
class ProcedureRuling:
    ruling: Ruling
    reasons: tuple[Reason, ...]


def procedure_ruling(incident: Incident, stage: Stage, *, cleared: Iterable[Bet] = (),
                     drawn: int | None = None) -> ProcedureRuling:
    """What the croupier does about ``incident`` at ``stage`` (Art. 2 and Art. 3, n.º 2).

    Bets may be placed and changed until the bell (Art. 2.2), and again after a void round,
    when players "may withdraw their bets or change their markings" (Art. 2.3; the text
    does not speak of new bets then, so that case is refused as a caller's mistake). An
    involuntary irregularity while the round is being decided makes it void (Art. 2.3);
    once the result is confirmed (Art. 2.4) the round is decided and a later slip does not
    undo it. Cleared bets are rebuilt only if they had won (Art. 3.2): the ``cleared`` bets
    and the ``drawn`` number say whether they had.
    """
    if incident in (Incident.NEW_BET, Incident.CHANGE_BET):
        return _bet_ruling(incident, stage)
    if incident is Incident.CROUPIER_IRREGULARITY and stage is Stage.CLOSED:
        return ProcedureRuling(Ruling.VOID, (Reason(Message.of(N_(
            "An involuntary irregularity by the croupier while the round is being decided "
            "makes the round void: players may withdraw their bets or change them.")),
            ART_2_3),))
    if incident is Incident.CROUPIER_IRREGULARITY and stage is Stage.DECIDED:
        return ProcedureRuling(Ruling.STANDS, (Reason(Message.of(N_(
            "The round was already decided and its result confirmed when the slip happened: "
            "the result stands and the bets are settled on the number shown.")), ART_2_4),))
    if incident is Incident.BETS_CLEARED and stage is Stage.DECIDED:
        return _cleared_ruling(list(cleared), check_number(drawn))
    raise ValueError(f"the regulation does not rule on {incident} at stage {stage}")


def _bet_ruling(incident: Incident, stage: Stage) -> ProcedureRuling:
    if stage is Stage.BETTING:
        return ProcedureRuling(Ruling.ACCEPT, (Reason(Message.of(N_(
            "The bell has not rung yet: bets may still be placed and changed.")), ART_2_2),))
    if stage is Stage.VOID and incident is Incident.CHANGE_BET:
        return ProcedureRuling(Ruling.ACCEPT, (Reason(Message.of(N_(
            "The round was made void by the croupier's irregularity: players may withdraw "
            "their bets or change them.")), ART_2_3),))
    if stage in (Stage.CLOSED, Stage.DECIDED):
        return ProcedureRuling(Ruling.REFUSE, (Reason(Message.of(N_(
            "The bell has rung: no new bets and no changes to the bets already made.")),
            ART_2_2),))
    raise ValueError("after a void round the text lets players withdraw or change bets only")


def _cleared_ruling(cleared: list[Bet], drawn: int) -> ProcedureRuling:
    if not cleared:
        raise ValueError("name the bets the payer cleared")
    won = [bet for bet in cleared if drawn in bet.chances]
    if won:
        return ProcedureRuling(Ruling.REBUILD, (*(Reason(Message.of(N_(
            "Drawn: {drawn}. The cleared bet on {chances} had won."),
            drawn=number_label(drawn), chances=bet.describe()), bet.kind.article)
            for bet in won), REBUILT_BETS))
    return ProcedureRuling(Ruling.STANDS, tuple(Reason(Message.of(N_(
        "Drawn: {drawn}. The cleared bet on {chances} had lost, so the payer was right to "
        "collect it: there is nothing to rebuild."), drawn=number_label(drawn),
        chances=bet.describe()), ART_3_1) for bet in cleared))


def marking_ruling(numbers: Sequence[int], rules: HouseRules | None = None) -> ProcedureRuling:
    """Whether a marking on ``numbers`` is a bet the table takes (Art. 3, n.º 1).

    The chances are one, two, three, four or six numbers, or a colour (alíneas a–f): a
    marking on five numbers (or on seven or more) is no chance of the game and is refused,
    the stake going back to the player; a group the house does not take (HI-SAP-LAYOUT) is
    refused with the house's reason.
    """
    marked = tuple(check_number(number) for number in numbers)
    if len(set(marked)) != len(marked):
        raise ValueError(f"a number is marked twice in {marked}")
    try:
        bet = validate(Bet(Decimal(1), marked), rules)
    except BetError as error:
        if len(marked) in CHANCE_SIZES:  # a group the house does not take
            return ProcedureRuling(Ruling.REFUSE, (Reason(error.message, HI_SAP_LAYOUT),))
        return ProcedureRuling(Ruling.REFUSE, (Reason(Message.of(N_(
            "The chances of the game are one, two, three, four or six numbers, or red or "
            "black: there is no bet on {count} numbers, so the marking is refused and the "
            "stake goes back to the player."), count=len(marked)), ART_3_1),))
    return ProcedureRuling(Ruling.ACCEPT, (Reason(Message.of(N_(
        "A marking on {chances} is one of the chances of the game."),
        chances=bet.describe()), bet.kind.article),))
