"""Mah-Jong: the false win («nulo») and the discarder who bears the others' losses (Art. 10).

Level 1: a player declares a win with tiles that do not win. How much does he pay in all,
or to one player? (Conventional: a banker pays each of the three the double-fán amount, a
non-banker pays the banker double fán and the others one fán; simplified: one fán each.)

Levels 2–3: a discard gives another player his win. Who pays the winner — the discarder
all three shares, or each his own — or how much the discarder pays. Level 2 builds the
plain cases (a)(1), (3)–(6), (b)(1)–(2) and their everyday opposites; level 3 adds (a)(2),
the exceptions (a)(9), (a)(10), (b)(4) and the near misses (two sets on view, the third of
the tile in sight, a pair broken instead of a set of three, the forms that differ).

Situation keys: ``variant``, ``banker`` ("E"), ``round_wind``, ``case`` (the generator's
recipe, for statistics; never read by ``solve``), and either ``declarer``, ``hands``
({seat: {"concealed": tiles, "melds": [...]}}) and ``asked`` ("total" or the seat paid)
for a false win, or ``winner``, ``discarder``, ``hands`` (the winner's tiles before his
winning tile), ``discard``, ``on_view`` (other tiles in sight), ``kept`` (tiles the
discarder still holds), ``waiting``, ``broke``, ``fourth_set``, ``winning_tile`` (with
``fourth_set``: the tile he drew) and ``asked`` ("who" or "amount").
"""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

from i18n import N_, Message
from questions.answers import read_amount, read_choice
from questions.labels import money_label
from questions.mahjong.payments import BANKER, form_label, grade_label, seat_label
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.skill import Skill, Solution
from trainer.rules.house import HouseRules
from trainer.rules.mahjong.fan import Win, score
from trainer.rules.mahjong.hand import Meld, MeldKind, is_winning
from trainer.rules.mahjong.liability import Feed, declared_nulo, liability
from trainer.rules.mahjong.payments import settle
from trainer.rules.mahjong.tiles import GREEN, Variant, Wind, format_tiles, parse_tiles

EACH, DISCARDER = "each", "discarder"
_TRIES = 20
#: The recipes of each level: (liable ones, not liable ones).
LEVELS = {
    2: (("a1", "a3", "a4", "a5", "a6", "b1", "b2"),
        ("plain", "plain_simplified", "a5_pair", "a6_ready", "b2_not_waiting")),
    3: (("a1_four", "a2", "a3_winds", "a4", "a5", "a6_honour", "b1", "b2"),
        ("a9_terminals", "a9_honours", "a10_set", "a10_dragons", "b4", "a1_two",
         "a2_honours", "a3_pair", "a4_two", "a5_waiting", "b2_not_waiting", "b2_broke")),
}


