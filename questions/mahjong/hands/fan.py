"""Mah-Jong: what a winning hand is worth in fán (Portaria 135/91/M, Art. 6).

The generator picks the pattern(s) first — every pattern of Art. 6 (a) and (b) and the
minimum hand, kai vu — and ``fan_hands`` builds a winning hand that scores them, with its
circumstances (seat and round wind, self-drawn, last tile, robbing a kong, kong
replacement, heavenly, earthly). Difficulty 1 asks for the total (the cap of double fán
included, 1 fán in the simplified form); difficulties 2–3 ask which patterns apply
(partial credit by overlap; at 3 a second pattern is often added, and patterns that a
bigger one includes are offered as traps). A hand with two equally valuable readings —
valued after the cap, so two readings that both reach double fán are — accepts either
reading's list, and every pattern of each is offered (HI-MJ-INCLUDES). Such an answer is
graded against the reading nearest it: that reading's list is the right answer shown, partial
credit is measured against it, and the explanation says the hand reads several ways and which
one the answer follows.

Situation (:class:`.situation.WinningHand`): ``variant``, ``seat_wind``, ``round_wind``
("E"…), ``hand`` ({"concealed", "melds", "concealed_kongs"}, see ``situation.py``; the
concealed tiles include the winning tile), ``winning_tile``, ``circumstances`` (names of
``Win`` flags that are true), ``ask`` ("total" or "patterns") and ``options`` (pattern ids
offered, for "patterns").

Answers: "total" — the fán as an int 0, 1 or 2 (typed "2"); "patterns" — a set of pattern
ids from :data:`PATTERN_IDS` (``{"dragon-pung", "last-tile"}``, typed
``"dragon-pung, last-tile"``), ``{"kai-vu"}`` when none scores. The reference answer is an
``int`` or a ``frozenset`` of ``str``. A listing with the patterns a bigger one includes
ticked too is "a fán counted twice" (:mod:`trainer.rules.mahjong.mistakes`; the total,
capped, never shows it).
"""

from __future__ import annotations

import random
from typing import Any, Literal

from i18n import N_, Message, listing
from questions.answers import choices_score, read_choice, read_choices
from questions.mahjong.hands.fan_hands import (
    CIRCUMSTANCES,
    KAI_VU,
    build,
    extras_for,
)
from questions.mahjong.situation import TileHand, WinningHand
from questions.model import AnswerForm, AnswerKind, Option, Question, Verdict
from questions.skill import Skill, Solution
from trainer.rules.house import HouseRules
from trainer.rules.mahjong import Variant, Win
from trainer.rules.mahjong import mistakes as usual
from trainer.rules.mahjong.hands import fan as f
from trainer.rules.mahjong.hands import fan_readings
from trainer.rules.mahjong.hands.tiles import parse_tile, tile_name
from trainer.rules.mistakes import MistakeKind
from trainer.rules.regulations import Reason

#: Short ids of the patterns, used as option values.
PATTERN_IDS = {
    f.DRAGON_PUNG: "dragon-pung", f.ROUND_WIND: "round-wind", f.SEAT_WIND: "seat-wind",
    f.ROBBING_KONG: "robbing-kong", f.KONG_REPLACEMENT: "kong-replacement",
    f.ALL_PUNGS: "all-pungs", f.ALL_CHOWS: "all-chows", f.MIXED_ONE_SUIT: "one-suit-honours",
    f.LAST_TILE: "last-tile", f.SMALL_DRAGONS: "small-dragons", f.SMALL_WINDS: "small-winds",
    f.TERMINALS_AND_HONOURS: "terminals-honours", f.HEAVENLY: "heavenly",
    f.EARTHLY: "earthly", f.DOUBLE_WIND: "double-wind", f.KONG_ON_KONG: "kong-on-kong",
    f.MIXED_ALL_CHOWS: "one-suit-chows", f.PURE_ONE_SUIT: "pure-one-suit",
    f.THIRTEEN_ORPHANS: "thirteen-orphans", f.CONCEALED_PUNGS: "concealed-pungs",
    f.BIG_DRAGONS: "big-dragons", f.BIG_WINDS: "big-winds", f.ALL_TERMINALS: "all-terminals",
    f.ALL_HONOURS: "all-honours", f.GREEN_DRAGON: "green-dragon", KAI_VU: "kai-vu",
}
KAI_VU_LABEL = N_("Kai vu: no pattern scores")
#: Patterns easily mistaken for one another: offered together as distractors.
NEIGHBOURS = (
    {f.DRAGON_PUNG, f.SMALL_DRAGONS, f.BIG_DRAGONS},
    {f.ROUND_WIND, f.SEAT_WIND, f.DOUBLE_WIND},
    {f.SMALL_WINDS, f.BIG_WINDS},
    {f.ALL_PUNGS, f.CONCEALED_PUNGS},
    {f.ALL_CHOWS, f.MIXED_ALL_CHOWS},
    {f.MIXED_ONE_SUIT, f.PURE_ONE_SUIT},
    {f.TERMINALS_AND_HONOURS, f.ALL_TERMINALS, f.ALL_HONOURS, f.THIRTEEN_ORPHANS},
    {f.KONG_REPLACEMENT, f.KONG_ON_KONG, f.ROBBING_KONG},
    {f.HEAVENLY, f.EARTHLY},
    {f.LAST_TILE, f.ROBBING_KONG},
)
#: What difficulty 1 aims at for a total of 0, 1 or 2 fán.
ONE_FAN = (f.DRAGON_PUNG, f.ROUND_WIND, f.SEAT_WIND, f.ROBBING_KONG, f.KONG_REPLACEMENT,
           f.ALL_PUNGS, f.ALL_CHOWS, f.MIXED_ONE_SUIT, f.LAST_TILE)
