"""Mistake kinds: each produced on purpose by the rules core and recognised by the grade."""

from collections import Counter
from decimal import Decimal

import pytest

import i18n
from questions.registry import generate, skill, skills
from trainer.rules.mahjong_baccarat import mistakes as mahjong_baccarat
from trainer.rules.mistake_kinds import KINDS, mistake_kind
from trainer.rules.mistakes import OTHER
from trainer.rules.thirteen import mistakes as thirteen
from trainer.rules.three_card import mistakes as three_card

MODELLED = {"thirteen.payout": thirteen.KINDS,
            "three_card.payout": three_card.KINDS,
            "mahjong_baccarat.payout": mahjong_baccarat.KINDS,
            "mahjong_baccarat.settlement": mahjong_baccarat.KINDS}
SEEDS = range(60)


#: Mah-Jong's skills with kinds: tests/questions/mahjong/test_mistakes.py.
MAHJONG = {"mahjong.claim", "mahjong.claim_calls", "mahjong.fan"}


def test_the_skills_with_known_mistakes_are_the_money_skills_modelled():
    """The typed skills modelled, every chip form (its typed skill's kinds and the change
    paid in chips: tests/questions/test_chip_mistakes.py) and Mah-Jong's claims and fán."""
    assert {s for s in skills() if skill(s).mistake_kinds} == set(MODELLED) | MAHJONG | {
        s for s in skills() if s.endswith("_in_chips")}


@pytest.mark.parametrize("skill_id", sorted(MODELLED))
def test_every_mistake_produced_on_purpose_is_recognised(skill_id):
    """The rules core computes each mistake's wrong answer; answered, the verdict names that
    kind (and any other giving the same answer), never right; across seeds and levels."""
    seen: Counter[str] = Counter()
    for difficulty in (1, 2, 3):
        for seed in SEEDS:
            question = generate(skill_id, seed, difficulty)
            right = question.reference_answer()
            for mistake, wrong in skill(skill_id).mistaken_answers(question):
                verdict = question.grade(str(wrong))
                if wrong == right:
                    assert verdict.correct and verdict.mistakes == ()
                    continue
                assert not verdict.correct
                assert mistake in verdict.mistakes
                assert OTHER not in verdict.mistakes
                seen[mistake.id] += 1
    expected = {k.id for k in MODELLED[skill_id]}
    if skill_id == "mahjong_baccarat.payout":  # one bet: the capital is the bet, the
        # banker's round is the bet's, so those mistakes give the right answer there
        expected -= {mahjong_baccarat.CAPITAL_IGNORED.id, mahjong_baccarat.CAPITAL_WRONG_ORDER.id,
                     mahjong_baccarat.BANKER_COMMISSION_ON_LOSING_ROUND.id}
    assert set(seen) == expected


def test_the_mistakes_are_the_rules_cores_figures():
    """Mahjong Baccarat, place 3 bets 1,000 and wins against the banker: 950 is right; the
    commission forgotten pays 1,000; taken on the stake and win, 900."""
    question = _find("mahjong_baccarat.payout", lambda q: q.situation.ask == "paid"
                     and q.situation.stake == Decimal("1000"))
    assert question.reference_answer() == Decimal("950.00")
    assert question.grade("1000").mistakes == (mahjong_baccarat.COMMISSION_FORGOTTEN,)
    assert question.grade("900").mistakes == (mahjong_baccarat.COMMISSION_ON_GROSS,)


@pytest.mark.parametrize("bet", ["win", "push"])
def test_three_card_commission_mistakes_are_the_rules_cores_figures(bet):
    """A stake S on the winning hand nets 0.95 S: the commission forgotten pays S, taken
    on the stake and the win 0.90 S; on a tie the stake is returned (0): 5 % of it taken,
    -0.05 S, is commission where none is owed."""
    def wanted(question):
        [one] = question.situation.bets
        right = question.reference_answer()
        return one.kind in ("player", "banker") and (
            right == one.stake * Decimal("0.95") if bet == "win" else right == 0)
    question = _find("three_card.payout", wanted)
    stake = question.situation.bets[0].stake
    answers = ({three_card.COMMISSION_FORGOTTEN: stake,
                three_card.COMMISSION_ON_GROSS: stake * Decimal("0.90")} if bet == "win"
               else {three_card.COMMISSION_NOT_OWED: -stake * Decimal("0.05")})
    for mistake, answer in answers.items():
        assert question.grade(str(answer)).mistakes == (mistake,)


