"""Three-card baccarat's actions in words, as a croupier says them (beside the grammar in
:mod:`trainer.rounds.three_card`; the glossary's words, RULES.md)."""

from __future__ import annotations

from i18n import N_, Message
from trainer.rounds.actions import Action, Saying
from trainer.rounds.phrases import at_place, calling, money, one_of, place, ruling, word
from trainer.rules.table import BANKER_PLACE
from trainer.rules.three_card.classes import class_name

#: What each kind of call stops the round for.
CALLS = {
    "ten-as-figure": N_("a ten counted as a figure"),
    "tie-claimed-won": N_("a tie claimed as a win"),
    "commission-refused": N_("a winner refuses the commission"),
}
#: Each ruling on a call.
DECISIONS = {
    "refused": N_("refused"),
    "push": N_("a tie: the bets on the hands are returned"),
}
#: Each bet at a place, as said when it is paid, collected or returned.
BETS = {
    "player": N_("the bet on the place's hand"),
    "banker": N_("the bet on the banker's hand"),
    "tie": N_("the tie bet"),
    "three-figures": N_("the three-figures bet"),
    "banker-points": N_("the bet on the banker's points"),
}
WINNERS = {"player": N_("the player wins"), "banker": N_("the banker wins"),
           "tie": N_("a tie")}


def _class(action: Action) -> Message:
    number = action.values[1]
    assert isinstance(number, int), f"{action}: no class"
    return Message.of(N_("The banker's hand: class {number}, {name}")
                      if place(action) == BANKER_PLACE else
                      N_("Place {place}: class {number}, {name}"),
                      place=place(action), number=number, name=class_name(number))


def _rule(action: Action) -> Message:
    return Message.of(N_("Place {place}: {winner}"), place=place(action),
                      winner=Message.of(WINNERS[word(action, 1)]))


def _bet(action: Action) -> Message:
    return Message.of(BETS[word(action, 1)])


WORDS: dict[str, Saying] = {
    "shoe": one_of({"shuffle": N_("Shuffle the cards"),
                    "deal-on": N_("Deal on from the shoe")}),
    "deal": at_place(N_("Deal to place {place}")),
    "deal-rest": lambda action: Message.of(N_("Deal the other cards")),
    "white": lambda action: Message.of(N_("Set the second white card aside: the shoe's last "
                                          "coup")),
    "class": _class,
    "rule": _rule,
    "pay": lambda action: Message.of(N_("Pay place {place} {amount} for {bet}"),
                                     place=place(action), amount=money(action, 2),
                                     bet=_bet(action)),
    "collect": lambda action: Message.of(N_("Collect {amount} from place {place}: {bet}"),
                                         place=place(action), amount=money(action, 2),
                                         bet=_bet(action)),
    "push": lambda action: Message.of(N_("Return {bet} at place {place}"),
                                      place=place(action), bet=_bet(action)),
    "call": calling(CALLS),
    "decide": ruling(DECISIONS),
}