TWO_FAN = tuple(p.name for p in f.CONVENTIONAL_PATTERNS if p.fan == 2) + (
    f.SMALL_DRAGONS, f.SMALL_WINDS, f.TERMINALS_AND_HONOURS)
SIMPLIFIED = (f.ROBBING_KONG, f.LAST_TILE, f.GREEN_DRAGON)
OPTIONS = 8


def _plan(rng: random.Random, difficulty: int, variant: Variant) -> tuple[str, ...]:
    if variant is Variant.SIMPLIFIED:
        return (rng.choice((KAI_VU, *SIMPLIFIED)),)
    if difficulty == 1:
        total = rng.choices((0, 1, 2), (2, 3, 3))[0]
        if total == 0:
            return (KAI_VU,)
        if total == 1:
            return (rng.choice(ONE_FAN),)
        if rng.random() < 0.25:
            base = rng.choice(ONE_FAN[:3])
            return (base, rng.choice(extras_for(base)))
        return (rng.choice(TWO_FAN),)
    if rng.random() < 0.1:
        return (KAI_VU,)
    base = rng.choice([p.name for p in f.CONVENTIONAL_PATTERNS])
    extras = extras_for(base)
    if difficulty == 3 and extras and rng.random() < 0.4:
        return (base, rng.choice(extras))
    return (base,)


def _options(rng: random.Random, variant: Variant, answer: set[str]) -> list[str]:
    """The pattern ids offered: the right ones (every pattern of every equally valuable
    reading, HI-MJ-INCLUDES), their look-alikes, others to make eight."""
    if variant is Variant.SIMPLIFIED:
        return [PATTERN_IDS[name] for name in SIMPLIFIED] + [PATTERN_IDS[KAI_VU]]
    names = [p.name for p in f.CONVENTIONAL_PATTERNS]
    chosen = set(answer) - {KAI_VU}
    look_alikes = sorted({n for group in NEIGHBOURS if group & chosen for n in group} - chosen,
                         key=names.index)
    chosen |= set(rng.sample(look_alikes, max(0, min(len(look_alikes),
                                                     OPTIONS - len(chosen)))))
    rest = [n for n in names if n not in chosen]
    chosen |= set(rng.sample(rest, max(OPTIONS - len(chosen), 0)))
    return [PATTERN_IDS[n] for n in names if n in chosen] + [PATTERN_IDS[KAI_VU]]


def _win(situation: WinningHand) -> Win:
    concealed, melds = situation.hand.read()
    flags = set(situation.circumstances)
    unknown = flags - set(CIRCUMSTANCES)
    if unknown:
        raise ValueError(f"unknown circumstances {sorted(unknown)}")
    return Win(concealed, melds, parse_tile(situation.winning_tile),
               seat_wind=situation.seat_wind, round_wind=situation.round_wind,
               variant=situation.variant, **{flag: True for flag in flags})


def _dealt(win: Win, ask: Literal["total", "patterns"],
           options: tuple[str, ...] | None = None) -> WinningHand:
    """The situation of ``win`` (its flags that are true, its circumstances)."""
    if win.winning_tile is None:
        raise ValueError("a win dealt has its winning tile")
    return WinningHand(win.variant, win.seat_wind, win.round_wind,
                       TileHand.of(win.tiles, win.melds), tile_name(win.winning_tile),
                       tuple(c for c in CIRCUMSTANCES if getattr(win, c)), ask, options)


def _names(result: f.FanResult) -> set[str]:
    return {hit.pattern.name for hit in result.patterns} or {KAI_VU}


_LABELS = {name: name for name in PATTERN_IDS} | {KAI_VU: KAI_VU_LABEL}
_BY_ID = {value: name for name, value in PATTERN_IDS.items()}


def pattern_label(pattern_id: str) -> Message:
    return Message.of(_LABELS[_BY_ID[pattern_id]])


