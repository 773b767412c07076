"""Mah-Jong's actions in words, as a croupier says them (beside the grammar in
:mod:`trainer.rounds.mahjong`; the glossary's words, RULES.md). A seat is written by its
wind's letter (``e s w n``) and said by its wind."""

from __future__ import annotations

from i18n import N_, Message
from trainer.rounds.actions import Action, Saying
from trainer.rounds.phrases import money, ruling, word
from trainer.rules.mahjong.hands.tiles import Wind
from trainer.rules.mahjong.play.claim_reasons import seat_label
from trainer.rules.mahjong.play.wall_reasons import wall_label

#: The seats as written in an action.
SEATS = ("e", "s", "w", "n")
KINDS = ("win", "kong", "pung", "chow")
#: What each kind of call stops the scene for.
CALLS = {
    "chow-out-of-turn": N_("a chow called out of turn"),
    "barred-kong": N_("a kong by a player who saw another's tiles"),
    "wrong-exposure": N_("the wrong tiles laid open for a set"),
    "false-win": N_("a win declared on tiles that do not win"),
    "wrong-end": N_("a tile taken from the wrong end of the wall"),
    "late-kong": N_("a kong declared after the discard"),
}
#: Each ruling on a call.
DECISIONS = {
    "refuse": N_("refuse the call"),
    "put-back": N_("the tile goes back unseen; he takes the right one"),
    "corrected": N_("have the set corrected before his next draw"),
    "nulo-double-each": N_("«nulo»: the banker pays each of the three the double-fán amount"),
    "nulo-banker-double": N_("«nulo»: he pays the banker the double-fán amount and the other "
                             "two the 1-fán amount"),
    "nulo-single-each": N_("«nulo»: he pays each of the other players the 1-fán amount"),
}
_TAKES = {
    "win": N_("{seat} takes it for a win"),
    "kong": N_("{seat} takes it for a kong"),
    "pung": N_("{seat} takes it for a pung"),
    "chow": N_("{seat} takes it for a chow"),
}


def seat_word(seat: Wind) -> str:
    """A seat as an action writes it: ``e`` for East."""
    return seat.value.lower()


def seat_of(action: Action, index: int = 0) -> Message:
    return seat_label(Wind(word(action, index).upper()))


def _claim(action: Action) -> Message:
    if action.values[0] == "none" or len(action.values) < 2:
        return Message.of(N_("Nobody takes the discard"))
    return Message.of(_TAKES[word(action, 1)], seat=seat_of(action))


def _fan(action: Action) -> Message:
    return Message.of({0: N_("The hand is kai vu, the minimum: 0 fán"),
                       1: N_("The hand is worth 1 fán"),
                       2: N_("The hand is worth 2 fán, double fán")}[int(action.values[0])])


def _liable(action: Action) -> Message:
    if action.values[0] == "none":
        return Message.of(N_("Nobody is liable: each player pays his own share"))
    return Message.of(N_("{seat} is liable (包): he pays all the shares"), seat=seat_of(action))


def _call(action: Action) -> Message:
    what = Message.of(CALLS[word(action, 0)])
    if len(action.values) < 2:
        return Message.of(N_("Call: {what}"), what=what)
    return Message.of(N_("Call: {what} by {seat}"), what=what, seat=seat_of(action, 1))


def _break(action: Action) -> Message:
    return Message.of(N_("Break the wall: the deal starts at {wall}, stack {stack}"),
                      wall=wall_label(word(action, 0).upper()), stack=action.values[1])


def _deal(action: Action) -> Message:
    return Message.of(N_("{seat} takes {count}"), seat=seat_of(action),
                      count=Message.counted("{count} tile", "{count} tiles",
                                            int(str(action.values[1]))))


WORDS: dict[str, Saying] = {
    "break": _break,
    "deal": _deal,
    "deal-rest": lambda action: Message.of(N_("Deal the other rounds the same way")),
    "drawn": lambda action: Message.of(N_("A drawn game: nobody wins, nobody pays")),
    "claim": _claim,
    "fan": _fan,
    "liable": _liable,
    "collect": lambda action: Message.of(N_("Collect {amount} from {seat}"),
                                         amount=money(action, 1), seat=seat_of(action)),
    "pay": lambda action: Message.of(N_("Pay {seat} {amount}"), seat=seat_of(action),
                                     amount=money(action, 1)),
    "commission": lambda action: Message.of(N_("Take {amount} commission on the win"),
                                            amount=money(action, 0)),
    "bank": lambda action: Message.of(N_("{seat} banks next"), seat=seat_of(action)),
    "call": _call,
    "decide": ruling(DECISIONS),
}
