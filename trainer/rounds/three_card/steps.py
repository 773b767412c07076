"""Three-card baccarat's round, step by step: every class, coup, payout and reason from the
rules core (:mod:`trainer.rules.three_card`), never worked out here a second time.

In order: the cards shuffled or the shoe dealt on (HI-3C-DEAL); the deal, the first card to
each place one by one from the banker's right, the banker last, then the other two rounds
the same way — the second white card set aside where it comes out of a shoe (HI-3C-DEAL);
the banker's hand opened and classified (the ranking list's item, HI-3C-RANK for classes
1–19); then place by place in the dealing order its hand classified, who wins the coup there
(the list's order, HI-3C-TIE) and each bet paid at its rate, collected or returned
(HI-3C-PAY). Incidents are called where they happen.
"""

from __future__ import annotations

from collections.abc import Iterator

from i18n import N_, Message, Money
from trainer.rounds.actions import Action
from trainer.rounds.incidents import incident_steps
from trainer.rounds.play import Move, Step
from trainer.rounds.three_card.table import (
    AFTER_THE_WHITE_CARD,
    CARDS_EACH,
    DEALING_ORDER,
    PLACES,
    PLAYERS,
    Bet,
    Happening,
    ThreeCardTable,
)
from trainer.rules.cards import Rank, cards_text
from trainer.rules.house import HouseRules
from trainer.rules.regulations import HouseInterpretation, Reason
from trainer.rules.table import BANKER_PLACE, Outcome
from trainer.rules.three_card.classes import explain_rank, figure_count, rank, showdown
from trainer.rules.three_card.pay import HI_3C_PAY, BetKind, BetResult, Settlement, settle

HI_3C_DEAL = HouseInterpretation("HI-3C-DEAL")
BANKER, CASINO = "banker", "casino"


def round_steps(table: ThreeCardTable, rules: HouseRules) -> tuple[Step, ...]:
    return (_shoe(table), *_deal(table), _class(table, BANKER_PLACE),
            *(step for place in PLAYERS for step in _place(table, place, rules)))


def _shoe(table: ThreeCardTable) -> Step:
    """A single deck is shuffled before every coup; a shoe only once its second white card
    has come out (HI-3C-DEAL)."""
    if table.decks == 1:
        scene, why = (N_("A single deck; the last coup is over."),
                      N_("A single deck is shuffled before every coup."))
    elif table.shuffled:
        scene, why = (N_("A shoe of {decks} decks; its second white card came out in the "
                         "last coup."),
                      N_("The second white card came out in the last coup: it was the "
                         "shoe's last, and the cards are shuffled before this one; the "
                         "second white card goes back in before the last {after} cards."))
    else:
        scene, why = (N_("A shoe of {decks} decks; its second white card has not come out."),
                      N_("The shoe is dealt on until its second white card comes out."))
    words = {"decks": table.decks, "after": AFTER_THE_WHITE_CARD}
    reason = Reason(Message.of(why, **words), HI_3C_DEAL)
    return Step(Action("shoe", ("shuffle" if table.shuffled else "deal-on",)),
                Message.of(N_("Shuffle the cards or deal on")), (reason,), HI_3C_DEAL,
                Message.of(scene, **words))


def _deal(table: ThreeCardTable) -> Iterator[Step]:
    """The first round card by card, the other two in one go; the second white card set
    aside where it comes out."""
    first_round = len(DEALING_ORDER)
    for card, place in enumerate(DEALING_ORDER, start=1):
        reason = Reason(Message.of(N_("One card at a time, face down, counterclockwise from "
                                      "the banker's right, the banker last: card {card} goes "
                                      "to place {place}."), card=card, place=place),
                        HI_3C_DEAL)
        yield Step(Action("deal", (place,)),
                   Message.of(N_("Deal card {card} of {cards}"), card=card,
                              cards=CARDS_EACH * PLACES), (reason,), HI_3C_DEAL)
        if card == table.white_card_at:
            yield _white()
    yield Step(Action("deal-rest"), Message.of(N_("Deal the other cards")),
               (Reason(Message.of(N_("The other two rounds go the same way, one card at a "
                                     "time, until each place and the banker have three.")),
                       HI_3C_DEAL),), HI_3C_DEAL)
    if table.white_card_at > first_round:
        yield _white()


def _white() -> Step:
    return Step(Action("white"), Message.of(N_("The second white card comes out")),
                (Reason(Message.of(N_("The second white card is set aside: the coup is "
                                      "finished, and it is the shoe's last; the cards are "
                                      "shuffled before the next.")), HI_3C_DEAL),),
                HI_3C_DEAL, Message.of(N_("The second white card comes out of the shoe.")))