class Liability(Skill):
    id = "mahjong.liability"
    title = Message.of(N_("Mah-Jong: false wins and the liable discarder"))

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> dict[str, Any]:
        if difficulty == 1:
            return _false_win(rng)
        liable, clear = LEVELS[difficulty]
        intended = rng.random() < 0.5
        case = rng.choice(liable if intended else clear)
        for _attempt in range(_TRIES):
            winner = rng.choice(list(Wind))
            table = Table(rng, case, winner, rng.choice([s for s in Wind if s is not winner]))
            if not build(table):
                continue
            situation = table.situation()
            situation.update(banker=BANKER.value, round_wind=rng.choice(list(Wind)).value,
                             asked="amount" if rng.random() < (0.25 if difficulty == 2 else 0.5)
                             else "who")
            if liability(feed_of(situation)[0]).liable is intended:
                return situation
        raise RuntimeError(f"could not build the case {case!r}")  # never seen in tests

    def prompt(self, situation: dict[str, Any], difficulty: int) -> Message:
        s = situation
        form = form_label(s["variant"])
        if "declarer" in s:
            hand = s["hands"][s["declarer"]]["concealed"]
            text = Message.of(N_("{form}: {seat} declares a win and lays down {tiles}."),
                              form=form, seat=seat_label(s["declarer"]), tiles=hand)
            if s["asked"] == "total":
                ask = Message.of(N_("How much does he pay in all? Answer with the amount "
                                    "paid, as a positive number."))
            else:
                ask = Message.of(N_("How much does he pay {seat}? Answer with the amount "
                                    "paid, as a positive number."), seat=seat_label(s["asked"]))
            return Message.of(N_("{text} {question}"), text=text, question=ask)
        return _feed_prompt(s)

    def form(self, situation: dict[str, Any]) -> AnswerForm:
        if situation.get("asked") == "who":
            return AnswerForm(AnswerKind.CHOICE, (
                Option(DISCARDER, Message.of(N_("The discarder pays all three shares"))),
                Option(EACH, Message.of(N_("Each player pays his own share")))))
        return AnswerForm(AnswerKind.AMOUNT)

    def read(self, question: Question, answer: Any) -> str | Decimal:
        if question.form.kind is AnswerKind.CHOICE:
            return read_choice(question, answer)
        return read_amount(answer)

    def solve(self, question: Question) -> Solution:
        s = question.situation
        variant = Variant(s["variant"])
        if "declarer" in s:
            declarer = Wind(s["declarer"])
            tiles, melds = _hand(s["hands"][s["declarer"]])
            paid = declared_nulo(tiles, melds, declarer, Wind(s["banker"]), variant,
                                 question.rules)
            if s["asked"] == "total":
                amount = -paid.net[declarer]
            else:
                amount = sum((t.amount for t in paid.transfers if t.payee is Wind(s["asked"])),
                             Decimal("0"))
            return Solution(amount, money_label(amount), paid.reasons)
        feed, winner, discarder = feed_of(s)
        ruling = liability(feed)
        if s["asked"] == "who":
            answer = DISCARDER if ruling.liable else EACH
            return Solution(answer, next(o.label for o in question.form.options
                                         if o.value == answer), ruling.reasons)
        fan = score(feed.win).fan
        paid = settle(winner, fan, Wind(s["banker"]), discarder=discarder,
                      liable=discarder if ruling.liable else None, rules=question.rules)
        amount = -paid.net[discarder]
        return Solution(amount, money_label(amount), ruling.reasons + paid.reasons)


def _hand(data: dict[str, Any]) -> tuple[tuple[int, ...], tuple[Meld, ...]]:
    melds = []
    for text in data.get("melds", ()):
        tiles = parse_tiles(text)
        melds.append(Meld(MeldKind.PUNG if len(set(tiles)) == 1 else MeldKind.CHOW, tiles))
    return parse_tiles(data["concealed"]), tuple(melds)


def feed_of(s: dict[str, Any]) -> tuple[Feed, Wind, Wind]:
    """The rules core's view of a fed win described by the situation ``s``."""
    winner, discarder = Wind(s["winner"]), Wind(s["discarder"])
    concealed, melds = _hand(s["hands"][s["winner"]])
    discard = parse_tiles(s["discard"])[0]
    winning = parse_tiles(s["winning_tile"])[0] if s["fourth_set"] else discard
    win = Win(concealed + (winning,), melds, winning_tile=winning, self_drawn=s["fourth_set"],
              seat_wind=winner, round_wind=Wind(s["round_wind"]), variant=Variant(s["variant"]))
    return Feed(win, discard, parse_tiles(s["on_view"]), parse_tiles(s["kept"]),
                s["waiting"], s["broke"], s["fourth_set"]), winner, discarder


