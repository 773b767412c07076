"""Mah-Jong: who takes a discard, and for what (Portaria 135/91/M, Art. 5 and 9).

Situation: ``variant`` ("conventional" or "simplified"), ``discarder`` (a seat wind
"E"/"S"/"W"/"N"), ``discard`` (a tile), ``hands`` ({seat: {"concealed", "melds"}}, see
``situation.py``) for all four seats (the discarder's after his discard), ``bars``
({"withdrew_pung": [seats], "saw_tiles": [seats]}: Art. 9 a 2 and a 3 / b 2).

The answer is one option: ``"<seat>-<claim>"`` (e.g. ``"W-pung"``, claims ``win``,
``kong``, ``pung``, ``chow``; only ``win`` and ``kong`` in the simplified form) or
``"nobody"``. The generator picks a scenario — who wants the tile and why — then builds
the hands that make it so; the rules core's ``claim`` decides.
"""

from __future__ import annotations

import random
from typing import Any

from i18n import N_, Message
from questions.mahjong.situation import (
    SEAT_NAMES,
    Box,
    hand_json,
    read_hand,
    seat_label,
    suit_neighbours,
    tile_label,
)
from questions.model import AnswerForm, AnswerKind, Option, Question, UnreadableAnswer
from questions.skill import Skill, Solution
from trainer.rules.house import HouseRules
from trainer.rules.mahjong import ClaimKind, Meld, Variant, Wind, claim, is_winning
from trainer.rules.mahjong.tile_words import tile_words
from trainer.rules.mahjong.tiles import GREEN, parse_tile, tile_name
from trainer.rules.regulations import Article, Reason, Regulation

NOBODY = "nobody"
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
_ITEMS = {Variant.CONVENTIONAL: "a", Variant.SIMPLIFIED: "b"}

#: Scenarios by difficulty: the roles of the three other seats, with weights. "win!" is a
#: winner who withdrew a pung call (Art. 9 a 2), "kong!" a holder of three who saw
#: another's tiles (Art. 9 a 3), "decoy" a player with a chow shape who is not next.
CONVENTIONAL = {
    1: [(("win", "none", "none"), 3), (("win", "pung", "none"), 3), (("pung", "none", "none"), 2),
        (("pung", "chow", "none"), 3), (("kong", "none", "none"), 2),
        (("kong", "chow", "none"), 2), (("chow", "none", "none"), 3),
        (("none", "none", "none"), 2)],
    2: [(("win", "pung", "none"), 2), (("win", "kong", "none"), 1), (("win", "chow", "none"), 1),
        (("win", "win", "none"), 2), (("pung", "chow", "none"), 2), (("pung", "decoy", "none"), 2),
        (("kong", "chow", "none"), 2), (("kong", "none", "none"), 1),
        (("chow", "decoy", "none"), 3), (("none", "decoy", "none"), 2)],
    3: [(("win", "win", "pung"), 2), (("win", "win", "win"), 1), (("win!", "win", "none"), 2),
        (("win", "kong!", "none"), 1), (("win", "kong", "chow"), 1),
        (("win!", "pung", "none"), 2), (("kong!", "chow", "none"), 2),
        (("kong!", "none", "none"), 1), (("pung", "decoy", "chow"), 1),
        (("win!", "kong!", "chow"), 1), (("kong", "decoy", "none"), 1),
        (("kong", "chow", "win!"), 2), (("win!", "chow", "none"), 1),
        (("chow", "decoy", "win!"), 2), (("win!", "none", "none"), 1),
        (("win!", "decoy", "none"), 1)],
}
SIMPLIFIED = {
    1: [(("win", "none", "none"), 3), (("kong", "none", "none"), 2), (("win", "kong", "none"), 3),
        (("none", "none", "none"), 1)],
    2: [(("win", "win", "none"), 2), (("win", "kong", "none"), 2), (("kong", "none", "none"), 3),
        (("win", "none", "none"), 1), (("none", "none", "none"), 1)],
    3: [(("win", "win", "win"), 1), (("win", "win", "kong"), 1), (("kong!", "win", "none"), 1),
        (("win", "kong!", "none"), 1), (("kong", "none", "none"), 3),
        (("kong!", "none", "none"), 1)],
}
_TRIES = 6


def _variant_for(rng: random.Random, difficulty: int) -> Variant:
    simplified = {1: 0.0, 2: 0.25, 3: 0.3}[difficulty]
    return Variant.SIMPLIFIED if rng.random() < simplified else Variant.CONVENTIONAL


def _pick(rng: random.Random, table: list[tuple[tuple[str, ...], int]]) -> list[str]:
    roles, = rng.choices([roles for roles, _ in table], [w for _, w in table])
    return list(roles)


