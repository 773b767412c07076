"""Mah-Jong: what may this player do with the discard? Every claim legal for him (Portaria
135/91/M, Art. 4, 5 and 9; HI-MJ-CLAIM: a player who could make several claims chooses).

Situation: as ``claims.py`` (``variant``, ``discarder``, ``discard``, ``hands``, ``bars``),
plus ``seat``, the player asked about. The answer is a set of claims (``win``, ``kong``,
``pung``, ``chow``), or ``{"none"}`` when he may not take the tile: a chow only by the next
player with two tiles of a run, a pung with a pair, an open kong with three (not after seeing
another's tiles), a win when the tile completes the hand (not after withdrawing a pung call);
in the simplified form only a win or an open kong.
"""

from __future__ import annotations

import random
from typing import Any

from i18n import N_, Message
from questions.answers import read_choices
from questions.mahjong.claims.claim_deal import deal_roles, place
from questions.mahjong.claims.claim_words import (
    bar_sentences,
    claim_point,
    refusal_text,
    sentences,
)
from questions.mahjong.situation import DiscardAsked, seat_label, tile_label
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.skill import Skill, Solution
from trainer.rules.house import HouseRules
from trainer.rules.mahjong import Call, ClaimKind, Variant
from trainer.rules.mahjong.play.claims import HI_MJ_CLAIM, faults, legal_claims
from trainer.rules.regulations import Reason

NONE = "none"
KIND_WORDS = {ClaimKind.WIN: N_("Win on it"), ClaimKind.KONG: N_("Kong"),
              ClaimKind.PUNG: N_("Pung"), ClaimKind.CHOW: N_("Chow")}
MAY = {
    ClaimKind.WIN: N_("{seat} may win on {tile}: it completes his hand."),
    ClaimKind.KONG: N_("{seat} may make an open kong: he holds three {tile}."),
    ClaimKind.PUNG: N_("{seat} may pung: he holds a pair of {tile}."),
    ClaimKind.CHOW: N_("{seat} may chow: he is the next to play and holds two tiles that "
                       "make a run with {tile}."),
}
#: The asked player's role (see ``claim_deal``), with weights, by level and form.
ROLES = {
    (Variant.CONVENTIONAL, 1): {"both": 4, "chow": 2, "pung": 2, "kong": 2, "win": 2,
                                "decoy": 2, "none": 1},
    (Variant.CONVENTIONAL, 2): {"both": 3, "kong": 3, "win": 3, "pung": 1, "decoy": 2,
                                "win!": 2, "kong!": 2, "chow": 1},
    (Variant.CONVENTIONAL, 3): {"both": 2, "kong": 2, "win": 3, "win!": 3, "kong!": 3,
                                "decoy": 1, "pung": 1},
    (Variant.SIMPLIFIED, 2): {"win": 3, "kong": 3, "pung": 2, "none": 1},
    (Variant.SIMPLIFIED, 3): {"win": 2, "kong": 2, "kong!": 3, "pung": 1, "both": 1},
}
SIMPLIFIED_SHARE = {1: 0.0, 2: 0.25, 3: 0.3}


def deal_options(rng: random.Random, difficulty: int) -> DiscardAsked:
    simplified = rng.random() < SIMPLIFIED_SHARE[difficulty]
    variant = Variant.SIMPLIFIED if simplified else Variant.CONVENTIONAL
    weights = ROLES[variant, difficulty]
    role, = rng.choices(list(weights), list(weights.values()))
    roles = place(rng, [role, "none", "none"])
    dealt = deal_roles(rng, difficulty, variant, roles)
    at = roles.index(role) if role != "none" else rng.randrange(3)
    return DiscardAsked(dealt.variant, dealt.discarder, dealt.discard, dealt.hands, dealt.bars,
                        dealt.discarder.next(at + 1))


def _legal(situation: DiscardAsked) -> tuple[frozenset[ClaimKind], list[Reason]]:
    variant, discarder, tile, hands, bars = situation.table()
    seat = situation.seat
    legal = legal_claims(seat, discarder, tile, hands[seat], variant, bars)
    reasons = []
    for kind in ClaimKind:
        if kind in legal:
            reasons.append(Reason(Message.of(MAY[kind], seat=seat_label(seat),
                                             tile=tile_label(situation.discard)),
                                  claim_point(kind, variant)))
        else:
            ground = faults(Call(seat, kind), discarder, tile, hands[seat], variant, bars)[0]
            reasons.append(Reason(Message.of(N_("{refusal}."), refusal=refusal_text(
                Call(seat, kind), ground, tile)), ground.source(variant)))
    if len(legal) > 1:
        reasons.append(Reason(Message.of(N_("A player who may make several claims on one "
                                            "discard chooses among them: the rules rank "
                                            "claims only between players.")), HI_MJ_CLAIM))
    return legal, reasons


class WhatMayHeClaim(Skill[DiscardAsked]):
    id = "mahjong.claim_options"
    title = Message.of(N_("Mah-Jong: what may a player do with a discard"))
    situation_type = DiscardAsked

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> DiscardAsked:
        return deal_options(rng, difficulty)

    def prompt(self, situation: DiscardAsked, difficulty: int) -> Message:
        seat = situation.seat
        params = {"discarder": seat_label(situation.discarder),
                  "tile": tile_label(situation.discard), "seat": seat_label(seat)}
        if situation.variant is Variant.SIMPLIFIED:
            opening = N_("Simplified Mah-Jong: {discarder} discards {tile}.")
        else:
            opening = N_("{discarder} discards {tile}.")
        return sentences([Message.of(opening, **params), *bar_sentences(situation, [seat]),
                          Message.of(N_("What may {seat} do with it? Choose every claim he may "
                                        "make (or none)."), **params)])

    def form(self, situation: DiscardAsked) -> AnswerForm:
        options = [Option(kind.value, Message.of(KIND_WORDS[kind])) for kind in ClaimKind]
        options.append(Option(NONE, Message.of(N_("None: he may not take it"))))
        return AnswerForm(AnswerKind.CHOICES, tuple(options))

    def read(self, question: Question, answer: Any) -> frozenset[int | str]:
        return read_choices(question, answer)

    def solve(self, question: Question) -> Solution:
        legal, reasons = _legal(self.dealt(question))
        if not legal:
            return Solution(frozenset({NONE}), Message.of(N_("None: he may not take it")),
                            tuple(reasons))
        kinds = [kind for kind in ClaimKind if kind in legal]
        text = Message.of(KIND_WORDS[kinds[0]])
        for kind in kinds[1:]:
            text = Message.of(N_("{list}, {item}"), list=text, item=Message.of(KIND_WORDS[kind]))
        return Solution(frozenset(kind.value for kind in kinds), text, tuple(reasons))