def _feed_prompt(s: dict[str, Any]) -> Message:
    form, discarder, winner = (form_label(s["variant"]), seat_label(s["discarder"]),
                               seat_label(s["winner"]))
    hand = s["hands"][s["winner"]]
    if s["fourth_set"]:
        text = Message.of(N_("{form}: {discarder} discards {tile}; {winner} pungs it, his "
                             "fourth set on view, and on his next turn draws {drawn} and "
                             "wins."), form=form, discarder=discarder, winner=winner,
                          tile=s["discard"], drawn=s["winning_tile"])
    else:
        text = Message.of(N_("{form}: {discarder} discards {tile} and {winner} wins with it."),
                          form=form, discarder=discarder, winner=winner, tile=s["discard"])
    parts = [text]
    if hand["melds"]:
        parts.append(Message.of(N_("Before his winning tile the winner held {tiles}, with these "
                                   "sets on view: {melds}."),
                                tiles=hand["concealed"], melds=", ".join(hand["melds"])))
    else:
        parts.append(Message.of(N_("Before his winning tile the winner held {tiles}, with no set "
                                   "on view."), tiles=hand["concealed"]))
    parts.append(Message.of(N_("Other tiles on view on the table: {tiles}."),
                            tiles=s["on_view"]) if s["on_view"] else
                 Message.of(N_("No other tile is on view on the table.")))
    if not s["waiting"]:
        parts.append(Message.of(N_("{seat} was not waiting for a tile to win."),
                                seat=discarder))
    elif s["broke"]:
        parts.append(Message.of(N_("{seat} was waiting for a tile to win and broke his ready "
                                   "hand to discard this one."), seat=discarder))
    else:
        parts.append(Message.of(N_("{seat} was waiting for a tile to win, and his hand was "
                                   "still ready after this discard."), seat=discarder))
    if s["kept"]:
        parts.append(Message.of(N_("Among other tiles, {seat} still holds {tiles}."),
                                seat=discarder, tiles=s["kept"]))
    if s["asked"] == "who":
        parts.append(Message.of(N_("Who pays the winner?")))
    else:
        fan = score(feed_of(s)[0].win).fan
        parts.append(Message.of(N_("The hand is worth {grade}. How much does {seat} pay? "
                                   "Answer with the amount paid, as a positive number."),
                                grade=grade_label(fan), seat=discarder))
    text = parts[0]
    for part in parts[1:]:
        text = Message.of(N_("{text} {more}"), text=text, more=part)
    return text


def _false_win(rng: random.Random) -> dict[str, Any]:
    variant = Variant.CONVENTIONAL if rng.random() < 0.6 else Variant.SIMPLIFIED
    declarer = Wind.EAST if rng.random() < 0.3 else rng.choice(list(Wind))
    others = [declarer.next(step) for step in (1, 2, 3)]
    if rng.random() < 0.35:
        asked = "total"
    elif BANKER in others and rng.random() < 0.5:
        asked = BANKER.value
    else:
        asked = rng.choice(others).value
    tiles = _nulo_hand(rng, variant)
    return {"variant": variant.value, "banker": BANKER.value, "case": "nulo",
            "declarer": declarer.value, "asked": asked,
            "hands": {declarer.value: {"concealed": format_tiles(sorted(tiles)), "melds": []}}}


def _nulo_hand(rng: random.Random, variant: Variant) -> list[int]:
    """A hand one tile away from winning: a winning hand with one tile changed."""
    table = Table(rng, "nulo", Wind.EAST, Wind.SOUTH, variant)
    sets, pair = table.ordinary()
    tiles = [t for group in sets for t in group] + [pair, pair]
    for _attempt in range(_TRIES):
        swap = rng.randrange(len(tiles))
        other = rng.choice([k for k in variant.kinds if table.left[k] and k != tiles[swap]])
        changed = tiles[:swap] + [other] + tiles[swap + 1:]
        if not is_winning(changed, (), variant):
            return changed
    return tiles[:-1] + [next(k for k in variant.kinds if k not in tiles)]


