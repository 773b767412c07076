"""Mah-Jong: the false win («nulo») and the discarder who bears the others' losses (Art. 10).

Level 1: a player declares a win with tiles that do not win. How much does he pay in all,
or to one player? (Conventional: a banker pays each of the three the double-fán amount, a
non-banker pays the banker double fán and the others one fán; simplified: one fán each.)

Levels 2–3: a discard gives another player his win. Who pays the winner — the discarder
all three shares, or each his own — or how much the discarder pays. Level 2 builds the
plain cases (a)(1), (3)–(6), (b)(1)–(2) and their everyday opposites; level 3 adds (a)(2),
the exceptions (a)(9), (a)(10), (b)(4) and the near misses (two sets on view, the third of
the tile in sight, a pair broken instead of a set of three, the forms that differ), each
built on purpose by :mod:`questions.mahjong.rulings.liability_cases`.

Situation (:class:`.situation.WinContested`): ``variant``, ``banker`` ("E"), ``case`` (the
generator's recipe, for statistics; never read by ``solve``), and either ``declarer``,
``hands`` ({seat: {"concealed": tiles, "melds": [...]}}), ``asked`` ("total" or the seat
paid) and, at a simplified table of 2 or 3 (Art. 3 (b)), ``players`` for a false win; or
``winner``, ``discarder``, ``round_wind``, ``hands`` (the winner's tiles before his winning
tile), ``discard``, ``on_view`` (other tiles in sight), ``kept`` (tiles the discarder still
holds), ``waiting``, ``broke``, ``fourth_set``, ``winning_tile`` (with ``fourth_set``: the
tile he drew), ``fan`` and ``asked`` ("who" or "amount").
"""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal
from typing import Any

from i18n import N_, Message, listing
from questions.answers import read_amount, read_choice
from questions.labels import mahjong_terms, money_label
from questions.mahjong.payments import (
    BANKER,
    SMALL_TABLES,
    form_label,
    grade_label,
    seat_label,
)
from questions.mahjong.rulings.liability_cases import RECIPES as RECIPES  # re-exported
from questions.mahjong.rulings.liability_cases import TRIES, Table, build, nulo_hand
from questions.mahjong.situation import (
    TileHand,
    WinContested,
    melds_text,
    tiles_text,
)
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.situation import present
from questions.skill import Skill, Solution
from trainer.rules.house import HouseRules
from trainer.rules.mahjong.hands.fan import Win, score
from trainer.rules.mahjong.hands.tiles import Variant, Wind, format_tiles, parse_tiles
from trainer.rules.mahjong.play.liability import Feed, declared_nulo, liability
from trainer.rules.mahjong.play.payments import settle

EACH, DISCARDER = "each", "discarder"
#: The recipes of each level: (liable ones, not liable ones).
LEVELS = {
    2: (("a1", "a3", "a4", "a5", "a6", "b1", "b2"),
        ("plain", "plain_simplified", "a5_pair", "a6_ready", "b2_not_waiting")),
    3: (("a1_four", "a2", "a3_winds", "a4", "a5", "a6_honour", "b1", "b2"),
        ("a9_terminals", "a9_honours", "a10_set", "a10_dragons", "b4", "a1_two",
         "a2_honours", "a3_pair", "a4_two", "a5_waiting", "b2_not_waiting", "b2_broke")),
}