def _place(rng: random.Random, roles: list[str]) -> list[str]:
    """Roles for the seats 1, 2, 3 turns after the discarder; a real chow sits next."""
    rng.shuffle(roles)
    if "chow" in roles:
        at = roles.index("chow")
        roles[0], roles[at] = roles[at], roles[0]
    elif roles[0] == "decoy":
        at = rng.choice([1, 2])
        roles[0], roles[at] = roles[at], roles[0]
    return roles


def _discard(rng: random.Random, variant: Variant, roles: list[str]) -> int:
    """A tile that lets every role be played: chows and copy-less waits need a suit tile."""
    base = [r.rstrip("!") for r in roles]
    held = 3 * base.count("kong") + 2 * base.count("pung")
    needs_suit = "chow" in base or "decoy" in base or base.count("win") > 3 - held
    if variant is Variant.SIMPLIFIED:
        honours = [GREEN]
    else:
        honours = list(range(27, 34))
    if not needs_suit and rng.random() < 0.25:
        return rng.choice(honours)
    return rng.randrange(27)


def _winner(box: Box, tile: int, copies: int, melds: int, variant: Variant,
            ) -> tuple[list[int], list[Meld]]:
    """A hand one tile from winning, ``tile`` completing it, holding ``copies`` of it."""
    avoid = {tile}
    sets = variant.sets_needed - melds
    if copies == 0:
        block = box.partial(tile)
        block += [box.pung(avoid=avoid, size=2)] * 2  # type: ignore[list-item]
        sets -= 1
    elif copies == 1:
        block = box.take([tile])
    else:
        block = box.take([tile, tile]) + [box.pung(avoid=avoid, size=2)] * 2  # type: ignore[list-item]
        sets -= 1
    open_melds = [box.meld(avoid=avoid, concealed=False) for _ in range(melds)]
    for _ in range(sets):
        block += box.meld(avoid=avoid).tiles  # type: ignore[union-attr]
    return block, open_melds  # type: ignore[return-value]


def _other(box: Box, role: str, tile: int, melds: int, variant: Variant, next_seat: bool,
           ) -> tuple[list[int], list[Meld]]:
    """A hand that wants ``tile`` only as its role says, and cannot win on it."""
    size = 3 * variant.sets_needed + 1 - 3 * melds
    avoid = {tile} | (suit_neighbours(tile) if next_seat and role in ("none", "decoy") else set())
    saved = box.snapshot()
    for _ in range(_TRIES):
        box.restore(saved)
        open_melds = [box.meld(avoid=avoid, concealed=False) for _ in range(melds)]
        if role in ("chow", "decoy"):
            core = box.partial(tile)
        else:
            core = box.take([tile] * {"kong": 3, "pung": 2}.get(role, 0))
        tiles = core + box.loose_hand(size - len(core), avoid=avoid)
        if not is_winning([*tiles, tile], open_melds, variant):
            break
    return tiles, open_melds  # type: ignore[return-value]


def _copies(rng: random.Random, roles: list[str], tile: int) -> dict[int, int]:
    """How many of the discard each winner holds, within the four in the set."""
    base = [r.rstrip("!") for r in roles]
    left = 3 - 3 * base.count("kong") - 2 * base.count("pung")
    winners = [at for at in rng.sample(range(3), 3) if base[at] == "win"]
    copies = {}
    for index, at in enumerate(winners):
        # An honour cannot be waited on without holding one: keep one for each winner after.
        reserve = 0 if tile < 27 else len(winners) - index - 1
        options = [c for c in (0, 1, 2) if c <= left - reserve and (c or tile < 27)]
        copies[at] = rng.choice(options)
        left -= copies[at]
    return copies


def _deal(rng: random.Random, difficulty: int) -> dict[str, Any]:
    variant = _variant_for(rng, difficulty)
    table = (CONVENTIONAL if variant is Variant.CONVENTIONAL else SIMPLIFIED)[difficulty]
    roles = _place(rng, _pick(rng, table))
    discarder = rng.choice(list(Wind))
    tile = _discard(rng, variant, roles)
    box = Box(variant, rng)
    box.take([tile])
    copies = _copies(rng, roles, tile)
    hands, bars = {}, {"withdrew_pung": [], "saw_tiles": []}
    for at, role in enumerate(roles):
        seat = discarder.next(at + 1)
        melds = rng.choice((0, 0, 1, 1, 2)) if difficulty > 1 and variant is (
            Variant.CONVENTIONAL) else 0
        if role.startswith("win"):
            concealed, open_melds = _winner(box, tile, copies[at], melds, variant)
        else:
            concealed, open_melds = _other(box, role.rstrip("!"), tile, melds, variant, at == 0)
        hands[seat.value] = hand_json(concealed, open_melds)
        if role == "win!":
            bars["withdrew_pung"].append(seat.value)
        if role == "kong!":
            bars["saw_tiles"].append(seat.value)
    hands[discarder.value] = hand_json(box.loose_hand(3 * variant.sets_needed + 1, {tile}))
    return {"variant": variant.value, "discarder": discarder.value, "discard": tile_name(tile),
            "hands": {seat.value: hands[seat.value] for seat in Wind}, "bars": bars}


