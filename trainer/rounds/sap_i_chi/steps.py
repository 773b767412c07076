"""Sap I Chi's round, step by step: every action, amount and reason from the rules core
(Portaria 9/76), never worked out here a second time.

In the text's order: a cloth from a new tube fixed, rolled, in the little case (Art. 2 (1));
the bets marked, with the players' requests to withdraw or move one (Art. 2 (2)); the bell;
the cloth unrolled, which decides the round (Art. 2 (3)) — unless the croupier slips, and the
round is void: the players may then withdraw or change their bets, a new cloth is fixed and
the bell rung again; the card of the cloth's number confirmed in the chute, the cloth and the
tube through the hatches (Art. 2 (4)); then each bet on the board, place by place: a winner
paid the prize of its chance and keeping his stake, a loser's stake collected (Art. 3 (1)).
Incidents are called where they happen: a marking on five numbers, a bet after the bell, the
croupier's slip, a card in the chute that is not the cloth's.
"""

from __future__ import annotations

from collections.abc import Iterator

from i18n import N_, Message, Money
from trainer.rounds.actions import Action
from trainer.rounds.incidents import incident_steps
from trainer.rounds.play import Move, Step
from trainer.rounds.sap_i_chi.table import (
    AFTER_THE_BELL,
    AS_BETS_ARE_MADE,
    AS_THE_RESULT_IS_CONFIRMED,
    AS_THE_ROUND_IS_DECIDED,
    AT_A_PLACE,
    Happening,
    Request,
    SapIChiTable,
    granted,
    standing_bets,
)
from trainer.rules.house import HouseRules
from trainer.rules.regulations import Reason
from trainer.rules.sap_i_chi.bets import Bet, number_label, settle
from trainer.rules.sap_i_chi.draw import DrawIncident, draw_ruling
from trainer.rules.sap_i_chi.operations import Operation, operation_reason
from trainer.rules.sap_i_chi.procedure import (
    Incident,
    Stage,
    marking_ruling,
    procedure_ruling,
)

CASINO = "casino"


def round_steps(table: SapIChiTable, rules: HouseRules) -> tuple[Step, ...]:
    return (_operation(Operation.CLOTH, N_("Fix the round's cloth in the little case"),
                       Message.of(N_("A new round: the board is clear."))),
            *_requests(table, Stage.BETTING), *_called(table, AS_BETS_ARE_MADE, rules),
            _bell(), *_called(table, AFTER_THE_BELL, rules),
            *_requests(table, Stage.CLOSED), *_void(table, rules),
            _operation(Operation.UNROLL, N_("Unroll the cloth")),
            *_called(table, AS_THE_RESULT_IS_CONFIRMED, rules), _confirm(table),
            _operation(Operation.HATCHES, N_("Put the cloth and the empty tube away")),
            *_settlement(table, rules))


def _operation(operation: Operation, name: str, scene: Message | None = None) -> Step:
    reason = operation_reason(operation)
    return Step(Action(operation.value), Message.of(name), (reason,), reason.source, scene)


def _bell(again: bool = False) -> Step:
    scene = Message.of(N_("The players have changed their bets.") if again else
                       N_("The players have marked their bets."))
    return _operation(Operation.BELL, N_("End the markings"), scene)


def _requests(table: SapIChiTable, stage: Stage) -> Iterator[Step]:
    bets = dict(table.bets)
    for request in table.requests_at(stage):
        ruling = procedure_ruling(Incident.CHANGE_BET, stage)
        yield Step(Action("change", (request.place, "allow" if granted(request)
                                     else "refuse")),
                   Message.of(N_("Rule on place {place}'s request"), place=request.place),
                   ruling.reasons, ruling.reasons[-1].source,
                   _request_scene(request, bets[request.place]))


def _request_scene(request: Request, bet: Bet) -> Message:
    if request.to is None:
        return Message.of(N_("Place {place} asks to take back his {stake} on {chances}."),
                          place=request.place, stake=Money(bet.stake), chances=bet.describe())
    return Message.of(N_("Place {place} asks to move his {stake} from {chances} to {to}."),
                      place=request.place, stake=Money(bet.stake), chances=bet.describe(),
                      to=request.to.describe())


