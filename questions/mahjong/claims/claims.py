"""Mah-Jong: who takes a discard, and for what (Portaria 135/91/M, Art. 5 and 9).

Situation: ``variant`` ("conventional" or "simplified"), ``discarder`` (a seat wind
"E"/"S"/"W"/"N"), ``discard`` (a tile), ``hands`` ({seat: {"concealed", "melds"}}, see
``situation.py``) for all four seats (the discarder's after his discard), ``bars``
({"withdrew_pung": [seats], "saw_tiles": [seats]}: Art. 9 a 2 and a 3 / b 2).

The answer is one option: ``"<seat>-<claim>"`` (e.g. ``"W-pung"``, claims ``win``,
``kong``, ``pung``, ``chow``; only ``win`` and ``kong`` in the simplified form) or
``"nobody"``. The generator picks a scenario — who wants the tile and why — then builds
the hands that make it so; the rules core decides, every player calling his strongest claim.
A taker who could make several claims chooses (HI-MJ-CLAIM): any of them that still takes
the tile is right (the next player with a pair and two tiles of a run may chow or pung).
A wrong answer that gives the tile as one step of the priority reversed gives it is that
mistake kind (:mod:`trainer.rules.mahjong.mistakes`).
"""

from __future__ import annotations

import random
from typing import Any

from i18n import N_, Message, listing
from questions.mahjong.claims.claim_deal import (
    CONVENTIONAL,
    SIMPLIFIED,
    deal_roles,
    pick,
    place,
    variant_for,
)
from questions.mahjong.claims.claim_words import (
    NOBODY,
    call_value,
    claim_point,
    ruling_reasons,
)
from questions.mahjong.situation import SEAT_NAMES, Discard, seat_label, tile_label
from questions.model import AnswerForm, AnswerKind, Option, Question, UnreadableAnswer
from questions.skill import Skill, Solution
from trainer.rules.house import HouseRules
from trainer.rules.mahjong import Bars, Call, ClaimKind, Ruling, Variant, Wind, is_winning, rule
from trainer.rules.mahjong import mistakes as usual
from trainer.rules.mahjong.hands.tile_words import tile_words
from trainer.rules.mahjong.play.claims import PRIORITY, Hands, Refusal, legal_claims, strongest
from trainer.rules.mistakes import MistakeKind
from trainer.rules.regulations import Article, Reason, Regulation

KINDS = {Variant.CONVENTIONAL: (ClaimKind.WIN, ClaimKind.KONG, ClaimKind.PUNG, ClaimKind.CHOW),
         Variant.SIMPLIFIED: (ClaimKind.WIN, ClaimKind.KONG)}
CLAIM_LABELS = {
    ClaimKind.WIN: N_("{seat} wins on it"),
    ClaimKind.KONG: N_("{seat} takes it for a kong"),
    ClaimKind.PUNG: N_("{seat} takes it for a pung"),
    ClaimKind.CHOW: N_("{seat} takes it for a chow"),
}
#: What one seat alone could do with the discard, in words (Art. 5).
WANTS = {
    ClaimKind.WIN: N_("{seat} can win on {tile}."),
    ClaimKind.KONG: N_("{seat} holds three {tile} and can make an open kong."),
    ClaimKind.PUNG: N_("{seat} holds a pair of {tile} and can pung it."),
    ClaimKind.CHOW: N_("{seat}, at the discarder's right, can chow {tile}."),
}


def _deal(rng: random.Random, difficulty: int) -> Discard:
    variant = variant_for(rng, difficulty)
    table = (CONVENTIONAL if variant is Variant.CONVENTIONAL else SIMPLIFIED)[difficulty]
    return deal_roles(rng, difficulty, variant, place(rng, pick(rng, table)))


def _value(seat: Wind, kind: ClaimKind) -> str:
    return f"{seat.value}-{kind.value}"


