"""A Sap I Chi table drawn from a round's seed: the players' bets on the board, their requests
to withdraw or move a bet, the number on the cloth, and what goes wrong.

Everything is drawn from a generator seeded with the game, the seed and the mode, so a seed
and a mode give the same round on every desktop. Stakes are in chip units of 10 (RULES.md),
so every prize is exact. The number is drawn evenly: the box holds 60 tubes of each number
(Art. 1 (2)).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from itertools import islice

from trainer.rounds.incidents import draw_incident
from trainer.rounds.modes import Mode
from trainer.rules.house import HouseRules
from trainer.rules.sap_i_chi.bets import NUMBERS, ROWS, Bet, Colour, validate
from trainer.rules.sap_i_chi.procedure import Incident, Ruling, Stage, procedure_ruling

#: The places at the table (players only: the house banks every bet).
PLACES = 8
#: The moments of a round where something can go wrong, and what can happen at each.
AS_BETS_ARE_MADE = ("five-numbers",)
AFTER_THE_BELL = ("late-bet",)
AS_THE_ROUND_IS_DECIDED = ("irregularity",)
AS_THE_RESULT_IS_CONFIRMED = ("disputed-result",)
#: Every kind of call, and those that name the place where it happened.
CALLS = (*AS_BETS_ARE_MADE, *AFTER_THE_BELL, *AS_THE_ROUND_IS_DECIDED,
         *AS_THE_RESULT_IS_CONFIRMED)
AT_A_PLACE = frozenset({"five-numbers", "late-bet"})
#: The croupier's slips that void a round (Art. 2 (3)), told by the scene.
SLIPS = ("rod-slips", "upper-edge", "lights-early")

#: How many players bet, how many ask to withdraw or move a bet, and with what.
BETTORS = (3, PLACES)
STAKE_IN_TENS = (1, 50)
SIZES = (1, 1, 2, 3, 4, 6, 0)  # numbers a bet covers; 0: a colour
REQUESTS_BEFORE_THE_BELL = (0, 0, 1, 1, 2)
REQUESTS_AFTER_THE_BELL = (0, 0, 0, 1)
REQUESTS_AFTER_A_VOID = (1, 1, 2)
WITHDRAWS = 0.4


@dataclass(frozen=True)
class Request:
    """A player asks to withdraw his bet (``to`` None) or to move it onto ``to``, at a
    stage of the round: before the bell, after it, or after a void round."""

    place: int
    stage: Stage
    to: Bet | None = None


@dataclass(frozen=True)
class Happening:
    """An incident of the round: its call word; the place and the marking made there (five
    ``numbers`` and a ``stake``; or the ``bet`` pushed on after the bell); the croupier's
    slip that voids the round; the number on the card a payer drops in the chute when it is
    not the cloth's."""

    call: str
    place: int | None = None
    numbers: tuple[int, ...] = ()
    stake: Decimal = Decimal(0)
    bet: Bet | None = None
    slip: str = ""
    card: int = 0


@dataclass(frozen=True)
class SapIChiTable:
    bets: Mapping[int, Bet]  # place → its bet as marked before the bell
    requests: tuple[Request, ...]  # in the order they are made
    drawn: int  # the number on the cloth that decides the round
    happenings: tuple[Happening, ...]

    def happening(self, *moments: str) -> Happening | None:
        """The incident of the round at one of ``moments``' calls, if any."""
        return next((h for h in self.happenings if h.call in moments), None)

    @property
    def void(self) -> bool:
        return self.happening(*AS_THE_ROUND_IS_DECIDED) is not None

    def requests_at(self, stage: Stage) -> tuple[Request, ...]:
        return tuple(request for request in self.requests if request.stage is stage)


def granted(request: Request) -> bool:
    """Whether the croupier lets the request be (the rules core's ruling at its stage)."""
    return procedure_ruling(Incident.CHANGE_BET, request.stage).ruling is Ruling.ACCEPT