def _void(table: SapIChiTable, rules: HouseRules) -> Iterator[Step]:
    """The croupier's slip while deciding the round voids it (Art. 2 (3)): the players may
    withdraw or change their bets; then a new cloth, and the bell again."""
    if not table.void:
        return
    yield from _called(table, AS_THE_ROUND_IS_DECIDED, rules)
    yield from _requests(table, Stage.VOID)
    yield _operation(Operation.CLOTH, N_("Fix a new cloth in the little case"),
                     Message.of(N_("The void round's cloth has gone back through the "
                                   "hatch.")))
    yield _bell(again=True)


def _confirm(table: SapIChiTable) -> Step:
    reason = operation_reason(Operation.CONFIRM, table.drawn)
    disputed = table.happening(*AS_THE_RESULT_IS_CONFIRMED) is not None
    scene = Message.of(N_("The card of the cloth's number replaces it in the chute.")
                       if disputed else
                       N_("A payer drops the card of the number drawn in the chute."))
    return Step(Action("confirm", (table.drawn,)), Message.of(N_("Confirm the result")),
                (reason,), reason.source, scene)


def _settlement(table: SapIChiTable, rules: HouseRules) -> Iterator[Step]:
    """Each bet on the board, place by place: paid its prize (the stake stays the winner's)
    or its stake collected (Art. 3 (1))."""
    bets = standing_bets(table)
    for place, result in zip(bets, settle(bets.values(), table.drawn, rules=rules),
                             strict=True):
        bet, party = result.bet, f"place {place}"
        name = Message.of(N_("Settle place {place}'s bet"), place=place)
        scene = Message.of(N_("Place {place}: {stake} on {chances}."), place=place,
                           stake=Money(bet.stake), chances=bet.describe())
        if result.wins:
            yield Step(Action("pay", (place, result.prize)), name, result.reasons,
                       result.reasons[0].source, scene,
                       moves=(Move(party, result.prize), Move(CASINO, -result.prize)))
        else:
            yield Step(Action("collect", (place, bet.stake)), name, result.reasons,
                       result.reasons[0].source, scene,
                       moves=(Move(party, -bet.stake), Move(CASINO, bet.stake)))


def _called(table: SapIChiTable, moment: tuple[str, ...], rules: HouseRules) -> Iterator[Step]:
    """The call and the ruling of an incident, if one happens here."""
    happening = table.happening(*moment)
    if happening is None:
        return
    decision, reasons = _ruling(table, happening, rules)
    place = happening.place if happening.call in AT_A_PLACE else None
    yield from incident_steps(happening.call, place, decision, reasons[-1],
                              _scene(table, happening), reasons)


def _ruling(table: SapIChiTable, happening: Happening,
            rules: HouseRules) -> tuple[str, tuple[Reason, ...]]:
    if happening.call == "five-numbers":
        marking = marking_ruling(happening.numbers, rules)
        return marking.ruling.value, marking.reasons
    if happening.call == "disputed-result":
        drawn = draw_ruling(DrawIncident.CARD_DIFFERS, cloth=table.drawn, card=happening.card)
        return drawn.ruling.value, drawn.reasons
    incident, stage = ((Incident.NEW_BET, Stage.CLOSED) if happening.call == "late-bet" else
                       (Incident.CROUPIER_IRREGULARITY, Stage.CLOSED))
    ruling = procedure_ruling(incident, stage)
    return ruling.ruling.value, ruling.reasons


def _scene(table: SapIChiTable, happening: Happening) -> Message:
    if happening.call == "five-numbers":
        return Message.of(N_("Place {place} marks {stake} on the numbers {numbers}."),
                          place=happening.place, stake=Money(happening.stake),
                          numbers=", ".join(str(n) for n in happening.numbers))
    if happening.call == "late-bet":
        assert happening.bet is not None, "a bet after the bell is a bet"
        return Message.of(N_("As the bell ends, place {place} pushes {stake} onto {chances}."),
                          place=happening.place, stake=Money(happening.bet.stake),
                          chances=happening.bet.describe())
    if happening.call == "disputed-result":
        return Message.of(N_("The cloth is unrolled. A payer drops the card of {card} in the "
                             "chute."), card=number_label(happening.card))
    return Message.of(_SLIPS[happening.slip])


_SLIPS = {
    "rod-slips": N_("As you unroll the cloth, its rod slips out of the little case and the "
                    "cloth falls before its number shows."),
    "upper-edge": N_("Opening the little case, you pull the cloth by its upper edge instead "
                     "of the lower one."),
    "lights-early": N_("Before unrolling the cloth, you switch on the lights of a chance on "
                       "the board by mistake."),
}
