"""A 13-card table drawn from a round's seed: the bets, the dice, the deck as dealt, how
each place sets its cards, and what goes wrong.

Everything is drawn from one generator seeded with the game, the seed and the mode, so a seed
and a mode give the same round on every desktop. Stakes are in chip units of 10 (RULES.md)
and in terms of 1 to 3 points (Art. 11). The banker-dealer's hand is set by the house way
(HI-HOUSE-WAY); the players, played by the app, set theirs plainly (the stronger groups of
cards behind) — how a player sets is his own affair, not a rule.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from trainer.rounds.incidents import draw_incident
from trainer.rounds.modes import Mode
from trainer.rules.cards import Card, full_deck
from trainer.rules.house import ThirteenRules
from trainer.rules.table import BANKER_PLACE
from trainer.rules.thirteen import Arrangement, best_arrangement, deal_order, is_foul
from trainer.rules.thirteen.dealing import PLACES, MisdealScenario
from trainer.rules.thirteen.hands import key_of
from trainer.rules.thirteen.house_way import natural_setting
from trainer.rules.thirteen.naturals import find_natural
from trainer.rules.thirteen.payment import TERMS
from trainer.rules.thirteen.procedure_points import LEAST_CUT, SETTING_SECONDS

#: The moments of a round where something can go wrong, and what can happen at each.
AT_THE_CUT = ("bad-cut",)
AFTER_THE_DICE = ("bet-changed-after-dice",)
IN_THE_DEAL = ("card-exposed", "misdeal")
BEFORE_THE_BANKER_SHOWS = ("looking-before-banker",)
WHILE_SETTING = ("banker-resets", "late-setting")
IN_THE_SHOWDOWN = ("foul-declared-good", "misplaced-bet", "change-after-signal")
#: Every call the croupier can make, by its call word.
CALLS = (*AT_THE_CUT, *AFTER_THE_DICE, *IN_THE_DEAL, *BEFORE_THE_BANKER_SHOWS,
         *WHILE_SETTING, *IN_THE_SHOWDOWN)
#: The calls that name the place where it happened.
AT_A_PLACE = frozenset({"bet-changed-after-dice", "card-exposed", "looking-before-banker",
                        "late-setting", "foul-declared-good", "misplaced-bet",
                        "change-after-signal"})

PLAYERS = tuple(range(BANKER_PLACE + 1, PLACES + 1))
#: How big the money is, how often the highest bettor stands, how a misdeal goes.
STAKE_IN_TENS = (1, 100)
HIGHEST_STANDS = 0.2
IDENTIFIABLE = 0.6
#: When the banker shows his hand (seconds after midnight), and how late a late place is.
SHOWN_BETWEEN = (18 * 3600, 23 * 3600)
LATE_BY = (0, 90)
#: A place that asks to change its setting after the signal: when it had finished (before
#: the signal), and how long after the signal it asks, at its turn in the showdown.
SET_AFTER = (30, SETTING_SECONDS - 1)
ASKED_AFTER_THE_SIGNAL = (1, 240)


@dataclass(frozen=True)
class Bet:
    stake: Decimal
    terms: int  # in terms of 1, 2 or 3 points (Art. 11)
    seated: bool  # the bettor sits at the table (Art. 2 b)


@dataclass(frozen=True)
class Happening:
    """An incident of the round: its call word, the place, and a number that places it
    (the card of the deal, the cards cut, the seconds taken to set)."""

    call: str
    place: int | None = None
    at: int = 0
    hands: int = 1  # a cut made with one hand or two
    meant: int = 0  # the place a misplaced bet was meant for
    picked_up: bool = False  # whether the players had picked up when the banker re-sets
    asked: int = 0  # seconds after the banker showed that a place asks to change its setting


@dataclass(frozen=True)
class ThirteenTable:
    bets: Mapping[int, Bet]  # place → its bet, places 2 to 4
    dice: tuple[int, int, int, int]
    cancelled: tuple[Card, ...]  # a deck dealt and cancelled for a misdeal (empty: none)
    deck: tuple[Card, ...]  # the deck as dealt, card 1 first
    settings: Mapping[int, Arrangement]  # place → its cards as set; place 1 the banker's
    happenings: tuple[Happening, ...]
    shown_at: int  # when the banker shows his hand, seconds after midnight

    @property
    def total(self) -> int:
        return sum(self.dice)

    def happening(self, *moments: str) -> Happening | None:
        """The incident of the round at one of ``moments``' calls, if any."""
        return next((h for h in self.happenings if h.call in moments), None)

    def hand(self, place: int) -> tuple[Card, ...]:
        """The 13 cards ``place`` was dealt, in the order received."""
        return tuple(card for card, to in zip(self.deck, deal_order(self.total), strict=True)
                     if to == place)

    def misdeal(self) -> MisdealScenario | None:
        """The deal so far when a card went astray or showed its face, if one did."""
        happening = self.happening(*IN_THE_DEAL)
        if happening is None:
            return None
        deck = self.cancelled or self.deck
        order = deal_order(self.total)[:happening.at]
        if happening.call == "card-exposed":
            return MisdealScenario(self.total, tuple(zip(deck, order, strict=False)),
                                   face_up=frozenset({deck[happening.at - 1]}))
        astray = (*order[:-1], happening.place or BANKER_PLACE)
        return MisdealScenario(self.total, tuple(zip(deck, astray, strict=False)),
                               identifiable=not self.cancelled)