class Table:
    """The tiles of one fed win, drawn from one set so that no tile appears a fifth time."""

    def __init__(self, rng: random.Random, case: str, winner: Wind, discarder: Wind,
                 variant: Variant | None = None):
        self.rng, self.case, self.winner, self.discarder = rng, case, winner, discarder
        self.variant = variant or (Variant.SIMPLIFIED if case.startswith(("b", "plain_s"))
                                   else Variant.CONVENTIONAL)
        self.left = [4 if kind in self.variant.kinds else 0 for kind in range(34)]
        self.concealed: list[int] = []
        self.melds: list[list[int]] = []
        self.on_view: list[int] = []
        self.kept: list[int] = []
        self.discard = self.winning = -1
        self.waiting = self.broke = self.fourth_set = False

    def take(self, *tiles: int) -> bool:
        if any(self.left[t] < tiles.count(t) for t in tiles):
            return False
        for t in tiles:
            self.left[t] -= 1
        return True

    def group(self, suit: int, pung: bool | None = None) -> list[int] | None:
        """A chow or pung of ``suit`` (0–2) still in the set, or None."""
        for _attempt in range(_TRIES):
            if pung or (pung is None and self.rng.random() < 0.4):
                tiles = [suit * 9 + self.rng.randrange(9)] * 3
            else:
                low = suit * 9 + self.rng.randrange(7)
                tiles = [low, low + 1, low + 2]
            if self.take(*tiles):
                return tiles
        return None

    def pair_of(self, kinds: list[int]) -> int | None:
        usable = [k for k in kinds if self.left[k] >= 2]
        if not usable:
            return None
        pair = self.rng.choice(usable)
        self.take(pair, pair)
        return pair

    def ordinary(self) -> tuple[list[list[int]], int]:
        """Sets and a pair of suit tiles from at least two suits (one set when simplified)."""
        count = self.variant.sets_needed
        suits = [self.rng.randrange(3) for _ in range(count)]
        if count > 1 and len(set(suits)) == 1:
            suits[0] = (suits[0] + 1) % 3
        sets = [self.group(suit) for suit in suits]
        pair = self.pair_of(list(range(27)))
        if pair is None or any(group is None for group in sets):
            raise _Retry
        return sets, pair  # type: ignore[return-value]

    def seat(self, sets: list[list[int]], pair: int, shown: int, need: int = 0,
             winning: int | None = None) -> int:
        """Lay out the winner's hand: ``shown`` sets on view, one concealed tile is his win.

        ``need``: copies of the winning tile that must remain for the discarder's hand.
        """
        self.melds = [list(group) for group in sets[:shown]]
        tiles = [t for group in sets[shown:] for t in group] + [pair, pair]
        if winning is None:
            choices = [t for t in tiles if self.left[t] >= need]
            if not choices:
                raise _Retry
            winning = self.rng.choice(choices)
        tiles.remove(winning)
        self.concealed, self.discard = tiles, winning
        return winning

    def keep(self, *tiles: int, shown: bool = False) -> None:
        """Tiles the discarder still holds (or, ``shown``, more tiles on view)."""
        if not self.take(*tiles):
            raise _Retry
        (self.on_view if shown else self.kept).extend(tiles)

    def fill(self) -> None:
        """A few more tiles on view, none of the kinds the case turns on."""
        special = {self.discard, *self.kept, *self.on_view}
        pool = [k for k in self.variant.kinds for _ in range(self.left[k]) if k not in special]
        for tile in self.rng.sample(pool, self.rng.randint(0, 6)):
            self.take(tile)
            self.on_view.append(tile)

    def decoy(self) -> None:
        """Sometimes a pair of another tile still in the discarder's hand."""
        spare = [k for k in range(27) if self.left[k] >= 2 and k != self.discard]
        if self.rng.random() < 0.5 and spare:
            self.keep(*[self.rng.choice(spare)] * 2)

    def situation(self) -> dict[str, Any]:
        hand = {"concealed": format_tiles(sorted(self.concealed)),
                "melds": [format_tiles(group) for group in self.melds]}
        data = {"variant": self.variant.value, "case": self.case, "winner": self.winner.value,
                "discarder": self.discarder.value, "hands": {self.winner.value: hand},
                "discard": format_tiles([self.discard]),
                "on_view": format_tiles(sorted(self.on_view)),
                "kept": format_tiles(sorted(self.kept)), "waiting": self.waiting,
                "broke": self.broke, "fourth_set": self.fourth_set}
        if self.fourth_set:
            data["winning_tile"] = format_tiles([self.winning])
        return data


class _Retry(Exception):
    """The tiles drawn cannot make this case: build it again."""