class Liability(Skill[WinContested]):
    id = "mahjong.liability"
    title = Message.of(N_("Mah-Jong: false wins and the liable discarder"))
    situation_type = WinContested

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> WinContested:
        return self._deal(rng, difficulty, rules, amount_only=False)

    def deal_amount(self, rng: random.Random, difficulty: int,
                    rules: HouseRules) -> WinContested:
        """A false win, or (levels 2–3) what the discarder pays: who pays is not an amount."""
        return self._deal(rng, difficulty, rules, amount_only=True)

    def _deal(self, rng: random.Random, difficulty: int, rules: HouseRules,
              amount_only: bool) -> WinContested:
        if difficulty == 1:
            return _false_win(rng)
        liable, clear = LEVELS[difficulty]
        intended = rng.random() < 0.5
        case = rng.choice(liable if intended else clear)
        for _attempt in range(TRIES):
            winner = rng.choice(list(Wind))
            table = Table(rng, case, winner, rng.choice([s for s in Wind if s is not winner]))
            if not build(table):
                continue
            situation = table.situation(BANKER, rng.choice(list(Wind)), "amount" if (
                amount_only or rng.random() < (0.25 if difficulty == 2 else 0.5)) else "who")
            if liability(feed_of(situation)[0]).liable is intended:
                # The grade the question states, under the house's reading of the patterns.
                fan = score(feed_of(situation)[0].win, rules.mahjong).fan
                return dataclasses.replace(situation, fan=fan)
        raise RuntimeError(f"could not build the case {case!r}")  # never seen in tests

    def terms(self, situation: WinContested, rules: HouseRules) -> Message:
        return mahjong_terms(rules)

    def prompt(self, situation: WinContested, difficulty: int) -> Message:
        s = situation
        form = form_label(s.variant)
        if s.declarer is not None:
            hand = s.hands[s.declarer].concealed
            text = Message.of(N_("{form}: {seat} declares a win and lays down {tiles}."),
                              form=form, seat=seat_label(s.declarer), tiles=tiles_text(hand))
            if s.players:
                text = Message.of(N_("{text} Only {seats} play at this table."), text=text,
                                  seats=listing([seat_label(p) for p in s.players]))
            if s.asked == "total":
                ask = Message.of(N_("How much does he pay in all? Answer with the amount "
                                    "paid, as a positive number."))
            else:
                ask = Message.of(N_("How much does he pay {seat}? Answer with the amount "
                                    "paid, as a positive number."), seat=seat_label(s.asked))
            return Message.of(N_("{text} {question}"), text=text, question=ask)
        return _feed_prompt(s)

    def form(self, situation: WinContested) -> AnswerForm:
        if situation.asked == "who":
            return AnswerForm(AnswerKind.CHOICE, (
                Option(DISCARDER, Message.of(N_("The discarder pays all three shares"))),
                Option(EACH, Message.of(N_("Each player pays his own share")))))
        return AnswerForm(AnswerKind.AMOUNT)

    def read(self, question: Question, answer: Any) -> int | str | Decimal:
        if question.form.kind is AnswerKind.CHOICE:
            return read_choice(question, answer)
        return read_amount(answer)

    def solve(self, question: Question) -> Solution:
        s = self.dealt(question)
        if s.declarer is not None:
            declarer = s.declarer
            tiles, melds = s.hands[declarer].read()
            paid = declared_nulo(tiles, melds, declarer, s.banker, s.variant, question.rules,
                                 s.seats())
            if s.asked == "total":
                amount = -paid.net[declarer]
            else:
                amount = sum((t.amount for t in paid.transfers if t.payee is Wind(s.asked)),
                             Decimal("0"))
            return Solution(amount, money_label(amount), paid.reasons)
        feed, winner, discarder = feed_of(s)
        ruling = liability(feed)
        if s.asked == "who":
            answer = DISCARDER if ruling.liable else EACH
            return Solution(answer, next(o.label for o in question.form.options
                                         if o.value == answer), ruling.reasons)
        fan = _grade(s, feed.win, question.rules)
        paid = settle(winner, fan, s.banker, discarder=discarder,
                      liable=discarder if ruling.liable else None, rules=question.rules,
                      variant=s.variant, case=ruling.cases[0] if ruling.liable else None)
        amount = -paid.net[discarder]
        return Solution(amount, money_label(amount), ruling.reasons + paid.reasons)


def feed_of(s: WinContested) -> tuple[Feed, Wind, Wind]:
    """The rules core's view of a fed win described by the situation ``s``."""
    winner, discarder = present(s.winner), present(s.discarder)
    concealed, melds = s.hands[winner].read()
    discard = parse_tiles(present(s.discard))[0]
    fourth_set = present(s.fourth_set)
    winning = parse_tiles(present(s.winning_tile))[0] if fourth_set else discard
    win = Win(concealed + (winning,), melds, winning_tile=winning, self_drawn=fourth_set,
              seat_wind=winner, round_wind=present(s.round_wind), variant=s.variant)
    return Feed(win, discard, parse_tiles(present(s.on_view)), parse_tiles(present(s.kept)),
                present(s.waiting), present(s.broke), fourth_set), winner, discarder