def test_a_thirteen_card_tier_compared_with_the_wrong_tier():
    """The player's middle against the banker's back and his back against the banker's
    middle: the net the rules core's tier showdown gives on the crossed hand, recognised."""
    for seed in range(200):
        question = generate("thirteen.payout", seed, 2)
        wrong = dict(skill("thirteen.payout").mistaken_answers(question)).get(
            thirteen.WRONG_TIER)
        if wrong is not None and wrong != question.reference_answer():
            verdict = question.grade(str(wrong))
            assert thirteen.WRONG_TIER in verdict.mistakes
            with i18n.speaking("zh_Hant_MO"):
                assert "51/89/M" in " ".join(verdict.mistake_lines)
            return
    pytest.fail("no bet where crossing the tiers changes the net")


def test_an_answer_matching_no_mistake_is_other():
    question = generate("thirteen.payout", 3, 2)
    right = question.reference_answer()
    known = {answer for _kind, answer in skill("thirteen.payout").mistaken_answers(question)}
    odd = next(right + n for n in range(1, 1000) if right + n not in known)
    verdict = question.grade(str(odd))
    assert not verdict.correct and verdict.mistakes == (OTHER,)
    assert verdict.mistake_lines == []  # "another mistake" is not said above the reasons


def test_a_right_answer_has_no_mistake():
    question = generate("mahjong_baccarat.settlement", 5, 2)
    assert question.grade(str(question.reference_answer())).mistakes == ()


def test_two_kinds_giving_the_same_amount_are_both_recorded():
    """A 13-card bet in terms of 1 won by 2 points or more: the prize not halved and every
    point of the margin settled pay the same, so the answer is both."""
    for seed in range(200):
        question = generate("thirteen.payout", seed, 2)
        answers = dict(skill("thirteen.payout").mistaken_answers(question))
        halved, terms = answers.get(thirteen.PRIZE_NOT_HALVED), answers.get(thirteen.TERMS_IGNORED)
        if halved is not None and halved == terms:
            verdict = question.grade(str(halved))
            assert set(verdict.mistakes) == {thirteen.PRIZE_NOT_HALVED, thirteen.TERMS_IGNORED}
            assert verdict.mistake_ids == tuple(k.id for k in verdict.mistakes)
            return
    pytest.fail("no bet where the two mistakes pay alike")


def test_a_skill_without_known_mistakes_names_none():
    question = generate("thirteen.tier_winner", 1, 1)
    wrong = "player" if question.reference_answer() == "banker" else "banker"
    verdict = question.grade(wrong)
    assert not verdict.correct and verdict.mistakes == ()


@pytest.mark.parametrize(("language", "words", "article"), [
    ("en", "You took the commission on the stake returned as well as the win",
     "Ordinance 15/96/M (Mahjong Baccarat), Article 9"),
    ("pt_MO", "Cobrou a comissão", "Portaria n.º 15/96/M (Mahjong Bacará), artigo 9.º"),
    ("zh_Hant_MO", "你連退回的注碼", "15/96/M"),
])
def test_the_verdict_names_the_mistake_in_each_language(language, words, article):
    question = _find("mahjong_baccarat.payout", lambda q: q.situation.ask == "paid")
    wrong = dict(skill("mahjong_baccarat.payout").mistaken_answers(question))[
        mahjong_baccarat.COMMISSION_ON_GROSS]
    verdict = question.grade(str(wrong))  # typed in English; said in ``language``
    with i18n.speaking(language):
        [line] = verdict.mistake_lines
    assert words in line and article in line
    if language != "en":
        assert "You took" not in line


def test_every_kind_is_named_and_explained_in_every_language():
    for kind_id, kind in KINDS.items():
        assert mistake_kind(kind_id) is kind
        for language in ("pt_MO", "zh_Hant_MO"):
            with i18n.speaking(language):
                assert str(kind.name) != _english(kind.name)
                assert str(kind.explanation) != _english(kind.explanation)
    with pytest.raises(KeyError, match="unknown mistake kind 'no_such'"):
        mistake_kind("no_such")


def _english(message):
    with i18n.speaking("en"):
        return str(message)


def _find(skill_id, wanted):
    for difficulty in (1, 2):
        for seed in range(400):
            question = generate(skill_id, seed, difficulty)
            if wanted(question):
                return question
    raise AssertionError("no such question")
