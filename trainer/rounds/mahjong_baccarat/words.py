"""Mahjong Baccarat's actions in words, as a croupier says them (beside the grammar in
:mod:`trainer.rounds.mahjong_baccarat`; the glossary's words, RULES.md)."""

from __future__ import annotations

from i18n import N_, Message, Money
from trainer.rounds.actions import Action, Saying
from trainer.rounds.phrases import at_place, calling, collect, money, one_of, pay, place, ruling
from trainer.rules.table import BANKER_PLACE

#: What each kind of call stops the round for.
CALLS = {
    "player-shakes": N_("a player asks to shake the dice"),
    "dice-out-of-bowl": N_("a die out of the bowl"),
    "dice-badly-settled": N_("a die badly settled"),
    "total-adjusted": N_("the banker asks to adjust the total"),
    "bet-after-dice": N_("a bet after the dice"),
    "bet-changed-after-dice": N_("a bet changed after the dice"),
    "reorder-after-dice": N_("a re-order of the stacks after the dice"),
    "tile-exposed": N_("a tile exposed"),
    "bet-on-wrong-place": N_("a bet on the wrong place"),
    "capital-reduced": N_("the banker puts down less than his new capital"),
}
#: Each ruling on a call.
DECISIONS = {
    "reshake": N_("shake again"),
    "play-on": N_("play on"),
    "allow": N_("allow it"),
    "refuse": N_("refuse it"),
    "settle-as-placed": N_("settle the bet where it lies"),
}


def _rule(action: Action) -> Message:
    return Message.of(N_("Place {place}: the player wins") if action.values[1] == "player"
                      else N_("Place {place}: the banker wins"), place=place(action))


def _bank(action: Action) -> Message:
    """Who banks next: nobody, another place, or the banker again with his capital."""
    if action.values[0] == "none":
        return Message.of(N_("Nobody banks next"))
    seat = place(action)
    if len(action.values) == 1:
        return Message.of(N_("The banker keeps the bank") if seat == BANKER_PLACE
                          else N_("Place {place} banks next"), place=seat)
    return Message.of(N_("The banker keeps the bank with a capital of {amount}")
                      if seat == BANKER_PLACE else
                      N_("Place {place} banks next with a capital of {amount}"),
                      place=seat, amount=money(action, 1))


def _signed(action: Action, index: int) -> tuple[bool, Money]:
    """A signed amount said as won (nothing too) or lost, and how much."""
    amount = money(action, index).amount
    return amount >= 0, Money(abs(amount))


def _share(action: Action) -> Message:
    """A co-banker's share of the bank's result, net of his commission: won or lost."""
    won, amount = _signed(action, 1)
    seat = place(action)
    if seat == BANKER_PLACE:
        return Message.of(N_("The banker's share: {amount} won") if won
                          else N_("The banker's share: {amount} lost"), amount=amount)
    return Message.of(N_("Place {place}'s share of the bank: {amount} won") if won
                      else N_("Place {place}'s share of the bank: {amount} lost"),
                      place=seat, amount=amount)


def _casino(action: Action) -> Message:
    won, amount = _signed(action, 0)
    return Message.of(N_("The casino's share of the bank: {amount} won") if won
                      else N_("The casino's share of the bank: {amount} lost"), amount=amount)


WORDS: dict[str, Saying] = {
    "reorder": one_of({"allow": N_("Allow the re-order of the stacks"),
                       "refuse": N_("Refuse the re-order of the stacks")}),
    "first": at_place(N_("The first place is place {place}")),
    "deal": at_place(N_("Deal to place {place}")),
    "open": at_place(N_("Open place {place}")),
    "rule": _rule,
    "pay": pay,
    "collect": collect,
    "commission": lambda action: Message.of(N_("Take {amount} commission from the banker"),
                                            amount=money(action, 0)),
    "share": _share,
    "casino": _casino,
    "bank": _bank,
    "call": calling(CALLS),
    "decide": ruling(DECISIONS),
}
