"""Mahjong Baccarat: rulings with reasons — what the croupier rules and which points say so.

Places and holders (Art. 3), the banker's capital and announcement (Art. 5.3), co-bankers
(Art. 5.5), the order in which tiles are opened (Art. 5.6), who holds a shared place's
tiles (Art. 3.2–3.3), and a player's claim to win decided by the tiles' values and order
(Art. 6–8, HI-MB-HIGHER-TILE). The trainee picks the ruling and ticks every point that
applies (``AnswerKind.RULING``); the rules core rules and names the points.

Situation (:class:`.situations.TableIncident`): ``incident`` (a ``Conduct`` value,
``holder`` or ``claim``), its details (``place``, ``other``, ``stake``, ``other_stake``;
``hands`` for a claim), ``options`` (the rulings offered, in the order shown) and
``reasons`` (the points offered, by code: "3.2", "5.6", "HI-MB-HIGHER-TILE"; those that
apply, chosen by the core's ruling, mixed with others in a shuffled order).
"""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal

from i18n import N_, Message, Money, items_listing
from questions.mahjong_baccarat.situations import (
    EDGES,
    HIGH_TILE,
    POINTS,
    TableIncident,
    hand_text,
    hands_json,
    pair,
    sentences,
    stake,
    tiles_by_place,
)
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.situation import present
from questions.skill import Solution
from trainer.rules.mahjong_baccarat import (
    PLACES,
    Conduct,
    compare,
    rule_on_conduct,
    tiles_holder,
)
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Source
from trainer.rules.table import BANKER_PLACE, Outcome

HOLDER, CLAIM = "holder", "claim"
INCIDENTS = (*(str(c) for c in Conduct), HOLDER, CLAIM)

#: Each point a trainee may tick, named in a short sentence.
POINT_LABELS = {
    "2.7": N_("Art. 2 (7): no bet is placed, changed or moved after the dice"),
    "2.8": N_("Art. 2 (8): a bet is settled at the place where it lies"),
    "3.1": N_("Art. 3 (1): ten places at each table, the banker's included"),
    "3.2": N_("Art. 3 (2): bets on several places; the highest bettor on a place holds its "
              "tiles"),
    "3.3": N_("Art. 3 (3): one holder per place; no tile handled away from the table"),
    "4": N_("Art. 4: a tile turned up by accident stays valid"),
    "5.1": N_("Art. 5 (1): a place banks at most two rounds in a row"),
    "5.3": N_("Art. 5 (3): the capital in chips on the table, the dealing announced before "
              "the dice"),
    "5.4": N_("Art. 5 (4): a banker who keeps the bank leaves his capital and winnings on "
              "the table"),
    "5.5": N_("Art. 5 (5): the casino and players may join the bank; players who join are "
              "settled after the banker, in order, and bet on no other place"),
    "5.6": N_("Art. 5 (6): the players look first, the banker opens his tiles, the croupier "
              "the players'"),
    "6.1": N_("Art. 6 (1): tiles rank K, 9 … 2, A; K counts 0 and A counts 1"),
    "6.2": N_("Art. 6 (2): points are the sum of the two tiles, tens dropped"),
    "7.1": N_("Art. 7 (1): the higher points win"),
    "7.2": N_("Art. 7 (2): with equal points, the higher tile wins"),
    "8": N_("Art. 8: the banker wins on zero against zero, or equal points and tiles"),
    "9": N_("Art. 9: the casino's commission on every amount won"),
    "HI-MB-HIGHER-TILE": N_("House interpretation HI-MB-HIGHER-TILE: the higher tile is the "
                            "higher in the order of Art. 6 (1)"),
}
_CONDUCT_POOL = ("2.7", "2.8", "3.1", "3.2", "3.3", "4", "5.1", "5.3", "5.4", "5.5", "5.6")
_CLAIM_POOL = ("6.1", "6.2", "7.1", "7.2", "8", "HI-MB-HIGHER-TILE", "9", "4")

