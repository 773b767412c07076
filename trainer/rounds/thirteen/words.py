"""The 13-card game's actions in words, as a croupier says them (beside the grammar in
:mod:`trainer.rounds.thirteen`; the glossary's words, RULES.md)."""

from __future__ import annotations

from i18n import N_, Message
from trainer.rounds.actions import Action, Saying
from trainer.rounds.phrases import at_place, calling, collect, pay, place, ruling, word
from trainer.rules.cards import Card, cards_text

#: What each kind of call stops the round for.
CALLS = {
    "bad-cut": N_("a cut not made as the rules say"),
    "bet-changed-after-dice": N_("a bet changed after the dice"),
    "card-exposed": N_("a card exposed"),
    "misdeal": N_("a misdeal"),
    "looking-before-banker": N_("a player looking at his cards before the banker shows"),
    "banker-resets": N_("the banker asks to set his hand again"),
    "late-setting": N_("a place late setting its cards"),
    "foul-declared-good": N_("a foul declared good"),
    "misplaced-bet": N_("a misplaced bet"),
    "change-after-signal": N_("a player asking to change his set cards after the signal"),
}
#: Each ruling on a call.
DECISIONS = {
    "allowed": N_("allowed"),
    "refused": N_("refused"),
    "plays": N_("the place plays"),
    "loses": N_("the place loses"),
    "where-it-lies": N_("settle the bet where it lies"),
    "continue": N_("the deal goes on"),
    "rectify": N_("give the misdealt cards to their places"),
    "cancel": N_("cancel the deal and shuffle again"),
}
#: Each tier, and who wins a tier or a place.
TIERS = {"front": N_("front tier"), "middle": N_("middle tier"), "back": N_("back tier")}
WINNERS = {"player": N_("the player wins"), "banker": N_("the banker wins"),
           "tie": N_("a tie")}


def _cards(action: Action, index: int) -> str:
    return cards_text([Card.parse(text) for text in word(action, index).split(",")])


def _set(action: Action) -> Message:
    return Message.of(N_("Set the banker's hand: back {back}, middle {middle}, front {front}"),
                      back=_cards(action, 0), middle=_cards(action, 1),
                      front=_cards(action, 2))


def _tier(action: Action) -> Message:
    return Message.of(N_("Place {place}, {tier}: {winner}"), place=place(action),
                      tier=Message.of(TIERS[word(action, 1)]),
                      winner=Message.of(WINNERS[word(action, 2)]))


def _rule(action: Action) -> Message:
    return Message.of(N_("Place {place}: {winner}"), place=place(action),
                      winner=Message.of(WINNERS[word(action, 1)]))


WORDS: dict[str, Saying] = {
    "shaker": at_place(N_("Place {place} shakes the dice")),
    "first": at_place(N_("The first place is place {place}")),
    "deal": at_place(N_("Deal to place {place}")),
    "deal-rest": lambda action: Message.of(N_("Deal the other cards")),
    "give": at_place(N_("Give the misdealt card to place {place}")),
    "set": _set,
    "tier": _tier,
    "rule": _rule,
    "pay": pay,
    "collect": collect,
    "push": at_place(N_("Return the bet at place {place}: a push")),
    "call": calling(CALLS),
    "decide": ruling(DECISIONS),
}
