"""Building three-card questions from a chosen situation, and an independent class count."""

from questions import skill
from trainer.rules.cards import parse_cards
from trainer.rules.house import HouseRules
from trainer.rules.regulations import HouseInterpretation, RankingItem, RankingOrder


def question_for(skill_id, situation, difficulty=2, rules=None):
    """The question a skill would ask about ``situation`` (not generated from a seed)."""
    return skill(skill_id).ask(situation, 0, difficulty, rules or HouseRules())


def reference_class(hand_text):
    """Items 20–31 and HI-3C-RANK, counted without the rules core."""
    cards = parse_cards(hand_text)
    figures = sum(card.rank.label in "JQK" for card in cards)
    if figures == 3:
        return 1
    points = sum(0 if card.rank.label in ("J", "Q", "K", "10") else
                 1 if card.rank.label == "A" else int(card.rank) for card in cards) % 10
    return 2 + 3 * (9 - points) + (2 - figures)


def cites_the_ranking(verdict):
    """Every class in the explanation is cited at its point: the official list's item for
    classes 20–31 (file 002), HI-3C-RANK for the reconstructed 1–19; the comparison at the
    list's order (HI-3C-RANK where a class 1–19 is compared), a tie at HI-3C-TIE — and
    nothing else cites the ranking (a payment cites HI-3C-PAY, or HI-3C-TIE for a bet
    returned on a tie, and a payment in chips its change, HI-CHIP-CHANGE)."""
    paying = (HouseInterpretation("HI-3C-PAY"), HouseInterpretation("HI-CHIP-CHANGE"))
    ranking = [r.source for r in verdict.reasons if r.source not in paying]
    return bool(ranking) and all(
        isinstance(source, RankingItem | RankingOrder)
        or source in (HouseInterpretation("HI-3C-RANK"), HouseInterpretation("HI-3C-TIE"))
        for source in ranking)
