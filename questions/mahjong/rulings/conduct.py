"""Mah-Jong: table conduct — rulings with their reasons (Portaria 135/91/M, Art. 3, 5, 9, 10).

A scene at the table (who did what, when) and the croupier's ruling: a discard taken back
(Art. 9 (a)(1), (b)(1)); a win after a pung called and withdrawn (Art. 9 (a)(2)); a kong by
a player who saw another's tiles, and where its replacement tile comes from (Art. 9 (a)(3),
(b)(2); Art. 5 (a)(5), (b)(4)); what a chow obliges (Art. 5 (a)(3), (b)(3)); a wrong
exposure (Art. 10 (a)(7)–(8)); a win declared without a complete hand (Art. 10 (b)(3),
HI-MJ-NULO); a winner's capital (Art. 9 (a)(4), (b)(3), HI-MJ-CAP); heavenly and earthly wins
(Art. 5, 6); and who holds the bank next (Art. 3, HI-MJ-DRAWN). Simplified tables are
sometimes of 2 or 3 players (Art. 3 (b)).

The trainee picks the ruling and ticks the points that apply (``AnswerKind.RULING``); both
are the rules core's: the ruling is its decision, the points those its reasons cite.

Situation (:class:`.situation.SceneAtTable`): ``scene``, ``variant``, ``banker`` ("E"),
``players`` (a table of 2 or 3 only), ``offered`` (the points offered, in the regulation's
order) and the scene's own keys (:mod:`questions.mahjong.rulings.conduct_scenes`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from i18n import N_, Message
from questions.answers import read_ruling
from questions.labels import mahjong_terms
from questions.mahjong.payments import BANKER, SMALL_TABLES, pick_variant
from questions.mahjong.rulings import conduct_scenes as scenes
from questions.mahjong.rulings.conduct_reasons import applying, offer, options
from questions.mahjong.situation import SceneAtTable, SceneName
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.situation import present
from questions.skill import Skill, Solution
from trainer.rules.house import HouseRules
from trainer.rules.mahjong.hands.tiles import Variant, Wind, parse_tiles
from trainer.rules.mahjong.play import conduct as core
from trainer.rules.mahjong.play import games
from trainer.rules.mahjong.play.conduct import Decision, Ruling

D = Decision
#: What each ruling says, by its value (the rules core's decisions, and the wrong ones).
LABELS: dict[str, str] = {
    D.ALLOWED: N_("Allow it"),
    D.REFUSED: N_("Refuse it"),
    "if_unclaimed": N_("Allow it only if nobody has claimed the tile yet"),
    "win_" + D.ALLOWED: N_("He wins"),
    "win_" + D.REFUSED: N_("He may not win this game"),
    "self_only": N_("He may win only on a tile he draws himself"),
    "kong_" + D.REFUSED: N_("He may make no kong in this game"),
    D.REPLACEMENT_FROM_END: N_("He makes the kong and draws a replacement tile from the end "
                               "of the last double row"),
    "next_tile": N_("He makes the kong and draws the next tile where the drawing goes on"),
    "no_tile": N_("He makes the kong and draws no replacement tile"),
    D.EXPOSE_AND_DISCARD: N_("He lays the chow open, discards a tile and draws none this turn"),
    "draw_first": N_("He lays the chow open, draws a tile as usual, then discards"),
    "concealed": N_("He keeps the chow in his hand and discards a tile"),
    "chow_" + D.REFUSED: N_("He may not take the discard for a chow"),
    D.CORRECTED: N_("He may put it right"),
    D.STANDS: N_("It is too late: the sets stay as laid open"),
    D.NULO: N_("The game is «nulo»: he pays the other three"),
    "win_stands": N_("His win stands: the error no longer matters"),
    D.NULO_DOUBLE_EACH: N_("«Nulo»: he pays each of the others the double-fán amount"),
    D.NULO_BANKER_DOUBLE: N_("«Nulo»: he pays the banker the double-fán amount and the others "
                             "the 1-fán amount"),
    D.NULO_SINGLE_EACH: N_("«Nulo»: he pays each of the others the 1-fán amount"),
    "nulo_" + D.ALLOWED: N_("The win stands: the others pay him"),
    D.FULL_SHARES: N_("Every share in full"),
    D.CAPPED: N_("Only his capital: the shares are taken counterclockwise from him until it "
                 "is reached"),
    "capped_equal": N_("Only his capital: each payer pays an equal part of it"),
    D.HEAVENLY: N_("A heavenly win (t'in vu)"),
    D.EARTHLY: N_("An earthly win (tei vu)"),
    D.ORDINARY: N_("An ordinary win, neither heavenly nor earthly"),
    D.KEEPS_BANK: N_("The banker keeps the bank"),
    D.PASSES_BANK: N_("The bank passes to the player at the banker's right, in the same round"),
    D.NEXT_ROUND: N_("The bank passes to the player at the banker's right, and the next round "
                     "begins"),
}


Dealer = Callable[[random.Random, SceneAtTable, HouseRules], SceneAtTable]


def _ruleless(deal: Callable[[random.Random, SceneAtTable], SceneAtTable]) -> Dealer:
    """A scene dealt the same under any house rules."""
    def dealt(rng: random.Random, s: SceneAtTable, _rules: HouseRules) -> SceneAtTable:
        return deal(rng, s)
    return dealt


@dataclass(frozen=True)
class Scene:
    """A scene at the table: how it is dealt and told (:mod:`conduct_scenes`), the rulings
    offered in the order shown, the points related to it, the rules core's ruling, and the
    prefix of its ruling values."""

    deal: Dealer
    tell: Callable[[SceneAtTable], Message]
    rulings: tuple[str, ...]
    related: tuple[str, ...]
    decide: Callable[[SceneAtTable, HouseRules], Ruling]
    prefix: str = ""


#: Every scene, by name.
SCENES: dict[SceneName, Scene] = {
    "take_back": Scene(_ruleless(scenes.deal_take_back), scenes.tell_take_back,
        (D.ALLOWED, "if_unclaimed", D.REFUSED),
        ("9a1", "9b1", "9a2", "9a3", "9b2", "10a7", "5a3", "5b3"),
        lambda s, r: core.take_back_discard(s.variant), ""),
    "win": Scene(_ruleless(scenes.deal_win), scenes.tell_win,
        ("win_allowed", "self_only", "win_refused"),
        ("9a2", "9a3", "9a1", "4a", "10a7", "5a2"),
        lambda s, r: core.may_win(s.variant, s.withdrew == "this", present(s.self_drawn)),
        "win_"),
    "kong": Scene(_ruleless(scenes.deal_kong), scenes.tell_kong,
        ("kong_refused", D.REPLACEMENT_FROM_END, "next_tile", "no_tile"),
        ("9a3", "9b2", "5a5", "5b4", "9a2", "9a1", "9b1"),
        lambda s, r: core.may_kong(s.variant, present(s.kind), s.saw == "this"), "kong_"),
    "chow": Scene(_ruleless(scenes.deal_chow), scenes.tell_chow,
        (D.EXPOSE_AND_DISCARD, "draw_first", "concealed", "chow_refused"),
        ("5a3", "5b3", "5a5", "5b4", "9a1", "9b1", "10a7"),
        lambda s, r: core.chow_duties(s.variant), "chow_"),
    "exposure": Scene(_ruleless(scenes.deal_exposure), scenes.tell_exposure,
        (D.CORRECTED, D.STANDS, D.NULO, "win_stands"),
        ("10a7", "10a8", "HI-MJ-NULO", "9a1", "9a2", "5a3", "4a"),
        lambda s, r: core.wrong_exposure(present(s.moment), present(s.seat), BANKER, r), ""),
    "false_win": Scene(_ruleless(scenes.deal_false_win), scenes.tell_false_win,
        ("nulo_allowed", D.NULO_DOUBLE_EACH, D.NULO_BANKER_DOUBLE,
         D.NULO_SINGLE_EACH),
        ("4a", "4b", "10a8", "10b3", "HI-MJ-NULO", "10a7", "7", "3b", "HI-MJ-PAY"),
        lambda s, r: core.false_declaration(
            parse_tiles(present(s.tiles)), (), present(s.seat), BANKER, s.variant, r,
            s.seats()), "nulo_"),
    "capital": Scene(scenes.deal_capital, scenes.tell_capital,
        (D.FULL_SHARES, D.CAPPED, "capped_equal"),
        ("HI-MJ-PAY", "7", "9a4", "9b3", "HI-MJ-CAP", "3b", "10a8", "10b3"),
        lambda s, r: core.capital(present(s.seat), present(s.fan), present(s.capital),
                                  BANKER, s.variant, r, s.seats()), ""),
    "first_win": Scene(_ruleless(scenes.deal_first_win), scenes.tell_first_win,
        (D.HEAVENLY, D.EARTHLY, D.ORDINARY),
        ("5a1", "5a2", "5b1", "5b2", "6a3", "6b", "4a", "4b", "7"),
        lambda s, r: games.first_win(s.variant, present(s.start), present(s.seat), BANKER),
        ""),
    "bank": Scene(_ruleless(scenes.deal_bank), scenes.tell_bank,
        (D.KEEPS_BANK, D.PASSES_BANK, D.NEXT_ROUND),
        ("3a", "3b", "HI-MJ-DRAWN", "7", "9a4", "9b3"),
        lambda s, r: games.bank(s.variant, BANKER, present(s.round), present(s.game),
                               s.winner, s.seats())[0], ""),
}
LEVELS: dict[int, tuple[SceneName, ...]] = {
    1: ("take_back", "win", "kong", "chow", "first_win", "bank"),
    2: tuple(SCENES), 3: tuple(SCENES)}
#: Scenes of the conventional form only (the simplified form has no pung on a discard).
CONVENTIONAL_SCENES = {"win", "exposure"}
#: Scenes whose ruling depends on the house's amounts.
WITH_AMOUNTS = {"capital", "false_win", "exposure"}


class Conduct(Skill[SceneAtTable]):
    id = "mahjong.conduct"
    title = Message.of(N_("Mah-Jong: table conduct"))
    situation_type = SceneAtTable

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> SceneAtTable:
        scene = rng.choice(LEVELS[difficulty])
        variant = Variant.CONVENTIONAL if scene in CONVENTIONAL_SCENES else pick_variant(rng)
        players = None
        if variant is Variant.SIMPLIFIED and rng.random() < (0.3 if difficulty == 1 else 0.5):
            players = tuple(map(Wind, rng.choice(SMALL_TABLES)))
        s = SCENES[scene].deal(rng, SceneAtTable(scene, variant, BANKER, (), players), rules)
        right = applying(r.source for r in SCENES[scene].decide(s, rules).reasons)
        return replace(s, offered=tuple(offer(rng, right, SCENES[scene].related,
                                              variant is Variant.CONVENTIONAL)))

    def terms(self, situation: SceneAtTable, rules: HouseRules) -> Message | None:
        return mahjong_terms(rules) if situation.scene in WITH_AMOUNTS else None

    def prompt(self, situation: SceneAtTable, difficulty: int) -> Message:
        return SCENES[situation.scene].tell(situation)

    def form(self, situation: SceneAtTable) -> AnswerForm:
        rulings = SCENES[situation.scene].rulings
        return AnswerForm(AnswerKind.RULING,
                          tuple(Option(str(value), Message.of(LABELS[value])) for value in rulings),
                          options(situation.offered))

    def read(self, question: Question, answer: Any) -> dict[str, Any]:
        return read_ruling(question, answer)

    def solve(self, question: Question) -> Solution:
        s = self.dealt(question)
        scene = SCENES[s.scene]
        ruling, prefix = scene.decide(s, question.rules), scene.prefix
        value = prefix + ruling.decision.value
        if value not in LABELS:
            value = ruling.decision.value
        offered = set(s.offered)
        ticked = frozenset(k for k in applying(r.source for r in ruling.reasons) if k in offered)
        return Solution({"ruling": value, "reasons": ticked}, Message.of(LABELS[value]),
                        ruling.reasons)