def _winner(t: Table, hand: str, need: int) -> int:
    """Lay out the winner's hand of the kind ``hand``; return its winning tile.

    ``need``: copies of the winning tile that must stay free for the discarder's hand.
    """
    suit, rng = t.rng.randrange(3), t.rng
    if hand in ("ordinary", "honour_pair", "green_pair"):
        sets, pair = t.ordinary()
        if hand != "ordinary":  # an honour pair instead, which the discard completes
            t.left[pair] += 2
            pair = t.pair_of([GREEN] if hand == "green_pair" else list(range(27, 34)))
            if pair is None:
                raise _Retry
        shown = rng.randint(0, 2) if t.variant.sets_needed > 1 else 0
        return t.seat(sets, pair, shown, need, pair if hand != "ordinary" else None)
    if hand in ("pure2", "pure3", "pure4", "pure_fed", "mixed_fed"):
        fed = hand.endswith("fed")
        sets = [t.group(suit, pung=True if fed and i == 3 else None) for i in range(4)]
        pair = t.pair_of(list(range(27, 34)) if hand == "mixed_fed" else
                         list(range(suit * 9, suit * 9 + 9)))
        if pair is None or None in sets:
            raise _Retry
        if not fed:
            return t.seat(sets, pair, int(hand[-1]), need)  # type: ignore[arg-type]
        t.melds, t.concealed, t.fourth_set = sets, [pair], True  # type: ignore[assignment]
        t.discard, t.winning = sets[3][0], pair  # type: ignore[index]
        return t.discard
    if hand == "terminals":
        kinds = rng.sample([k for k in range(27) if k % 9 in (0, 8)], 5)
        if not all(t.take(k, k, k) for k in kinds[:4]) or t.pair_of(kinds[4:]) is None:
            raise _Retry
        return t.seat([[k] * 3 for k in kinds[:4]], kinds[4], rng.randint(0, 2), need)
    # Big three dragons, big four winds, or all honours with big three dragons.
    kinds = list(range(27, 31) if hand == "winds" else range(31, 34))
    x = rng.choice(kinds)
    sets = [[k] * 3 for k in kinds if k != x]
    shown = len(sets)
    for group in sets:
        t.take(*group)
    if hand == "honours":
        extra = rng.choice(range(27, 31))
        t.take(extra, extra, extra)
        sets.append([extra] * 3)
        pair = t.pair_of([k for k in range(27, 31) if k != extra])
    else:
        if hand != "winds":
            sets.append(t.group(suit, pung=False))  # type: ignore[arg-type]
        pair = t.pair_of(list(range(27)))
    t.take(x, x, x)
    if pair is None or None in sets:
        raise _Retry
    sets.append([x] * 3)
    winning = rng.choice([*sets[-2], pair]) if hand == "dragons_pair" else x
    return t.seat(sets, pair, shown, winning=winning)


def _discarder(t: Table, act: str, x: int) -> None:
    """What the discarder did and still holds (``act``), and the tiles on view."""
    if act.startswith("fourth"):  # he kept the last tile of an honour
        h = t.rng.choice([k for k in range(27, 34) if t.left[k] == 4]
                         if t.variant is Variant.CONVENTIONAL else [GREEN])
        t.keep(*[h] * (2 if act == "fourth_two" else 3), shown=True)
        t.keep(h)
    t.waiting = act in ("broke", "ready", "three_ready") or (act == "" and t.rng.random() < .5)
    t.broke = act == "broke"
    if act in ("three", "three_ready"):
        t.keep(x, x)
    elif act == "pair":
        t.keep(x)
    else:
        t.decoy()


#: case: (the winner's hand, what the discarder did, tiles of the discard's kind on view)
RECIPES = {
    "plain": ("ordinary", "", 0), "plain_simplified": ("ordinary", "", 0),
    "a1": ("pure3", "", 0), "a1_four": ("pure4", "", 0), "a1_two": ("pure2", "", 0),
    "a2": ("pure_fed", "", 0), "a2_honours": ("mixed_fed", "", 0),
    "a3": ("dragons", "", 1), "a3_winds": ("winds", "", 1), "a10_dragons": ("dragons", "", 0),
    "a3_pair": ("dragons_pair", "", 0), "a9_honours": ("honours", "", 1),
    "a9_terminals": ("terminals", "any", 0), "a4": ("ordinary", "fourth", 0),
    "a4_two": ("ordinary", "fourth_two", 0), "a5": ("ordinary", "three", 0),
    "a5_pair": ("ordinary", "pair", 0), "a5_waiting": ("ordinary", "three_ready", 0),
    "a6": ("ordinary", "broke", 0), "a6_ready": ("ordinary", "ready", 0),
    "a6_honour": ("honour_pair", "broke", 1), "a10_set": ("honour_pair", "three", 0),
    "b1": ("ordinary", "fourth", 0), "b2": ("ordinary", "three_ready", 0),
    "b2_not_waiting": ("ordinary", "three", 0), "b2_broke": ("ordinary", "broke", 0),
    "b4": ("green_pair", "three_ready", 0),
}


def build(t: Table) -> bool:
    """Build ``t.case`` on the table; False if these tiles could not make it."""
    hand, act, seen = RECIPES[t.case]
    if act == "any":
        act = t.rng.choice(("three", "broke", "fourth"))
    try:
        need = 2 if act.startswith("three") else 1 if act == "pair" else 0
        x = _winner(t, hand, need)
        t.keep(*[x] * seen, shown=True)
        _discarder(t, act, x)
        t.fill()
    except _Retry:
        return False
    return True