def bets_after(table: SapIChiTable, requests: int) -> dict[int, Bet]:
    """The bets on the board once the first ``requests`` requests are ruled on."""
    bets = dict(table.bets)
    for request in table.requests[:requests]:
        if not granted(request):
            continue
        if request.to is None:
            del bets[request.place]
        else:
            bets[request.place] = request.to
    return bets


def standing_bets(table: SapIChiTable) -> dict[int, Bet]:
    """The bets the number decides: as marked, with the requests the croupier granted."""
    return bets_after(table, len(table.requests))


def draw_table(seed: int, mode: Mode, rules: HouseRules) -> SapIChiTable:
    rng = random.Random(f"round/sap_i_chi/{seed}/{mode}")
    bettors = sorted(rng.sample(range(1, PLACES + 1), rng.randint(*BETTORS)))
    bets = {place: _bet(rng, rules, _stake(rng)) for place in bettors}
    asking = iter(rng.sample(bettors, len(bettors) - 1))  # one bet at least stays
    requests: list[Request] = []
    for stage, counts in ((Stage.BETTING, REQUESTS_BEFORE_THE_BELL),
                          (Stage.CLOSED, REQUESTS_AFTER_THE_BELL)):
        requests += [_request(rng, rules, place, stage, bets[place])
                     for place in _next(asking, rng.choice(counts))]
    drawn = rng.randint(1, len(NUMBERS))
    happenings = []
    free = [place for place in range(1, PLACES + 1) if place not in bets] or \
        list(range(1, PLACES + 1))
    for moment in (AS_BETS_ARE_MADE, AFTER_THE_BELL, AS_THE_ROUND_IS_DECIDED,
                   AS_THE_RESULT_IS_CONFIRMED):
        call = draw_incident(rng, mode, moment)
        if call == "five-numbers":
            happenings.append(Happening(call, rng.choice(free),
                                        tuple(sorted(rng.sample(NUMBERS, 5))), _stake(rng)))
        elif call == "late-bet":
            happenings.append(Happening(call, rng.choice(free),
                                        bet=_bet(rng, rules, _stake(rng))))
        elif call == "irregularity":
            happenings.append(Happening(call, slip=rng.choice(SLIPS)))
            requests += [_request(rng, rules, place, Stage.VOID, bets[place])
                         for place in _next(asking, rng.choice(REQUESTS_AFTER_A_VOID))]
        elif call == "disputed-result":
            happenings.append(Happening(call, card=rng.choice(
                [number for number in NUMBERS if number != drawn])))
    return SapIChiTable(bets, tuple(requests), drawn, tuple(happenings))


def _next(asking: Iterator[int], count: int) -> list[int]:
    """The next ``count`` places to ask (fewer when no more bettors are left)."""
    return list(islice(asking, count))


def _stake(rng: random.Random) -> Decimal:
    return Decimal(10 * rng.randint(*STAKE_IN_TENS))


def _bet(rng: random.Random, rules: HouseRules, stake: Decimal) -> Bet:
    """A bet on a chance the house takes: 1, 2, 3, 4 or 6 numbers, or a colour."""
    size = rng.choice(SIZES)
    if size == 0:
        return Bet(stake, colour=rng.choice(list(Colour)))
    if rules.sap_i_chi.any_group_of_numbers:
        return validate(Bet(stake, tuple(rng.sample(NUMBERS, size))), rules)
    row = rng.choice(ROWS)  # neighbouring numbers of one row (HI-SAP-LAYOUT)
    start = rng.randint(0, len(row) - size)
    return validate(Bet(stake, row[start:start + size]), rules)


def _request(rng: random.Random, rules: HouseRules, place: int, stage: Stage,
             bet: Bet) -> Request:
    """A player asks to withdraw his bet, or to move its stake onto another chance."""
    if rng.random() < WITHDRAWS:
        return Request(place, stage)
    moved = bet
    while moved.chances == bet.chances:
        moved = _bet(rng, rules, bet.stake)
    return Request(place, stage, moved)
