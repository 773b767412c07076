"""What the table-procedure question says of each scene: every fact the ruling needs."""

from __future__ import annotations

from decimal import Decimal

from i18n import N_, Message, Money, listing
from questions.thirteen.situations import ProcedureScene, SceneBettor, known
from trainer.rules.thirteen.procedure import Act, clock, minutes_and_seconds


def _money(amount: int) -> Money:
    return Money(Decimal(amount))


def _bettor(b: SceneBettor, with_place: bool) -> Message:
    if with_place:
        text = (N_("{name} ({stake} on place {place}, seated at the table)") if b.seated
                else N_("{name} ({stake} on place {place}, standing behind the seats)"))
    else:
        text = (N_("{name} ({stake}, seated at the table)") if b.seated
                else N_("{name} ({stake}, standing behind the seats)"))
    return Message.of(text, name=b.name, stake=_money(b.stake), place=b.place)


def _cut(s: ProcedureScene) -> Message:
    text = (N_("Before the deal, {name} cuts the cards with the blank card, with one hand, "
               "taking off {cards} cards. What does the croupier rule?") if s.hands == 1
            else N_("Before the deal, {name} cuts the cards with the blank card, with both "
                    "hands, taking off {cards} cards. What does the croupier rule?"))
    return Message.of(text, name=s.name, cards=s.cards)


def _dice(s: ProcedureScene) -> Message:
    return Message.of(N_("The bets are down: {bets}. Who shakes the four dice?"),
                      bets=listing([_bettor(b, True) for b in known(s.bettors)]))


def _holder(s: ProcedureScene) -> Message:
    return Message.of(N_("Several players bet on place {place}: {bets}. Who holds the "
                         "place's cards?"), place=s.place,
                      bets=listing([_bettor(b, False) for b in known(s.bettors)]))


_CHANGES = {
    (True, "add"): N_("The dice have been shaken. {name}, who bet {stake} on place {place}, "
                      "wants to add {extra} to his bet. Does the croupier allow it?"),
    (True, "withdraw"): N_("The dice have been shaken. {name}, who bet {stake} on place "
                           "{place}, wants to take his bet back. Does the croupier allow it?"),
    (True, "move"): N_("The dice have been shaken. {name}, who bet {stake} on place {place}, "
                       "wants to move his bet to place {to}. Does the croupier allow it?"),
    (False, "add"): N_("The dice have not been shaken yet. {name}, who bet {stake} on place "
                       "{place}, wants to add {extra} to his bet. Does the croupier allow "
                       "it?"),
    (False, "withdraw"): N_("The dice have not been shaken yet. {name}, who bet {stake} on "
                            "place {place}, wants to take his bet back. Does the croupier "
                            "allow it?"),
    (False, "move"): N_("The dice have not been shaken yet. {name}, who bet {stake} on place "
                        "{place}, wants to move his bet to place {to}. Does the croupier "
                        "allow it?"),
}


def _bet_change(s: ProcedureScene) -> Message:
    return Message.of(_CHANGES[(known(s.after_dice), known(s.change))], name=s.name,
                      stake=_money(known(s.stake)), place=s.place, extra=_money(known(s.extra)),
                      to=s.to_place)


def _misplaced(s: ProcedureScene) -> Message:
    text = (N_("After the showdown {name} says he meant his {stake} for place {meant}, but "
               "it lies on place {lies}. Place {lies} beat the banker; place {meant} lost to "
               "him. How is the bet settled?") if s.lies_wins else
            N_("After the showdown {name} says he meant his {stake} for place {meant}, but "
               "it lies on place {lies}. Place {lies} lost to the banker; place {meant} beat "
               "him. How is the bet settled?"))
    return Message.of(text, name=s.name, stake=_money(known(s.stake)), meant=s.meant,
                      lies=s.lies_at)


_BANKER = {
    "setting": N_("The banker is still setting his hand. {name}, holding place {place}'s "
                  "cards, lifts them to look. Does the croupier allow it?"),
    "set": N_("The banker has set his hand but not yet shown it. {name}, holding place "
              "{place}'s cards, lifts them to look. Does the croupier allow it?"),
    "shown": N_("The banker has set his hand and laid it face up on the table. {name}, "
                "holding place {place}'s cards, picks them up to look. Does the croupier "
                "allow it?"),
}


def _looking(s: ProcedureScene) -> Message:
    return Message.of(_BANKER[known(s.banker_hand)], name=s.name, place=s.place)


def _reset(s: ProcedureScene) -> Message:
    return Message.of(N_("The banker has shown his hand; every player has picked up his "
                         "cards. The banker wants to set his hand again. Does the croupier "
                         "allow it?") if s.picked_up else
                      N_("The banker has shown his hand; no player has picked up his cards "
                         "yet. The banker wants to set his hand again. Does the croupier "
                         "allow it?"))


def _time(s: ProcedureScene) -> Message:
    """The times to the second (HI-13-SIGNAL): the clock's, and the time taken as m:ss."""
    return Message.of(N_("The banker showed his hand at {shown} by the table clock; place "
                         "{place} finished setting its cards at {done}, {elapsed} (minutes:"
                         "seconds) later. What does the croupier rule?"),
                      shown=clock(known(s.shown_at)), place=s.place,
                      done=clock(known(s.finished_at)),
                      elapsed=minutes_and_seconds(known(s.finished_at) - known(s.shown_at)))


_ACTS = {
    Act.SECOND_PLACE: N_("Before the dice, {name}, who has {stake} on place {place}, puts a "
                         "bet on place {other} as well. Does the croupier allow it?"),
    Act.CHANGE_PLACE: N_("In the middle of the round, {name}, who holds place {place}'s "
                         "cards, wants to move to the seat of place {other}. Does the "
                         "croupier allow it?"),
    Act.CARDS_AWAY: N_("{name}, who holds place {place}'s cards, wants to take them away from "
                       "the table to set them. Does the croupier allow it?"),
    Act.OTHER_CARDS: N_("{name}, who holds place {place}'s cards, picks up place {other}'s "
                        "cards as well. Does the croupier allow it?"),
    Act.SUGGESTS: N_("{name} bet {stake} on place {place}; {holder}, seated at the table, "
                     "bet more and holds its cards. {name} tells him how he would set the "
                     "tiers. Does the croupier allow it?"),
    Act.TAKES_CARDS: N_("{name} bet {stake} on place {place}; {holder}, seated at the table, "
                        "bet more and holds its cards. {name} takes the cards from him to set "
                        "them himself. Does the croupier allow it?"),
}


def _act(s: ProcedureScene) -> Message:
    return Message.of(_ACTS[known(s.act)], name=s.name, holder=s.holder,
                      stake=_money(known(s.stake)), place=s.place, other=s.other)


_PROMPTS = {"cut": _cut, "dice": _dice, "holder": _holder, "bet_change": _bet_change,
            "misplaced": _misplaced, "looking": _looking, "reset": _reset, "time": _time,
            "act": _act}


def prompt_of(scene: ProcedureScene) -> Message:
    """The question's words for ``scene``: every fact its ruling rests on."""
    return Message.of(N_("{scene} Pick the ruling and tick every reason that applies."),
                      scene=_PROMPTS[scene.case](scene))