def draw_table(seed: int, mode: Mode, rules: ThirteenRules) -> ThirteenTable:
    rng = random.Random(f"round/thirteen/{seed}/{mode}")
    stakes = rng.sample(range(STAKE_IN_TENS[0], STAKE_IN_TENS[1] + 1), len(PLAYERS))
    highest = PLAYERS[stakes.index(max(stakes))]
    stands = rng.random() < HIGHEST_STANDS
    bets = {place: Bet(Decimal(10 * stake), rng.choice(TERMS),
                       not (stands and place == highest))
            for place, stake in zip(PLAYERS, stakes, strict=True)}
    dice = (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))
    deck = list(full_deck())
    rng.shuffle(deck)
    drawn = [draw_incident(rng, mode, moment) for moment in
             (AT_THE_CUT, AFTER_THE_DICE, IN_THE_DEAL, BEFORE_THE_BANKER_SHOWS, WHILE_SETTING,
              IN_THE_SHOWDOWN)]
    cancelled: tuple[Card, ...] = ()
    if drawn[2] == "misdeal" and rng.random() >= IDENTIFIABLE:
        cancelled = tuple(deck)
        rng.shuffle(deck)
    total = sum(dice)
    hands = {place: tuple(card for card, to in zip(deck, deal_order(total), strict=True)
                          if to == place) for place in range(1, PLACES + 1)}
    settings = {place: _setting(cards, rules, banker=place == BANKER_PLACE)
                for place, cards in hands.items()}
    happenings: list[Happening] = []
    for call in drawn:
        happening = None if call is None else _happening(rng, call, total, settings, rules,
                                                         happenings)
        if happening is not None:
            happenings.append(happening)
    fouled = next((h.place for h in happenings if h.call == "foul-declared-good"), None)
    if fouled is not None:
        settings[fouled] = _fouled(settings[fouled])
    shown_at = rng.randint(*SHOWN_BETWEEN)
    return ThirteenTable(bets, dice, cancelled, tuple(deck), settings, tuple(happenings),
                         shown_at)


def _happening(rng: random.Random, call: str, total: int, settings: Mapping[int, Arrangement],
               rules: ThirteenRules, before: list[Happening]) -> Happening | None:
    """What happens, and where; a hand declared good, or one a player asks to set again
    after the signal, is not one that was set too late (a late place loses before its hand
    is looked at)."""
    if call == "bad-cut":
        two_hands = rng.random() < 0.5
        cards = rng.randint(LEAST_CUT, 40) if two_hands else rng.randint(1, LEAST_CUT - 1)
        return Happening(call, at=cards, hands=2 if two_hands else 1)
    if call == "card-exposed":
        at = rng.randint(1, len(full_deck()))
        return Happening(call, deal_order(total)[at - 1], at)
    if call == "misdeal":
        at = rng.randint(PLACES + 1, len(full_deck()))
        should = deal_order(total)[at - 1]
        return Happening(call, rng.choice([p for p in range(1, PLACES + 1) if p != should]), at)
    if call == "late-setting":
        return Happening(call, rng.choice(PLAYERS), SETTING_SECONDS + rng.randint(*LATE_BY))
    if call == "banker-resets":
        return Happening(call, picked_up=rng.random() < 0.5)
    if call == "misplaced-bet":
        place = rng.choice(PLAYERS)
        return Happening(call, place, meant=rng.choice([p for p in PLAYERS if p != place]))
    late = {h.place for h in before if h.call == "late-setting"}
    if call == "change-after-signal":
        return Happening(call, rng.choice([p for p in PLAYERS if p not in late]),
                         rng.randint(*SET_AFTER),
                         asked=SETTING_SECONDS + rng.randint(*ASKED_AFTER_THE_SIGNAL))
    if call == "foul-declared-good":
        can_foul = [place for place in PLAYERS
                    if place not in late and _can_foul(settings[place], rules)]
        return Happening(call, rng.choice(can_foul)) if can_foul else None
    return Happening(call, rng.choice(PLAYERS))


def _setting(cards: tuple[Card, ...], rules: ThirteenRules, banker: bool) -> Arrangement:
    """The banker-dealer's by the house way (his natural laid out to show); a player's
    plainly: cards grouped by rank, the bigger groups and higher ranks behind, the two
    5-card tiers in order — or the house way when that would be a foul."""
    if banker:
        return natural_setting(cards, rules) or best_arrangement(cards, rules)
    counts = Counter(card.rank for card in cards)
    ordered = sorted(cards, key=lambda card: (-counts[card.rank], -card.rank, card.suit.value))
    low, high = sorted((tuple(ordered[5:10]), tuple(ordered[:5])), key=key_of)
    plain = Arrangement(tuple(ordered[10:]), low, high)
    return best_arrangement(cards, rules) if is_foul(plain, rules) else plain


def _can_foul(setting: Arrangement, rules: ThirteenRules) -> bool:
    """Whether swapping the two 5-card tiers makes a foul (and no natural hides it)."""
    return (find_natural(setting.cards, rules) is None
            and is_foul(_fouled(setting), rules))


def _fouled(setting: Arrangement) -> Arrangement:
    """The same cards with the middle and back swapped: a player who sets them wrong."""
    return Arrangement(setting.front, setting.back, setting.middle)
