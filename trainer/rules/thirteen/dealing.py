"""The deal and its mistakes (Portaria 51/89/M, Art. 2 a–c, Art. 4).

All four places are always dealt, one card at a time, counterclockwise from the place the
dice pick. A card that shows its face during the deal is valid and the deal goes on. A card
dealt to the wrong place is given to the place that should have had it in the normal order;
if the misdealt cards can no longer be identified, every dealt card is cancelled and the deck
is shuffled again (HI-MISDEAL: the scenario says whether they can be identified), cut and put
back in the box — face down, as Art. 2 a) has every cut deck go in.

A scenario whose log stops (``untraced``: how many more cards each place received, face down,
with nobody following which card went where) shows an error that cannot be traced when those
counts are not what the normal order gives: the misdealt cards are among them, unidentified.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from i18n import N_, Message, listing
from trainer.rules.cards import Card
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Regulation
from trainer.rules.table import seat_for_card

PLACES = 4
DECK_SIZE = 52
ART_2A = Article(Regulation.THIRTEEN_CARDS, 2, "a")
ART_2B = Article(Regulation.THIRTEEN_CARDS, 2, "b")
ART_4 = Article(Regulation.THIRTEEN_CARDS, 4)
HI_MISDEAL = HouseInterpretation("HI-MISDEAL")


def deal_order(dice_total: int) -> list[int]:
    """The place that receives each of the 52 cards, in the order they are dealt."""
    return [seat_for_card(dice_total, PLACES, n) for n in range(1, DECK_SIZE + 1)]


class Action(StrEnum):
    CONTINUE = "continue"
    RECTIFY = "rectify"
    CANCEL = "cancel"


#: What the banker does when the dealt cards are cancelled, each step with the point of the
#: text that says it: Art. 4's last sentence, down to putting the cards back in the box;
#: that they go in face down is Art. 2 a), which Art. 4 does not repeat.
CANCEL_STEPS = (
    (N_("Cancel every card already dealt."), ART_4),
    (N_("The banker shuffles the cards by hand."), ART_4),
    (N_("Then they are shuffled by the shuffling machine."), ART_4),
    (N_("They are cut with the blank card."), ART_4),
    (N_("They are put back in the metal box."), ART_4),
    (N_("They go into the box face down, as after every cut."), ART_2A),
)


@dataclass(frozen=True)
class Move:
    card: Card
    from_place: int
    to_place: int


@dataclass(frozen=True)
class MisdealScenario:
    dice_total: int
    dealt: tuple[tuple[Card, int], ...]  # (card, the place it went to), in dealing order
    face_up: frozenset[Card] = frozenset()
    identifiable: bool = True
    #: After the log stops: how many more cards places 1 to 4 received, not traced (empty:
    #: the log is the whole deal so far).
    untraced: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        cards = [card for card, _place in self.dealt]
        if len(set(cards)) != len(cards) or len(cards) + sum(self.untraced) > DECK_SIZE:
            raise ValueError("a deal log lists each card at most once, 52 at most")
        if any(not 1 <= place <= PLACES for _card, place in self.dealt):
            raise ValueError("cards go to places 1 to 4")
        if not self.face_up <= set(cards):
            raise ValueError("only dealt cards can have been dealt face up")
        if self.untraced and (len(self.untraced) != PLACES or min(self.untraced) < 0):
            raise ValueError("untraced cards are counted for each of the 4 places")
        if any(self.untraced) and self.identifiable:
            raise ValueError("cards dealt after the log stops can no longer be identified")

    @property
    def untraced_should_be(self) -> tuple[int, ...]:
        """How many of the untraced cards each place should have received (normal order)."""
        start = len(self.dealt)
        places = deal_order(self.dice_total)[start:start + sum(self.untraced)]
        return tuple(places.count(place) for place in range(1, PLACES + 1))

    @property
    def untraced_error(self) -> bool:
        """Whether the untraced cards show a misdeal: not what the normal order gives."""
        return any(self.untraced) and self.untraced != self.untraced_should_be


@dataclass(frozen=True)
class Resolution:
    action: Action
    moves: tuple[Move, ...]
    steps: tuple[Reason, ...]  # what the banker does, each step with its point of the text
    reasons: tuple[Reason, ...]


def misdealt(scenario: MisdealScenario) -> tuple[Move, ...]:
    """Each card that went to another place than the normal order gives it."""
    order = deal_order(scenario.dice_total)
    return tuple(Move(card, place, order[i]) for i, (card, place) in enumerate(scenario.dealt)
                 if place != order[i])


def resolve_misdeal(scenario: MisdealScenario) -> Resolution:
    moves = misdealt(scenario)
    reasons = []
    if scenario.face_up:
        reasons.append(Reason(Message.of(N_("Cards that showed their face during the deal "
                                            "are valid.")), ART_4))
    if scenario.untraced_error:
        reasons.append(_untraced_reason(scenario))
    elif not moves:
        text = (N_("The traced cards went to the places the normal order gives them, and the "
                   "untraced ones are as many at each place as it gives: no error is found, "
                   "and the deal goes on.") if any(scenario.untraced) else
                N_("Every card went to the place the normal order gives it: the deal goes on."))
        reasons.append(Reason(Message.of(text), ART_4))
        return Resolution(Action.CONTINUE, (), (), tuple(reasons))
    if scenario.identifiable:
        reasons.append(Reason(Message.counted(
            "{count} card went to the wrong place; it is given to the place that should have "
            "had it in the normal dealing order.",
            "{count} cards went to the wrong place; each is given to the place that should "
            "have had it in the normal dealing order.", len(moves)), ART_4))
        reasons.append(Reason(Message.of(N_("The misdealt cards can still be identified, so "
                                            "the error is rectified.")), HI_MISDEAL))
        return Resolution(Action.RECTIFY, moves, (), tuple(reasons))
    reasons.append(Reason(Message.of(N_("Which cards went to the wrong place can no longer be "
                                        "identified, so the error cannot be rectified.")),
                          HI_MISDEAL))
    reasons.append(Reason(Message.of(N_("When the error cannot be rectified, every card "
                                        "already dealt is cancelled and the deck is shuffled "
                                        "again: by hand, then by machine, cut with the blank "
                                        "card.")), ART_4))
    return Resolution(Action.CANCEL, (), tuple(Reason(Message.of(step), source)
                                               for step, source in CANCEL_STEPS),
                      tuple(reasons))


def _untraced_reason(scenario: MisdealScenario) -> Reason:
    """What the untraced cards should have been and what they were (Art. 4)."""
    def counts(numbers: tuple[int, ...]) -> Message:
        return listing([Message.of(N_("{count} to place {place}"), place=place, count=count)
                        for place, count in enumerate(numbers, 1)])

    return Reason(Message.counted(
        "After card {number} the deal was not followed: of the next {count} card the normal "
        "order gives {should}, but the places received {got}. A card went to the wrong place "
        "among them.",
        "After card {number} the deal was not followed: of the next {count} cards the normal "
        "order gives {should}, but the places received {got}. A card went to the wrong place "
        "among them.", sum(scenario.untraced), number=len(scenario.dealt),
        should=counts(scenario.untraced_should_be), got=counts(scenario.untraced)), ART_4)