def _value(seat: Wind, kind: ClaimKind) -> str:
    return f"{seat.value}-{kind.value}"


class WhoClaims(Skill):
    id = "mahjong.claim"
    title = Message.of(N_("Mah-Jong: who takes the discard, and for what"))

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> dict[str, Any]:
        return _deal(rng, difficulty)

    def prompt(self, situation: dict[str, Any], difficulty: int) -> Message:
        params = {"seat": seat_label(Wind(situation["discarder"])),
                  "tile": tile_label(situation["discard"])}
        if situation["variant"] == Variant.SIMPLIFIED.value:
            return Message.of(N_("Simplified Mah-Jong: {seat} discards {tile}. Who may take "
                                 "it, and for what?"), **params)
        return Message.of(N_("{seat} discards {tile}. Who may take it, and for what?"),
                          **params)

    def form(self, situation: dict[str, Any]) -> AnswerForm:
        discarder = Wind(situation["discarder"])
        options = [Option(_value(seat, kind), Message.of(CLAIM_LABELS[kind],
                                                         seat=seat_label(seat)))
                   for seat in (discarder.next(1), discarder.next(2), discarder.next(3))
                   for kind in KINDS[Variant(situation["variant"])]]
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
        situation = question.situation
        variant = Variant(situation["variant"])
        discarder = Wind(situation["discarder"])
        tile = parse_tile(situation["discard"])
        hands = {Wind(seat): read_hand(hand) for seat, hand in situation["hands"].items()}
        no_win = {Wind(s) for s in situation["bars"]["withdrew_pung"]}
        no_kong = {Wind(s) for s in situation["bars"]["saw_tiles"]}
        result = claim(discarder, tile, hands, variant, barred_from_winning=no_win,
                       barred_from_kong=no_kong)
        reasons = _wants(discarder, tile, hands, variant) + _bars(
            discarder, tile, hands, variant, no_win, no_kong)
        if result is None:
            reasons.append(Reason(Message.of(N_("Nobody may take {tile}: it goes to the "
                                                "discards and the next player draws."),
                                             tile=tile_label(situation["discard"])),
                                  _art(variant, 5)))
            return Solution(NOBODY, Message.of(N_("Nobody may take it")), tuple(reasons))
        answer = _value(result.seat, result.kind)
        label = Message.of(CLAIM_LABELS[result.kind], seat=seat_label(result.seat))
        return Solution(answer, label, tuple(reasons) + result.reasons)


def _art(variant: Variant, number: int) -> Article:
    return Article(Regulation.MAHJONG, number, _ITEMS[variant])


def _alone(discarder: Wind, seat: Wind, tile: int, hands: dict, variant: Variant,
           **bars: Any):
    """What ``seat`` could do with the discard if the other two did not want it."""
    empty: tuple[tuple[int, ...], tuple[Meld, ...]] = ((), ())
    only = {s: hands[s] if s == seat else empty for s in Wind if s != discarder}
    return claim(discarder, tile, only, variant, **bars)


def _wants(discarder: Wind, tile: int, hands: dict, variant: Variant) -> list[Reason]:
    reasons = []
    for step in (1, 2, 3):
        seat = discarder.next(step)
        alone = _alone(discarder, seat, tile, hands, variant)
        if alone is not None:
            reasons.append(Reason(Message.of(WANTS[alone.kind], seat=seat_label(seat),
                                             tile=tile_words(tile)), _art(variant, 5)))
    return reasons


def _bars(discarder: Wind, tile: int, hands: dict, variant: Variant, no_win: set[Wind],
          no_kong: set[Wind]) -> list[Reason]:
    """The Art. 9 bars that change what a seat may do with this discard."""
    reasons = []
    for seat in no_win:
        if is_winning([*hands[seat][0], tile], hands[seat][1], variant):
            reasons.append(Reason(Message.of(N_("{seat} called pung earlier and withdrew: he "
                                                "may not win this game."),
                                             seat=seat_label(seat)), _art(variant, 9)))
    for seat in no_kong:
        alone = _alone(discarder, seat, tile, hands, variant)
        if alone is not None and alone.kind is ClaimKind.KONG:
            reasons.append(Reason(Message.of(N_("{seat} saw another player's tiles: he may not "
                                                "make a kong this game."),
                                             seat=seat_label(seat)), _art(variant, 9)))
    return reasons