class WhoClaims(Skill[Discard]):
    id = "mahjong.claim"
    title = Message.of(N_("Mah-Jong: who takes the discard, and for what"))
    situation_type = Discard
    mistake_kinds = usual.CLAIM_KINDS

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> Discard:
        return _deal(rng, difficulty)

    def prompt(self, situation: Discard, difficulty: int) -> Message:
        params = {"seat": seat_label(situation.discarder),
                  "tile": tile_label(situation.discard)}
        if situation.variant is Variant.SIMPLIFIED:
            return Message.of(N_("Simplified Mah-Jong: {seat} discards {tile}. Who may take "
                                 "it, and for what?"), **params)
        return Message.of(N_("{seat} discards {tile}. Who may take it, and for what?"),
                          **params)

    def form(self, situation: Discard) -> AnswerForm:
        discarder = situation.discarder
        options = [Option(_value(seat, kind), Message.of(CLAIM_LABELS[kind],
                                                         seat=seat_label(seat)))
                   for seat in (discarder.next(1), discarder.next(2), discarder.next(3))
                   for kind in KINDS[situation.variant]]
        options.append(Option(NOBODY, Message.of(N_("Nobody may take it"))))
        return AnswerForm(AnswerKind.CHOICE, tuple(options))

    def read(self, question: Question, answer: Any) -> str:
        values = {option.value: option for option in question.form.options}
        if isinstance(answer, tuple | list) and len(answer) == 2:
            answer = f"{answer[0]}-{answer[1]}"
        text = str("" if answer is None else answer).strip()
        for value, option in values.items():
            if text.lower() in (str(value).lower(), str(option.label).lower()):
                return str(value)
        words = text.lower().replace("-", " ").replace(":", " ").replace(",", " ").split()
        seats = {**{s.value.lower(): s for s in Wind},
                 **{name.lower(): s for s, name in SEAT_NAMES.items()}}
        if len(words) == 2 and words[0] in seats and words[1] in {k.value for k in ClaimKind}:
            value = _value(seats[words[0]], ClaimKind(words[1]))
            if value in values:
                return value
        if words in (["none"], ["no", "one"], ["nobody"]):
            return NOBODY
        raise UnreadableAnswer(Message.of(N_("“{text}” is not one of the options: give a seat "
                                             "and a claim, such as {example}, or “nobody”."),
                                          text=text, example=next(iter(values))))

    def solve(self, question: Question) -> Solution:
        variant, discarder, tile, hands, bars = self.dealt(question).table()
        accepted, ruling = accepted_calls(discarder, tile, hands, variant, bars)
        reasons = _wants(discarder, tile, hands, variant) + _bars(tile, hands, variant, bars)
        reasons += ruling_reasons(ruling, tile, variant)
        if not accepted:
            return Solution(NOBODY, Message.of(N_("Nobody may take it")), tuple(reasons))
        first, *others = accepted
        label = Message.of(CLAIM_LABELS[first.kind], seat=seat_label(first.seat))
        if others:
            label = Message.of(N_("{claim} (he may also choose: {others})"), claim=label,
                               others=listing([Message.of(CLAIM_LABELS[c.kind],
                                                          seat=seat_label(c.seat))
                                               for c in others]))
        return Solution(call_value(first), label, tuple(reasons))

    def score(self, question: Question, given: Any, solution: Solution) -> float:
        """Right for any claim the taker may choose (HI-MJ-CLAIM: he chooses)."""
        variant, discarder, tile, hands, bars = self.dealt(question).table()
        accepted, _ = accepted_calls(discarder, tile, hands, variant, bars)
        return 1.0 if given in ({call_value(c) for c in accepted} or {NOBODY}) else 0.0

    def mistaken_answers(self, question: Question) -> tuple[tuple[MistakeKind, Any], ...]:
        """Each claim that takes the tile with one step of the priority reversed (the taker
        choosing among his claims as in :meth:`score`)."""
        variant, discarder, tile, hands, bars = self.dealt(question).table()
        return tuple((usual.REVERSED[step], call_value(call)) for step in PRIORITY
                     for call in accepted_calls(discarder, tile, hands, variant, bars,
                                                reversed_step=step)[0])


def accepted_calls(discarder: Wind, tile: int, hands: Hands, variant: Variant, bars: Bars,
                   reversed_step: Refusal | None = None) -> tuple[list[Call], Ruling]:
    """Every claim that takes the tile when each other player calls his strongest claim:
    the taker's strongest first, then the others he may choose instead; and the ruling on
    the strongest calls (``reversed_step``: a step of the priority reversed, the mistake)."""
    seats = [discarder.next(step) for step in (1, 2, 3)]
    calls = [c for seat in seats if (c := strongest(seat, discarder, tile, hands[seat],
                                                     variant, bars))]
    ruling = rule(discarder, tile, hands, calls, variant, bars, reversed_step=reversed_step)
    if ruling.granted is None:
        return [], ruling
    taker = ruling.granted.seat
    accepted = []
    for kind in legal_claims(taker, discarder, tile, hands[taker], variant, bars):
        choice = Call(taker, kind)
        instead = [choice if c.seat == taker else c for c in calls]
        if rule(discarder, tile, hands, instead, variant, bars,
                reversed_step=reversed_step).granted == choice:
            accepted.append(choice)
    accepted.sort(key=lambda c: list(ClaimKind).index(c.kind))
    return accepted, ruling


def _wants(discarder: Wind, tile: int, hands: Hands, variant: Variant) -> list[Reason]:
    """What each seat's tiles and place let him do with the discard, bars aside."""
    reasons = []
    for step in (1, 2, 3):
        seat = discarder.next(step)
        for kind in ClaimKind:
            if kind in legal_claims(seat, discarder, tile, hands[seat], variant):
                text = Message.of(WANTS[kind], seat=seat_label(seat), tile=tile_words(tile))
                reasons.append(Reason(text, claim_point(kind, variant)))
    return reasons


def _bars(tile: int, hands: Hands, variant: Variant, bars: Bars) -> list[Reason]:
    """The Art. 9 bars that change what a seat may do with this discard."""
    reasons = []
    conventional = variant is Variant.CONVENTIONAL
    for seat in sorted(bars.withdrew_pung) if conventional else ():
        if is_winning([*hands[seat][0], tile], hands[seat][1], variant):
            reasons.append(Reason(Message.of(N_("{seat} called pung earlier and withdrew: he "
                                                "may not win this game."),
                                             seat=seat_label(seat)),
                                  Article(Regulation.MAHJONG, 9, "a(2)")))
    for seat in sorted(bars.saw_tiles):
        if list(hands[seat][0]).count(tile) >= 3:
            reasons.append(Reason(Message.of(N_("{seat} saw another player's tiles: he may not "
                                                "make a kong this game."),
                                             seat=seat_label(seat)),
                                  Article(Regulation.MAHJONG, 9,
                                          "a(3)" if conventional else "b(2)")))
    return reasons
