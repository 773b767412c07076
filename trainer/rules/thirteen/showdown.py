"""A place's 13 cards against the banker's (Portaria 51/89/M, Art. 7–10, 9 I).

Order of judgement: naturals first (a natural is not played tier by tier), then fouls,
then each tier against the banker's same tier. The winner of a tier scores the points of
its own combination there; in exact equality the banker wins the tier (Art. 10). More
points wins; equal totals are a tie (Art. 8).
"""

from __future__ import annotations

from dataclasses import dataclass

from i18n import N_, NP_, Message
from trainer.rules.house import ThirteenRules
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Regulation
from trainer.rules.table import Outcome
from trainer.rules.thirteen.arrangement import Arrangement, Tier, foul_tiers, tier_points
from trainer.rules.thirteen.hands import Category, TierHand
from trainer.rules.thirteen.naturals import NATURAL_POINTS, Natural, find_natural

ART_7 = Article(Regulation.THIRTEEN_CARDS, 7)
ART_8 = Article(Regulation.THIRTEEN_CARDS, 8)
ART_9_NATURAL = Article(Regulation.THIRTEEN_CARDS, 9, "I")
ART_9_COMBINATIONS = Article(Regulation.THIRTEEN_CARDS, 9, "II")
ART_10 = Article(Regulation.THIRTEEN_CARDS, 10)


def art_9_rank(category: Category) -> Article:
    """The numbered line of Art. 9 II that defines ``category``, how two of it compare and
    what it scores: 1 for the royal flush down to 10 for high card."""
    return Article(Regulation.THIRTEEN_CARDS, 9, f"II.{len(Category) + 1 - category}")

HI_NATURAL = HouseInterpretation("HI-NATURAL")
HI_FOUL = HouseInterpretation("HI-FOUL")

_HAS_NATURAL = {Outcome.PLAYER: N_("The player has a natural: {natural}."),
                Outcome.BANKER: N_("The banker has a natural: {natural}.")}
_FOULED = {Outcome.PLAYER: N_("The player did not set the tiers in ascending order: a foul, "
                              "and the place loses its bets."),
           Outcome.BANKER: N_("The banker did not set the tiers in ascending order: a foul.")}
_WINS_TOTAL = {Outcome.PLAYER: N_("Points: the player {player}, the banker {banker}; the player "
                                  "wins."),
               Outcome.BANKER: N_("Points: the player {player}, the banker {banker}; the banker "
                                  "wins.")}
_WINS_TIER = {Outcome.PLAYER: NP_("{tier}: the player's {category} wins and scores {count} point.",
                                   "{tier}: the player's {category} wins and scores {count} "
                                   "points."),
              Outcome.BANKER: NP_("{tier}: the banker's {category} wins and scores {count} point.",
                                  "{tier}: the banker's {category} wins and scores {count} "
                                  "points.")}


@dataclass(frozen=True)
class TierResult:
    tier: Tier
    player: TierHand
    banker: TierHand
    winner: Outcome  # PLAYER or BANKER; never TIE (Art. 10)
    points: int


@dataclass(frozen=True)
class Showdown:
    outcome: Outcome
    player_points: int
    banker_points: int
    tiers: tuple[TierResult, ...]
    player_natural: Natural | None
    banker_natural: Natural | None
    player_foul: bool
    banker_foul: bool
    reasons: tuple[Reason, ...]

    @property
    def margin(self) -> int:
        """Player's points minus the banker's."""
        return self.player_points - self.banker_points

    @property
    def forfeit(self) -> bool:
        """Decided by a foul: the stake is settled in full, not by points."""
        return self.player_foul or self.banker_foul


def _natural(arrangement: Arrangement, declares: bool | None,
             rules: ThirteenRules) -> Natural | None:
    if declares is None:
        declares = rules.natural_declared_automatically
    return find_natural(arrangement.cards, rules) if declares else None


def showdown(player: Arrangement, banker: Arrangement, rules: ThirteenRules | None = None, *,
             player_declares: bool | None = None,
             banker_declares: bool | None = None) -> Showdown:
    """Judge ``player`` against ``banker``; ``*_declares`` None follows HI-NATURAL."""
    rules = rules or ThirteenRules()
    if set(player.cards) & set(banker.cards):
        raise ValueError("the player and the banker cannot hold the same card")
    p_nat = _natural(player, player_declares, rules)
    b_nat = _natural(banker, banker_declares, rules)
    if p_nat or b_nat:
        return _natural_showdown(p_nat, b_nat)
    p_foul, b_foul = bool(foul_tiers(player, rules)), bool(foul_tiers(banker, rules))
    if p_foul or b_foul:
        return _foul_showdown(p_foul, b_foul, rules)
    return tier_showdown(player, banker)


