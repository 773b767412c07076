"""A three-card baccarat table drawn from a round's seed: the deck or the shoe, the bets at
each place, the hands and what goes wrong.

Everything is drawn from one generator seeded with the game, the seed and the mode, so a seed
and a mode give the same round on every desktop. The table is a single deck or a shoe of
several decks (HI-3C-DEAL): that is the table the croupier works at, not a house rule of the
coup. Stakes are in chip units of 10 (RULES.md), so every amount is exact.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from trainer.rounds.incidents import draw_incident
from trainer.rounds.modes import Mode
from trainer.rules.cards import Card, Rank, full_deck
from trainer.rules.table import BANKER_PLACE, Outcome
from trainer.rules.three_card.classes import rank_hands, showdown
from trainer.rules.three_card.pay import BetKind

#: The banker (place 1) and five places, each dealt three cards.
PLACES = 6
CARDS_EACH = 3
#: The places in the order they are dealt and settled: from the banker's right, the banker
#: last (HI-3C-DEAL).
DEALING_ORDER = (*range(BANKER_PLACE + 1, PLACES + 1), BANKER_PLACE)
PLAYERS = DEALING_ORDER[:-1]
#: A shoe's decks, and how many cards lie after its second white card.
SHOE_DECKS = 8
AFTER_THE_WHITE_CARD = 16

#: The moments of a round where something can go wrong, and what can happen at each: a
#: player claims his hand's class counting a ten as a figure (the ranking); a player whose
#: hand ties the banker's claims he wins (HI-3C-TIE); a winner of an even-money bet asks to
#: be paid without the commission (HI-3C-PAY).
IN_THE_SHOWDOWN = ("ten-as-figure", "tie-claimed-won")
IN_THE_SETTLEMENT = ("commission-refused",)
CALLS = (*IN_THE_SHOWDOWN, *IN_THE_SETTLEMENT)

#: How the table is drawn: a shoe or a deck, how often its white card comes out, the bets.
SHOE = 0.5
WHITE_CARD_CAME_OUT_LAST_COUP = 0.2
WHITE_CARD_COMES_OUT = 0.2
STAKE_IN_TENS = (1, 100)
BANKER_BET = 0.25  # a place's main bet on the banker's hand, not its own
TIE_BET = 0.25
THREE_FIGURES_BET = 0.2
POINTS_BET = 0.2


@dataclass(frozen=True)
class Bet:
    """A bet at a place: its kind, its stake, and for a bet on the banker's points the
    points bet on. A player, tie or three-figures bet is on the place's own hand."""

    kind: BetKind
    stake: Decimal
    points: int | None = None


@dataclass(frozen=True)
class Happening:
    """An incident of the round: its call word and the place it happens at."""

    call: str
    place: int


@dataclass(frozen=True)
class ThreeCardTable:
    decks: int  # 1: a single deck; more: a shoe
    shuffled: bool  # the coup starts from freshly shuffled cards
    white_card_at: int  # the card of this coup's deal the second white card comes after (0)
    bets: Mapping[int, tuple[Bet, ...]]  # place → its bets, places 2 to 6
    hands: Mapping[int, tuple[Card, ...]]  # place → its three cards, in the order dealt
    happenings: tuple[Happening, ...]

    def __post_init__(self) -> None:
        if self.decks == 1:  # the rules core refuses hands from one deck sharing a card
            rank_hands(list(self.hands.values()))

    def happening(self, *moments: str) -> Happening | None:
        """The incident of the round at one of ``moments``' calls, if any."""
        return next((h for h in self.happenings if h.call in moments), None)


def draw_table(seed: int, mode: Mode) -> ThreeCardTable:
    rng = random.Random(f"round/three_card/{seed}/{mode}")
    decks = SHOE_DECKS if rng.random() < SHOE else 1
    shuffled = decks == 1 or rng.random() < WHITE_CARD_CAME_OUT_LAST_COUP
    white_card_at = rng.randint(1, CARDS_EACH * PLACES) \
        if not shuffled and rng.random() < WHITE_CARD_COMES_OUT else 0
    cards = rng.sample(full_deck() * decks, CARDS_EACH * PLACES)
    hands = {place: tuple(cards[card * PLACES + index] for card in range(CARDS_EACH))
             for index, place in enumerate(DEALING_ORDER)}
    bets = {place: _bets(rng) for place in PLAYERS}
    drawn = [draw_incident(rng, mode, moment) for moment in (IN_THE_SHOWDOWN,
                                                              IN_THE_SETTLEMENT)]
    happenings = tuple(h for h in (_happening(rng, call, hands, bets, decks)
                                   for call in drawn if call is not None) if h is not None)
    return ThreeCardTable(decks, shuffled, white_card_at, bets, hands, happenings)


def _bets(rng: random.Random) -> tuple[Bet, ...]:
    """A main bet on the place's hand or on the banker's; now and then the side bets."""
    def stake() -> Decimal:
        return Decimal(10 * rng.randint(*STAKE_IN_TENS))
    bets = [Bet(BetKind.BANKER if rng.random() < BANKER_BET else BetKind.PLAYER, stake())]
    if rng.random() < TIE_BET:
        bets.append(Bet(BetKind.TIE, stake()))
    if rng.random() < THREE_FIGURES_BET:
        bets.append(Bet(BetKind.THREE_FIGURES, stake()))
    if rng.random() < POINTS_BET:
        bets.append(Bet(BetKind.BANKER_POINTS, stake(), rng.randint(0, 9)))
    return tuple(bets)


def _happening(rng: random.Random, call: str, hands: Mapping[int, tuple[Card, ...]],
               bets: Mapping[int, tuple[Bet, ...]], decks: int) -> Happening | None:
    """Where it happens: at a place where it can (a ten in the hand; a tie with the
    banker; an even-money bet that wins), or nowhere this round."""
    coups = {p: showdown(hands[p], hands[BANKER_PLACE], decks=decks).outcome for p in PLAYERS}
    if call == "ten-as-figure":
        able = [p for p in PLAYERS if any(card.rank is Rank.TEN for card in hands[p])]
    elif call == "tie-claimed-won":
        able = [p for p in PLAYERS if coups[p] is Outcome.TIE]
    else:
        able = [p for p in PLAYERS if any(_EVEN_MONEY.get(bet.kind) is coups[p]
                                          for bet in bets[p])]
    return Happening(call, rng.choice(able)) if able else None


#: The even-money bets, and the coup each wins on.
_EVEN_MONEY = {BetKind.PLAYER: Outcome.PLAYER, BetKind.BANKER: Outcome.BANKER}