ACTIONS = {
    "allow": N_("Allow it"),
    "refuse": N_("Refuse it"),
    "ask_banker": N_("Allow it if the banker agrees"),
    "ask_players": N_("Allow it if no player objects"),
    "seated": N_("The player seated at the place"),
    "other": N_("The other player"),
    "both": N_("Each holds one tile"),
    "player": N_("The player wins"),
    "banker": N_("The banker wins"),
}
_OPTIONS = {HOLDER: ("seated", "other", "both"), CLAIM: ("player", "banker")}
#: Where the banker himself asks, the wrong third option is "if no player objects".
_ASK_PLAYERS = (Conduct.ELEVENTH_PLACE, Conduct.SHARED_PLACE, Conduct.CASINO_JOINS,
                Conduct.CAPITAL_NOT_ON_TABLE, Conduct.DICE_BEFORE_ANNOUNCING,
                Conduct.BANKER_OPENS_EARLY, Conduct.BANKER_OPENS)

_PROMPTS = {
    Conduct.ELEVENTH_PLACE: N_("All ten places, the banker's included, are taken. A newcomer "
                               "asks the croupier to open another place for him this round."),
    Conduct.BETS_ON_SEVERAL_PLACES: N_("Before the dice, the player at place {place} bets "
                                       "{stake} on his own place and {other_stake} on place "
                                       "{other}."),
    Conduct.SHARED_PLACE: N_("Before the dice, the player at place {other} puts {stake} on "
                             "place {place}, where the player seated there has already bet."),
    Conduct.SECOND_HOLDER: N_("Two players bet on place {place}: {stake} and {other_stake}. "
                              "The one who bet {stake} asks to hold one of its two tiles "
                              "himself."),
    Conduct.TILES_OFF_TABLE: N_("The player holding the tiles of place {place} gets up to "
                                "look at them away from the table."),
    Conduct.CAPITAL_NOT_ON_TABLE: N_("The player taking the bank announces a capital of "
                                     "{stake} but keeps the money in his pocket, saying he "
                                     "will pay from it if he loses."),
    Conduct.DICE_BEFORE_ANNOUNCING: N_("The banker has put his capital of {stake} in chips "
                                       "on the table and takes up the bowl to shake the dice "
                                       "without announcing how the tiles will be dealt."),
    Conduct.COBANKER_BETS: N_("The player at place {place} has joined the bank with {stake}. "
                              "Before the dice he also wants to bet {other_stake} on place "
                              "{other}."),
    Conduct.CASINO_JOINS: N_("Before the round, the casino joins the bank with a capital of "
                             "{stake}, fixed in advance."),
    Conduct.BANKER_OPENS_EARLY: N_("The player holding the tiles of place {place} has not yet "
                                   "looked at them when the banker starts to open his own."),
    Conduct.PLAYER_OPENS: N_("The player holding the tiles of place {place} has looked at "
                             "them and wants to turn them face up himself."),
    Conduct.BANKER_OPENS: N_("Every player has looked at his tiles and put them on the table. "
                             "The banker now opens his."),
}
_DIFFICULTY_1 = (Conduct.ELEVENTH_PLACE, Conduct.TILES_OFF_TABLE, Conduct.COBANKER_BETS,
                 Conduct.PLAYER_OPENS, Conduct.CAPITAL_NOT_ON_TABLE, Conduct.BANKER_OPENS,
                 Conduct.SHARED_PLACE, HOLDER)


def point_code(source: Source) -> str:
    """The code of a point among the reasons offered: "3.2", "8", "HI-MB-HIGHER-TILE"."""
    if isinstance(source, Article):
        return f"{source.number}.{source.item}" if source.item else str(source.number)
    assert isinstance(source, HouseInterpretation)  # the ranking list is three-card baccarat's
    return source.code