def _feed_prompt(s: WinContested) -> Message:
    form, discarder, winner = (form_label(s.variant), seat_label(present(s.discarder)),
                               seat_label(present(s.winner)))
    hand = s.hands[present(s.winner)]
    discard = present(s.discard)
    if s.fourth_set:
        text = Message.of(N_("{form}: {discarder} discards {tile}; {winner} pungs it, his "
                             "fourth set on view, and on his next turn draws {drawn} and "
                             "wins."), form=form, discarder=discarder, winner=winner,
                          tile=tiles_text(discard), drawn=tiles_text(present(s.winning_tile)))
    else:
        text = Message.of(N_("{form}: {discarder} discards {tile} and {winner} wins with it."),
                          form=form, discarder=discarder, winner=winner,
                          tile=tiles_text(discard))
    parts = [text]
    if hand.melds:
        parts.append(Message.of(N_("Before his winning tile the winner held {tiles}, with these "
                                   "sets on view: {melds}."),
                                tiles=tiles_text(hand.concealed),
                                melds=melds_text(hand.melds)))
    else:
        parts.append(Message.of(N_("Before his winning tile the winner held {tiles}, with no set "
                                   "on view."), tiles=tiles_text(hand.concealed)))
    parts.append(Message.of(N_("Other tiles on view on the table: {tiles}."),
                            tiles=tiles_text(present(s.on_view))) if s.on_view else
                 Message.of(N_("No other tile is on view on the table.")))
    if not s.waiting:
        parts.append(Message.of(N_("{seat} was not waiting for a tile to win."),
                                seat=discarder))
    elif s.broke:
        parts.append(Message.of(N_("{seat} was waiting for a tile to win and broke his ready "
                                   "hand to discard this one."), seat=discarder))
    else:
        parts.append(Message.of(N_("{seat} was waiting for a tile to win, and his hand was "
                                   "still ready after this discard."), seat=discarder))
    if s.kept:
        parts.append(Message.of(N_("Among other tiles, {seat} still holds {tiles}."),
                                seat=discarder, tiles=tiles_text(s.kept)))
    if s.asked == "who":
        parts.append(Message.of(N_("Who pays the winner?")))
    else:
        fan = _grade(s, feed_of(s)[0].win)
        parts.append(Message.of(N_("The hand is worth {grade}. How much does {seat} pay? "
                                   "Answer with the amount paid, as a positive number."),
                                grade=grade_label(fan), seat=discarder))
    text = parts[0]
    for part in parts[1:]:
        text = Message.of(N_("{text} {more}"), text=text, more=part)
    return text


def _false_win(rng: random.Random) -> WinContested:
    variant = Variant.CONVENTIONAL if rng.random() < 0.6 else Variant.SIMPLIFIED
    seats = tuple(Wind)
    if variant is Variant.SIMPLIFIED and rng.random() < 0.35:  # Art. 3 (b): 2 or 3 players
        seats = tuple(map(Wind, rng.choice(SMALL_TABLES)))
    declarer = Wind.EAST if rng.random() < 0.3 else rng.choice(seats)
    others = [s for s in (declarer.next(step) for step in (1, 2, 3)) if s in seats]
    if rng.random() < 0.35:
        asked = "total"
    elif BANKER in others and rng.random() < 0.5:
        asked = BANKER.value
    else:
        asked = rng.choice(others).value
    tiles = nulo_hand(rng, variant)
    return WinContested(variant, BANKER, "nulo", asked,
                        {declarer.value: TileHand(format_tiles(sorted(tiles)), ())},
                        declarer=declarer, players=seats if len(seats) < 4 else None)


def _grade(situation: WinContested, win: Win, rules: HouseRules | None = None) -> int:
    """The fán the question states: dealt with it, or (questions stored before it was)
    scored now."""
    if situation.fan is not None:
        return situation.fan
    return score(win, rules.mahjong if rules else None).fan