class Fan(Skill[WinningHand]):
    id = "mahjong.fan"
    title = Message.of(N_("Mah-Jong: the fán of a winning hand"))
    situation_type = WinningHand
    mistake_kinds = usual.FAN_KINDS

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> WinningHand:
        simplified = rng.random() < 0.15
        variant = Variant.SIMPLIFIED if simplified else Variant.CONVENTIONAL
        wanted = _plan(rng, difficulty, variant)
        win = build(rng, variant, difficulty, wanted)
        if difficulty == 1:
            return _dealt(win, "total")
        listed = set().union(*map(_names, fan_readings.listings(win, rules.mahjong)))
        return _dealt(win, "patterns", tuple(_options(rng, variant, listed)))

    def prompt(self, situation: WinningHand, difficulty: int) -> Message:
        simplified = situation.variant is Variant.SIMPLIFIED
        if situation.ask == "total":
            if simplified:
                return Message.of(N_("Simplified Mah-Jong: how many fán is this winning hand "
                                     "worth?"))
            return Message.of(N_("How many fán is this winning hand worth?"))
        if simplified:
            return Message.of(N_("Simplified Mah-Jong: which fán patterns does this winning "
                                 "hand score? Choose every one."))
        return Message.of(N_("Which fán patterns does this winning hand score? Choose every "
                             "one."))

    def form(self, situation: WinningHand) -> AnswerForm:
        if situation.ask == "total":
            cap = f.CAP[situation.variant]
            return AnswerForm(AnswerKind.CHOICE, tuple(Option(fan, _total_label(fan, cap))
                                                       for fan in range(cap + 1)))
        return AnswerForm(AnswerKind.CHOICES, tuple(Option(value, pattern_label(value))
                                                    for value in situation.options or ()))

    def read(self, question: Question, answer: Any) -> Any:
        if self.dealt(question).ask == "total":
            return read_choice(question, answer)
        return read_choices(question, answer)

    def grade(self, question: Question, answer: Any) -> Verdict:
        """A listing of a hand that reads several ways is graded against the reading
        nearest it (HI-MJ-INCLUDES): full marks for any one reading's list exactly, and
        partial credit, the right answer shown and the explanation all that reading's."""
        if self.dealt(question).ask != "patterns":
            return super().grade(question, answer)
        given = frozenset(self.read(question, answer))
        solution = _listing_solution(self.dealt(question), question, given)
        score = choices_score(given, solution.answer)
        mistakes = () if score >= 1.0 else self.mistakes(question, given, solution)
        return Verdict(score >= 1.0, score, solution.answer, solution.answer_text,
                       solution.reasons, mistakes=mistakes)

    def mistaken_answers(self, question: Question) -> tuple[tuple[MistakeKind, Any], ...]:
        """The answer of a fán counted twice: the rules core's total, or each equally
        valuable reading's list (of the patterns offered: only those can be ticked), with
        the patterns a bigger one includes counted too. The total is capped as the right
        one is, so it never differs there (every pattern that includes another is worth
        the maximum)."""
        situation = self.dealt(question)
        win, rules = _win(situation), question.rules.mahjong
        if situation.ask == "total":
            return ((usual.FAN_COUNTED_TWICE, f.score(win, rules, inclusion=False).fan),)
        offered = frozenset(situation.options or ())
        return tuple((usual.FAN_COUNTED_TWICE, _ids(result) & offered)
                     for result in fan_readings.listings(win, rules, inclusion=False))

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        if situation.ask == "patterns":
            return _listing_solution(situation, question, None)
        win = _win(situation)
        result = f.score(win, question.rules.mahjong)
        reasons = f.fan_reasons(win, result, question.rules.mahjong)
        return Solution(result.fan, _total_label(result.fan, f.CAP[win.variant]), reasons)


def _ids(result: f.FanResult) -> frozenset[str]:
    return frozenset(PATTERN_IDS[name] for name in _names(result))


def _listing_solution(situation: WinningHand, question: Question,
                      given: frozenset[str] | None) -> Solution:
    """The list of the reading ``given`` comes nearest to (the first reading worth the most
    when nothing is given, or on a tie), explained with every other reading's list."""
    win, rules = _win(situation), question.rules.mahjong
    listed = fan_readings.listings(win, rules)
    shown = listed[0]
    if given is not None:
        shown = max(listed, key=lambda result: choices_score(given, _ids(result)))
    reasons = fan_readings.reads_several_ways(listed)
    if given is not None and len(listed) > 1:
        reasons += (_followed(given, _ids(shown)),)
    reasons += f.fan_reasons(win, shown, rules) + fan_readings.other_readings(listed, shown)
    names = [p.name for p in f.CONVENTIONAL_PATTERNS + f.SIMPLIFIED_PATTERNS]
    ids = _ids(shown)
    ordered = sorted(ids, key=lambda v: names.index(_BY_ID[v]) if _BY_ID[v] in names
                     else len(names))
    return Solution(ids, listing([pattern_label(v) for v in ordered]), reasons)


def _followed(given: frozenset[str], listed: frozenset[str]) -> Reason:
    """Which reading the answer given follows: the one explained next."""
    if given == listed:
        text = N_("The answer given is the list of the reading explained next.")
    else:
        text = N_("The answer given comes nearest to the list of the reading explained "
                  "next, and is marked against it.")
    return Reason(Message.of(text), f.HI_MJ_INCLUDES)


def _total_label(fan: int, cap: int) -> Message:
    if fan == 0:
        return Message.of(N_("Kai vu: no fán"))
    if fan < cap:
        return Message.of(N_("1 fán"))
    if cap == 1:
        return Message.of(N_("1 fán: the maximum"))
    return Message.of(N_("2 fán: double fán, the maximum"))