def _class(table: ThreeCardTable, place: int, scene: bool = True) -> Step:
    hand = table.hands[place]
    reason = explain_rank(hand, decks=table.decks)
    said = Message.of(N_("The banker opens his cards: {cards}.") if place == BANKER_PLACE
                      else N_("Place {place} opens its cards: {cards}."),
                      place=place, cards=cards_text(hand))
    return Step(Action("class", (place, rank(hand, decks=table.decks))),
                Message.of(N_("Say the class of the banker's hand") if place == BANKER_PLACE
                           else N_("Say the class of the hand at place {place}"),
                           place=place), (reason,), reason.source, said if scene else None)


def _place(table: ThreeCardTable, place: int, rules: HouseRules) -> Iterator[Step]:
    hand, banker = table.hands[place], table.hands[BANKER_PLACE]
    claimed = _here(table, "ten-as-figure", place)
    if claimed is not None:
        yield from _ten_as_figure(table, place)
    yield _class(table, place, scene=claimed is None)
    coup = showdown(hand, banker, decks=table.decks)
    yield Step(Action("rule", (place, coup.outcome.value)),
               Message.of(N_("Say who wins at place {place}"), place=place), coup.reasons,
               coup.reasons[-1].source)
    tie = _here(table, "tie-claimed-won", place)
    if tie is not None:
        yield from incident_steps(tie.call, place, "push", coup.reasons[-1], Message.of(N_(
            "The player at place {place} says his cards are higher than the banker's and "
            "asks to be paid."), place=place), coup.reasons)
    refused = _here(table, "commission-refused", place)
    for bet in table.bets[place]:
        settled = settle(bet.kind, bet.stake, hand, banker, side=_side(bet),
                         points=bet.points, rules=rules, decks=table.decks)
        if refused is not None and settled.commission:
            refused = None
            yield from _commission_refused(place, settled)
        yield _money(place, bet, settled)


def _here(table: ThreeCardTable, call: str, place: int) -> Happening | None:
    happening = table.happening(call)
    return happening if happening is not None and happening.place == place else None


def _side(bet: Bet) -> Outcome | None:
    """A three-figures bet at a place is on the place's own hand."""
    return Outcome.PLAYER if bet.kind is BetKind.THREE_FIGURES else None


def _ten_as_figure(table: ThreeCardTable, place: int) -> Iterator[Step]:
    """A player counts a ten of his hand as a figure: refused, the hand is in its class
    (the ranking list: a ten is not a figure)."""
    hand = table.hands[place]
    tens = sum(card.rank is Rank.TEN for card in hand)
    figures = figure_count(hand, decks=table.decks) + tens
    reason = explain_rank(hand, decks=table.decks)
    yield from incident_steps("ten-as-figure", place, "refused", reason, Message.of(
        N_("Place {place} opens its cards, {cards}, and the player calls them a hand with "
           "{figures}, counting the ten as a figure."), place=place, cards=cards_text(hand),
        figures=Message.counted("{count} figure", "{count} figures", figures)))


def _commission_refused(place: int, settled: Settlement) -> Iterator[Step]:
    """A winner of an even-money bet asks to be paid without commission: refused."""
    reason = Reason(Message.of(N_("A winning bet on the player or on the banker is paid "
                                  "even money less the house's commission: {commission} is "
                                  "taken."), commission=Money(settled.commission)), HI_3C_PAY)
    yield from incident_steps("commission-refused", place, "refused", reason, Message.of(N_(
        "The player at place {place} asks to be paid his {winnings} without the "
        "commission."), place=place, winnings=Money(settled.winnings)))


def _money(place: int, bet: Bet, settled: Settlement) -> Step:
    name = Message.of(N_("Pay, collect or return the bet at place {place}"), place=place)
    reasons, party, kind = settled.reasons, f"place {place}", bet.kind.value
    source = reasons[-1].source
    if settled.outcome is BetResult.WIN:
        return Step(Action("pay", (place, kind, settled.net)), name, reasons, source,
                    moves=(Move(party, settled.net), Move(CASINO, settled.commission),
                           Move(BANKER, -settled.winnings)))
    if settled.outcome is BetResult.LOSS:
        return Step(Action("collect", (place, kind, bet.stake)), name, reasons, source,
                    moves=(Move(party, -bet.stake), Move(BANKER, bet.stake)))
    return Step(Action("push", (place, kind)), name, reasons, source)

