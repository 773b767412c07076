"""Mah-Jong: is it a winning hand, and which tiles complete it (Portaria 135/91/M, Art. 4;
Art. 6 a for thirteen orphans).

Difficulty 1 shows 14 tiles and asks whether they win (half of them near misses: one tile
off, seven pairs, thirteen orphans with a stranger, no pair, a "chow" across suits or of
winds). Difficulties 2–3 show 13 tiles (4 in the simplified form) and ask for every tile
that completes them: at 2 a winning hand with one tile taken away, at 3 the shapes with
many waits, thirteen orphans (one wait or thirteen), a wait whose four tiles are all
already in the hand, and declared melds.

Situation (:class:`.situation.HandAsked`): ``variant``, ``ask`` ("winning" or "waits"),
``hand`` ({"concealed", "melds"}, see ``situation.py``) and ``candidates`` (the tiles
offered, for "waits"). Answers: "winning" — ``"yes"`` or ``"no"`` (or ``True``/``False``);
"waits" — a set of tiles in the core's notation (``{"3m", "6m"}`` or typed ``"3m 6m"``; an
empty set when nothing completes the hand). The reference answer is a ``str`` or a
``frozenset`` of ``str``.
"""

from __future__ import annotations

import random
from typing import Any

from i18n import N_, Message, listing
from questions.answers import read_choice, read_choices
from questions.mahjong.hands.box import Box, drawn, suit_neighbours
from questions.mahjong.situation import HandAsked, TileHand, tile_label
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.skill import Skill, Solution
from trainer.rules.house import HouseRules
from trainer.rules.mahjong import Meld, Variant, is_winning, waits
from trainer.rules.mahjong.hands.hand import ORPHANS, reading_reason, waits_reasons
from trainer.rules.mahjong.hands.tiles import parse_tile, tile_name

YES, NO = "yes", "no"
#: One-suit blocks (values) with many waits, or with a wait whose four tiles are held.
MULTI_WAITS = ("2223", "3334", "6667", "1112", "3444", "3456", "2223456", "3334567",
               "2345666", "5556789", "2333345", "1112345", "2223456777", "3334567888",
               "1112345678999", "2222345", "1111234", "5555678")
SIMPLE_WAITS = ("2223", "3334", "5556", "1112", "1113", "3444", "6777", "3456", "2345")
MAX_OPTIONS = 12
_TRIES = 8


def _complete(box: Box, variant: Variant, melds: int) -> tuple[list[int], list[Meld]]:
    """A winning hand drawn from the box: sets (``melds`` of them laid open) and a pair."""
    open_melds = [drawn(box.meld(concealed=False)) for _ in range(melds)]
    tiles = [t for _ in range(variant.sets_needed - melds) for t in drawn(box.meld()).tiles]
    pair = drawn(box.pung(size=2))
    return tiles + [pair, pair], open_melds


def _thirteen_orphans(rng: random.Random, complete: bool) -> list[int]:
    """Thirteen orphans with its duplicate, or (not complete) one orphan short."""
    tiles = list(ORPHANS)
    if not complete:
        tiles.remove(rng.choice(tiles))
    return tiles + [rng.choice(tiles)]


def _near_miss(rng: random.Random, box: Box) -> list[int]:
    """Fourteen tiles that look like a win and are not."""
    kind = rng.choice(("one-off", "one-off", "seven-pairs", "orphans-stranger", "no-pair",
                       "false-chow"))
    if kind == "seven-pairs":
        return [t for t in rng.sample(range(34), 7) for _ in (0, 1)]
    if kind == "orphans-stranger":
        tiles = _thirteen_orphans(rng, complete=False)
        return tiles + [rng.choice([t for t in range(27) if t not in ORPHANS])]
    if kind == "false-chow":
        tiles, _ = _complete(box, Variant.CONVENTIONAL, 0)
        suit = rng.randrange(2)
        fake = rng.choice(([9 * suit + 7, 9 * suit + 8, 9 * suit + 9], [27, 28, 29],
                           [28, 29, 30], [31, 32, 33]))
        return tiles[3:] + fake  # the first set gives way to the false one
    tiles, _ = _complete(box, Variant.CONVENTIONAL, 0)
    if kind == "no-pair":
        first = box.singles(1, avoid=set(tiles))
        return tiles[:12] + first + box.singles(1, avoid=set(tiles) | set(first))
    at = rng.randrange(14)
    neighbours = sorted(suit_neighbours(tiles[at], 1) - {tiles[at]}) or [rng.randrange(34)]
    changed = list(tiles)
    changed[at] = rng.choice(neighbours)
    return changed


def _deal_winning(rng: random.Random) -> HandAsked:
    """Half winning hands (a few thirteen orphans), half near misses the core confirms."""
    wanted = rng.random() < 0.5
    for _ in range(_TRIES):
        box = Box(Variant.CONVENTIONAL, rng)
        if wanted:
            tiles = (_thirteen_orphans(rng, complete=True) if rng.random() < 0.12
                     else _complete(box, Variant.CONVENTIONAL, 0)[0])
        else:
            tiles = _near_miss(rng, box)
        if max(tiles.count(t) for t in tiles) <= 4 and is_winning(tiles) == wanted:
            break
    return HandAsked(Variant.CONVENTIONAL, "winning", TileHand.of(tiles))


