"""Mah-Jong: the players call for a discard; the croupier rules who takes it, for what, and
why each other call is refused (Portaria 135/91/M, Art. 4, 5 and 9; HI-MJ-CLAIM).

Situation: as ``claims.py`` (``variant``, ``discarder``, ``discard``, ``hands``, ``bars``),
plus ``calls`` ({seat: "win" | "kong" | "pung" | "chow"}) and ``offered`` (the reasons to
tick, ``[seat, refusal]`` in the order shown: every refusal the rules core rules for the calls
made, mixed with grounds that do not hold for those calls).

The answer is a ruling: ``{"ruling": "<seat>-<claim>" | "nobody", "reasons": {"<seat>-
<refusal>", …}}``. Level 1: two calls, both legal; level 2: an illegal call too (a chow by a
player who is not next, a pung without a pair, a false win, a barred win or kong); level 3:
three calls, competing winners, and the simplified form (Art. 5 (b)). A ruling that gives
the tile as one step of the priority reversed gives it is that mistake kind, whatever
reasons are ticked (:mod:`trainer.rules.mahjong.mistakes`).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from i18n import N_, Message
from questions.answers import read_ruling
from questions.mahjong.claims.claim_deal import deal_roles, place
from questions.mahjong.claims.claim_words import (
    CALLS,
    NOBODY,
    OFFERED,
    TAKES,
    bar_sentences,
    call_value,
    reason_value,
    refusal_option,
    refusal_text,
    ruling_reasons,
    sentences,
)
from questions.mahjong.situation import DiscardCalled, seat_label, tile_label
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.skill import Skill, Solution
from trainer.rules.house import HouseRules
from trainer.rules.mahjong import Call, ClaimKind, Refusal, Ruling, Variant, rule
from trainer.rules.mahjong import mistakes as usual
from trainer.rules.mahjong.hands.tiles import parse_tile
from trainer.rules.mahjong.play.claims import GROUNDS
from trainer.rules.mistakes import OTHER, MistakeKind, recognise

#: Scenarios: each seat's role (what his hand lets him do, see ``claim_deal``) and his call
#: ("-" none). Level 1 two legal calls; level 2 an illegal call too; level 3 three calls.
CONVENTIONAL = {
    1: ["win:win pung:pung none:-", "win:win chow:chow none:-", "win:win kong:kong none:-",
        "pung:pung chow:chow none:-", "kong:kong chow:chow none:-", "win:win win:win none:-",
        "kong:pung chow:chow none:-", "win:win both:chow none:-", "win:win both:pung none:-"],
    2: ["win:win pung:pung decoy:chow", "win:win chow:chow none:pung",
        "pung:pung chow:chow none:win", "kong:kong chow:chow none:win",
        "win!:win pung:pung none:-", "win:win kong!:kong none:-", "pung:pung decoy:chow none:-",
        "chow:chow none:pung none:-", "both:chow none:win none:-", "chow:chow kong!:kong none:-",
        "none:win none:pung none:-", "win!:win chow:chow none:-", "none:chow pung:pung none:-",
        "win:win win:win none:kong"],
    3: ["win:win win:win pung:pung", "win:win win:win win:win", "win!:win win:win chow:chow",
        "win:win kong!:kong chow:chow", "win:win kong:kong chow:chow",
        "win!:win pung:pung decoy:chow", "kong!:kong chow:chow none:win",
        "win:win win:win none:pung", "win!:win kong!:kong chow:chow",
        "kong:pung decoy:chow win!:win", "both:chow none:pung win:win",
        "none:win win:win decoy:chow", "win!:win win:win none:kong"],
}
SIMPLIFIED = {
    2: ["win:win kong:kong none:pung", "win:win pung:pung none:-", "kong:kong none:win none:-",
        "win:win none:kong none:-", "kong!:kong win:win none:-", "win:win win:win none:kong"],
    3: ["win:win win:win win:win", "win:win win:win kong:kong", "kong!:kong win:win none:win",
        "win:win kong!:kong none:pung", "kong:kong none:win none:chow",
        "win:win none:win pung:pung", "kong!:kong none:win none:kong"],
}
SIMPLIFIED_SHARE = {1: 0.0, 2: 0.25, 3: 0.3}


def deal_calls(rng: random.Random, difficulty: int) -> DiscardCalled:
    simplified = rng.random() < SIMPLIFIED_SHARE[difficulty]
    variant = Variant.SIMPLIFIED if simplified else Variant.CONVENTIONAL
    table = (SIMPLIFIED if simplified else CONVENTIONAL)[difficulty]
    specs = _placed(rng, rng.choice(table).split())
    dealt = deal_roles(rng, difficulty, variant, [spec.split(":")[0] for spec in specs])
    calls = {dealt.discarder.next(at + 1).value: ClaimKind(spec.split(":")[1])
             for at, spec in enumerate(specs) if not spec.endswith(":-")}
    called = DiscardCalled(dealt.variant, dealt.discarder, dealt.discard, dealt.hands,
                           dealt.bars, calls, ())
    return dataclasses.replace(called, offered=tuple(
        (call.seat, ground) for call, ground in offered(rng, ruling_of(called), variant)))


def _placed(rng: random.Random, specs: list[str]) -> list[str]:
    """The specs for the seats 1, 2, 3 turns after the discarder: a real chow sits next."""
    roles = place(rng, [spec.split(":")[0] for spec in specs])
    left = list(specs)
    placed = []
    for role in roles:
        spec = next(s for s in left if s.split(":")[0] == role)
        left.remove(spec)
        placed.append(spec)
    return placed


def calls_of(situation: DiscardCalled) -> list[Call]:
    """The calls made, nearest counterclockwise from the discarder first."""
    seats = [situation.discarder.next(step) for step in (1, 2, 3)]
    return [Call(seat, situation.calls[seat.value]) for seat in seats
            if seat.value in situation.calls]


def ruling_of(situation: DiscardCalled) -> Ruling:
    variant, discarder, tile, hands, bars = situation.table()
    return rule(discarder, tile, hands, calls_of(situation), variant, bars)


def offered(rng: random.Random, ruling: Ruling, variant: Variant) -> list[tuple[Call, Refusal]]:
    """The core's refusals and, for the same calls, grounds that do not hold: 4 to 7 in all
    (fewer only when the calls allow no more), shuffled."""
    right = list(ruling.refused)
    pool = [(call, ground) for call in ruling.grounds for ground in GROUNDS[call.kind]
            if ground in OFFERED[variant] and ground not in ruling.grounds[call]]
    wanted = rng.randint(max(4, len(right) + 1), 7) - len(right)
    chosen = right + rng.sample(pool, min(wanted, len(pool)))
    rng.shuffle(chosen)
    return chosen


class RuleTheCalls(Skill[DiscardCalled]):
    id = "mahjong.claim_calls"
    title = Message.of(N_("Mah-Jong: rule the calls on a discard"))
    situation_type = DiscardCalled
    mistake_kinds = usual.CLAIM_KINDS

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> DiscardCalled:
        return deal_calls(rng, difficulty)

    def prompt(self, situation: DiscardCalled, difficulty: int) -> Message:
        calls = calls_of(situation)
        told = [Message.of(CALLS[c.kind], seat=seat_label(c.seat)) for c in calls]
        told += bar_sentences(situation, [c.seat for c in calls])
        params = {"seat": seat_label(situation.discarder),
                  "tile": tile_label(situation.discard), "calls": sentences(told)}
        if situation.variant is Variant.SIMPLIFIED:
            return Message.of(N_("Simplified Mah-Jong: {seat} discards {tile}. {calls} Who "
                                 "takes it, and for what? Tick the reason each other call is "
                                 "refused."), **params)
        return Message.of(N_("{seat} discards {tile}. {calls} Who takes it, and for what? "
                             "Tick the reason each other call is refused."), **params)

    def form(self, situation: DiscardCalled) -> AnswerForm:
        tile = parse_tile(situation.discard)
        variant = situation.variant
        options = [Option(call_value(c), Message.of(TAKES[c.kind], seat=seat_label(c.seat)))
                   for c in calls_of(situation)]
        options.append(Option(NOBODY, Message.of(N_("Nobody takes it: it stays discarded"))))
        kinds = {c.seat: c.kind for c in calls_of(situation)}
        reasons = []
        for seat, ground in situation.offered:
            call = Call(seat, kinds[seat])
            reasons.append(Option(reason_value(call, ground),
                                  refusal_option(call, ground, tile, variant)))
        return AnswerForm(AnswerKind.RULING, tuple(options), tuple(reasons))

    def read(self, question: Question, answer: Any) -> dict[str, Any]:
        return read_ruling(question, answer)

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        variant, tile = situation.variant, parse_tile(situation.discard)
        ruling = ruling_of(situation)
        granted = ruling.granted
        answer = {"ruling": _ruling_value(ruling),
                  "reasons": frozenset(reason_value(c, g) for c, g in ruling.refused)}
        label = (Message.of(N_("Nobody takes it: it stays discarded")) if granted is None
                 else Message.of(TAKES[granted.kind], seat=seat_label(granted.seat)))
        refusals = [refusal_text(c, g, tile) for c, g in ruling.refused]
        if refusals:
            label = Message.of(N_("{ruling}; {refusals}"), ruling=label,
                               refusals=_semicolons(refusals))
        return Solution(answer, label, ruling_reasons(ruling, tile, variant))

    def mistaken_answers(self, question: Question) -> tuple[tuple[MistakeKind, Any], ...]:
        """The call each reversed step of the priority grants (its ruling's value): the
        mistake is in who takes the tile, whatever reasons are ticked with it."""
        situation = self.dealt(question)
        variant, discarder, tile, hands, bars = situation.table()
        return tuple((mistake, _ruling_value(ruling)) for mistake, ruling
                     in usual.mistaken_rulings(discarder, tile, hands, calls_of(situation),
                                               variant, bars))

    def mistakes(self, question: Question, given: Any,
                 solution: Solution) -> tuple[MistakeKind, ...]:
        """The kinds of the call the answer gives the tile to; "other" when it gives it to
        the right one (the reasons ticked are wrong) or to none of the mistakes'."""
        if given == solution.answer:
            return ()
        return recognise(given["ruling"], solution.answer["ruling"],
                         self.mistaken_answers(question)) or (OTHER,)


def _ruling_value(ruling: Ruling) -> str:
    return NOBODY if ruling.granted is None else call_value(ruling.granted)


def _semicolons(parts: list[Message]) -> Message:
    text = parts[0]
    for part in parts[1:]:
        text = Message.of(N_("{ruling}; {refusals}"), ruling=text, refusals=part)
    return text