def deal_conduct(rng: random.Random, difficulty: int) -> TableIncident:
    incidents = _DIFFICULTY_1 if difficulty == 1 else INCIDENTS
    incident = str(rng.choice(incidents))
    place, other = rng.sample(range(2, PLACES + 1), 2)
    low, high = sorted(rng.sample(range(5, 200), 2))
    situation = TableIncident(incident, PLACES, BANKER_PLACE, place=place, other=other)
    if incident == CLAIM:
        outcome = rng.choice((Outcome.PLAYER, Outcome.BANKER))
        category = rng.choice([POINTS, HIGH_TILE, HIGH_TILE] if outcome is Outcome.PLAYER
                              else [POINTS, *EDGES])
        player, banker = pair(rng, category, outcome)
        situation = replace(situation, hands=hands_json({BANKER_PLACE: banker, place: player}))
    elif incident == HOLDER:
        first, second = (low, high) if rng.random() < 0.5 else (high, low)
        situation = replace(situation, stake=Decimal(10 * first),
                            other_stake=Decimal(10 * second))
    else:
        situation = replace(
            situation, stake=(Decimal(10 * low) if incident == Conduct.SECOND_HOLDER else
                              stake(rng, 100, 5000, 100)),
            other_stake=(Decimal(10 * high) if incident == Conduct.SECOND_HOLDER else
                         stake(rng, 50, 2000)))
    options = list(_OPTIONS.get(incident, ("allow", "refuse",
                                           "ask_players" if incident in _ASK_PLAYERS
                                           else "ask_banker")))
    rng.shuffle(options)
    applying = [point_code(r.source) for r in _ruling(situation)[1]]
    pool = [code for code in (_CLAIM_POOL if incident == CLAIM else _CONDUCT_POOL)
            if code not in applying]
    extra = min(max(rng.randint(4, 6) - len(applying), 2), 7 - len(applying), len(pool))
    offered = applying + rng.sample(pool, extra)
    rng.shuffle(offered)
    return replace(situation, options=tuple(options), reasons=tuple(offered))


def _ruling(situation: TableIncident) -> tuple[str, tuple[Reason, ...]]:
    incident = situation.incident
    if incident == CLAIM:
        hands = tiles_by_place(present(situation.hands))
        verdict = compare(hands[present(situation.place)], hands[BANKER_PLACE])
        return ("player" if verdict.outcome is Outcome.PLAYER else "banker"), verdict.reasons
    if incident == HOLDER:
        holder = tiles_holder((present(situation.stake), present(situation.other_stake)))
        return ("seated", "other")[holder.bettor], holder.reasons
    ruling = rule_on_conduct(Conduct(incident))
    return ruling.decision.value, ruling.reasons


def conduct_prompt(situation: TableIncident) -> Message:
    incident = situation.incident
    if incident == CLAIM:
        hands = tiles_by_place(present(situation.hands))
        place = present(situation.place)
        return sentences(Message.of(N_(
            "The tiles are open: place {place} holds {player} and the banker {banker}. The "
            "player says his hand wins."), place=place, player=hand_text(hands[place]),
            banker=hand_text(hands[BANKER_PLACE])), Message.of(N_(
                "Who wins, and which points of the text decide it?")))
    if incident == HOLDER:
        event = Message.of(N_(
            "Before the dice, the player seated at place {place} bets {stake} on it and "
            "another player bets {other_stake} on the same place. Who holds the place's "
            "tiles, and which points of the text say so?"), place=situation.place,
            stake=Money(present(situation.stake)),
            other_stake=Money(present(situation.other_stake)))
        return event
    text = _PROMPTS[Conduct(incident)]
    values = {"place": situation.place, "other": situation.other,
              "stake": Money(present(situation.stake)),
              "other_stake": Money(present(situation.other_stake))}
    event = Message.of(text, **{k: v for k, v in values.items() if f"{{{k}}}" in text})
    return sentences(event, Message.of(N_("What does the croupier do, and which points of "
                                          "the text say so?")))


def conduct_form(situation: TableIncident) -> AnswerForm:
    return AnswerForm(AnswerKind.RULING,
                      tuple(Option(value, Message.of(ACTIONS[value]))
                            for value in present(situation.options)),
                      tuple(Option(code, Message.of(POINT_LABELS[code]))
                            for code in present(situation.reasons)))


def solve_conduct(situation: TableIncident, question: Question) -> Solution:
    ruling, reasons = _ruling(situation)
    codes = frozenset(point_code(r.source) for r in reasons)
    offered = present(situation.reasons)
    if not codes <= set(offered):
        raise ValueError("every point that applies is among the reasons offered")
    labels = {o.value: o.label for o in question.form.options}
    text = Message.of(N_("{ruling}, by {points}"), ruling=labels[ruling],
                      points=items_listing([Message.of(POINT_LABELS[code])
                                            for code in offered
                                            if code in codes]))
    return Solution({"ruling": ruling, "reasons": codes}, text, reasons)