def _waiting(rng: random.Random, difficulty: int, variant: Variant,
             ) -> tuple[list[int], list[Meld]]:
    """Thirteen (or four) tiles one tile from winning, shaped by the difficulty."""
    box = Box(variant, rng)
    plan = "one-away"
    if difficulty == 3:
        plan = rng.choice(("multi", "multi", "multi", "orphans", "one-away"))
        if variant is Variant.SIMPLIFIED:
            plan = rng.choice(("multi", "multi", "one-away"))
    if plan == "orphans":
        return _thirteen_orphans(rng, complete=rng.random() < 0.35)[:13], []
    melds = 0 if variant is Variant.SIMPLIFIED else rng.choice((0, 0, 1, 1, 2))
    if plan == "multi":
        values = rng.choice(SIMPLE_WAITS if variant is Variant.SIMPLIFIED else MULTI_WAITS)
        suit = rng.randrange(3)
        block = box.take([9 * suit + int(v) - 1 for v in values])
        sets = (3 * variant.sets_needed + 1 - len(block)) // 3
        melds = min(melds, sets)
        others = set(range(9 * suit, 9 * suit + 9))
        open_melds = [drawn(box.meld(avoid=others, concealed=False)) for _ in range(melds)]
        tiles = block + [t for _ in range(sets - melds)
                         for t in drawn(box.meld(avoid=others)).tiles]
        return tiles, open_melds
    tiles, open_melds = _complete(box, variant, melds)
    tiles.pop(rng.randrange(len(tiles)))
    return tiles, open_melds


def _candidates(rng: random.Random, variant: Variant, tiles: list[int],
                answer: set[str]) -> list[str]:
    """The tiles offered: every wait, the tiles next to the hand's, the four-held traps."""
    held = {t for t in tiles if tiles.count(t) == 4}
    near = {n for t in tiles for n in suit_neighbours(t, 1)} | {t for t in tiles if t >= 27}
    near = {t for t in near if t in variant.kinds and tile_name(t) not in answer}
    traps, rest = sorted(held & near), sorted(near - held)
    room = max(MAX_OPTIONS - len(answer) - len(traps), 2)
    chosen = traps + (rng.sample(rest, room) if len(rest) > room else rest)
    while len(answer) + len(chosen) < 6:
        extra = rng.choice([t for t in variant.kinds if t not in chosen])
        if tile_name(extra) not in answer:
            chosen.append(extra)
    everything = {parse_tile(name) for name in answer} | set(chosen)
    return [tile_name(t) for t in sorted(everything)]


def _deal_waits(rng: random.Random, difficulty: int) -> HandAsked:
    simplified = rng.random() < {2: 0.25, 3: 0.25}[difficulty]
    variant = Variant.SIMPLIFIED if simplified else Variant.CONVENTIONAL
    tiles, melds = _waiting(rng, difficulty, variant)
    answer = waits(tiles, melds, variant)
    return HandAsked(variant, "waits", TileHand.of(tiles, melds),
                     tuple(_candidates(rng, variant, tiles, answer)))


class Waits(Skill[HandAsked]):
    id = "mahjong.waits"
    title = Message.of(N_("Mah-Jong: winning hands and the tiles that complete them"))
    situation_type = HandAsked

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> HandAsked:
        return _deal_winning(rng) if difficulty == 1 else _deal_waits(rng, difficulty)

    def prompt(self, situation: HandAsked, difficulty: int) -> Message:
        simplified = situation.variant is Variant.SIMPLIFIED
        if situation.ask == "winning":
            return Message.of(N_("Is this hand of 14 tiles a winning hand?"))
        if simplified:
            return Message.of(N_("Simplified Mah-Jong: which tiles would complete this hand? "
                                 "Choose every one (none if no tile does)."))
        return Message.of(N_("Which tiles would complete this hand? Choose every one (none "
                             "if no tile does)."))

    def form(self, situation: HandAsked) -> AnswerForm:
        if situation.ask == "winning":
            return AnswerForm(AnswerKind.CHOICE, (
                Option(YES, Message.of(N_("Yes, it is a winning hand"))),
                Option(NO, Message.of(N_("No, it is not a winning hand")))))
        return AnswerForm(AnswerKind.CHOICES, tuple(Option(tile, tile_label(tile))
                                                    for tile in situation.candidates or ()))

    def read(self, question: Question, answer: Any) -> Any:
        if self.dealt(question).ask == "winning":
            if isinstance(answer, bool):
                return YES if answer else NO
            return read_choice(question, answer)
        return read_choices(question, answer)

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        variant = situation.variant
        concealed, melds = situation.hand.read()
        if situation.ask == "winning":
            won = is_winning(concealed, melds, variant)
            answer = YES if won else NO
            label = next(o.label for o in self.form(situation).options if o.value == answer)
            return Solution(answer, label, (reading_reason(concealed, melds, variant),))
        completing = frozenset(waits(concealed, melds, variant))
        text = (listing([tile_label(t) for t in sorted(completing, key=parse_tile)])
                if completing else Message.of(N_("No tile completes it")))
        return Solution(completing, text, waits_reasons(concealed, melds, variant))