def _natural_showdown(p_nat: Natural | None, b_nat: Natural | None) -> Showdown:
    reasons = [Reason(Message.of(_HAS_NATURAL[side], natural=natural.label), ART_9_NATURAL)
               for side, natural in ((Outcome.PLAYER, p_nat), (Outcome.BANKER, b_nat))
               if natural]
    if p_nat and b_nat:
        reasons.append(Reason(Message.of(N_("Two naturals tie, whatever they are.")),
                              ART_9_NATURAL))
        return Showdown(Outcome.TIE, 0, 0, (), p_nat, b_nat, False, False, tuple(reasons))
    winner = Outcome.PLAYER if p_nat else Outcome.BANKER
    reasons.append(Reason(Message.of(N_("A natural always beats a hand without one and "
                                        "scores {points} points."), points=NATURAL_POINTS),
                          ART_9_NATURAL))
    points = (NATURAL_POINTS, 0) if p_nat else (0, NATURAL_POINTS)
    return Showdown(winner, *points, (), p_nat, b_nat, False, False, tuple(reasons))


def _foul_showdown(p_foul: bool, b_foul: bool, rules: ThirteenRules) -> Showdown:
    reasons = [Reason(Message.of(_FOULED[side]), ART_7)
               for side, fouled in ((Outcome.PLAYER, p_foul), (Outcome.BANKER, b_foul))
               if fouled]
    if p_foul and b_foul:
        outcome = Outcome.TIE if rules.both_foul_is_push else Outcome.BANKER
        reasons.append(Reason(
            Message.of(N_("Both fouled: the bets are returned.")) if rules.both_foul_is_push
            else Message.of(N_("Both fouled: the player's place still loses its bets.")),
            HI_FOUL))
    else:
        outcome = Outcome.BANKER if p_foul else Outcome.PLAYER
        if b_foul:
            reasons.append(Reason(Message.of(N_("The banker's foul pays the player as a win "
                                                "by the full terms of the bet.")), HI_FOUL))
    return Showdown(outcome, 0, 0, (), None, None, p_foul, b_foul, tuple(reasons))


def tier_showdown(player: Arrangement, banker: Arrangement) -> Showdown:
    """The two hands played tier by tier, as a showdown without naturals or fouls is (the
    usual mistake of settling a fouled hand is this, :mod:`.mistakes`)."""
    results, reasons = [], []
    for tier in Tier:
        result = play_tier(tier, player.hand(tier), banker.hand(tier))
        results.append(result)
        reasons.append(tier_reason(result))
    player_points = sum(r.points for r in results if r.winner is Outcome.PLAYER)
    banker_points = sum(r.points for r in results if r.winner is Outcome.BANKER)
    if player_points == banker_points:
        outcome = Outcome.TIE
        total = Message.of(N_("Points: the player {player}, the banker {banker}; a tie."),
                           player=player_points, banker=banker_points)
    else:
        outcome = Outcome.PLAYER if player_points > banker_points else Outcome.BANKER
        total = Message.of(_WINS_TOTAL[outcome], player=player_points, banker=banker_points)
    reasons.append(Reason(total, ART_8))
    return Showdown(outcome, player_points, banker_points, tuple(results), None, None,
                    False, False, tuple(reasons))


def play_tier(tier: Tier, player: TierHand, banker: TierHand) -> TierResult:
    """One tier against the banker's same tier: the higher hand wins and scores the points
    of its own combination there; in exact equality the banker wins (Art. 9 II, 10)."""
    winner = Outcome.PLAYER if player > banker else Outcome.BANKER
    hand = player if winner is Outcome.PLAYER else banker
    return TierResult(tier, player, banker, winner, tier_points(hand, tier))


def tier_reason(result: TierResult) -> Reason:
    """Why ``result`` went the way it did, with its article."""
    tier, mine, theirs, points = result.tier, result.player, result.banker, result.points
    if mine == theirs:
        return Reason(Message.counted(
            "{tier}: {player} equals {banker}; in exact equality the banker wins the tier and "
            "scores {count} point.",
            "{tier}: {player} equals {banker}; in exact equality the banker wins the tier and "
            "scores {count} points.", points, tier=tier.label, player=mine.category.label,
            banker=theirs.category.label), ART_10)
    hand = mine if result.winner is Outcome.PLAYER else theirs
    return Reason(Message.counted(*_WINS_TIER[result.winner], points, tier=tier.label,
                                  category=hand.category.label),
                  art_9_rank(hand.category))  # where its points are
