"""The incidents of a 13-card round, called and ruled by the rules core's procedure
(Portaria 51/89/M, Art. 2, 4, 7): what the croupier sees, the call, and the ruling."""

from __future__ import annotations

from collections.abc import Iterator

from i18n import N_, Message
from trainer.rounds.incidents import incident_steps
from trainer.rounds.play import Step
from trainer.rounds.thirteen.table import AT_A_PLACE, Happening, ThirteenTable
from trainer.rules.cards import Card
from trainer.rules.house import HouseRules
from trainer.rules.regulations import Reason
from trainer.rules.thirteen.dealing import Resolution
from trainer.rules.thirteen.procedure import (
    Bettor,
    ProcedureRuling,
    banker_resets,
    bet_change,
    change_after_signal,
    judge_cut,
    looking_at_cards,
    minutes_and_seconds,
    misplaced_bet,
    setting_time,
)
from trainer.rules.thirteen.rulings import foul_reasons

#: The rulings the croupier gives, as ``decide`` takes them.
DECISIONS = ("allowed", "refused", "plays", "loses", "where-it-lies", "continue", "rectify",
             "cancel")


def shaker_bettors(table: ThirteenTable) -> tuple[Bettor, ...]:
    """Each place's bettor, named by his place (Art. 2 b picks one by name)."""
    return tuple(Bettor(str(place), bet.stake, bet.seated, place)
                 for place, bet in table.bets.items())


def called(table: ThirteenTable, rules: HouseRules, *moments: str,
           resolution: Resolution | None = None, at_place: int | None = None,
           scene: Message | None = None) -> Iterator[Step]:
    """The call and the ruling of an incident, if one happens here (at ``at_place``, when
    given); a misdeal's ``resolution`` is the rules core's."""
    happening = table.happening(*moments)
    if happening is None or (at_place is not None and happening.place != at_place):
        return
    if resolution is not None:  # graded by the ruling, followed by what the banker does
        decision, reasons = resolution.action.value, (*resolution.reasons, *resolution.steps)
        ruling = resolution.reasons[-1]
    else:
        decision, reasons = _ruling(table, happening, rules)
        ruling = reasons[-1]
    place = happening.place if happening.call in AT_A_PLACE else None
    yield from incident_steps(happening.call, place, decision, ruling,
                              scene or _scene(table, happening), reasons)


def _ruling(table: ThirteenTable, happening: Happening,
            rules: HouseRules) -> tuple[str, tuple[Reason, ...]]:
    if happening.call == "foul-declared-good":
        assert happening.place is not None
        return "loses", foul_reasons(table.settings[happening.place], rules.thirteen)
    ruling = _procedure(table, happening, rules)
    return ruling.ruling, ruling.reasons


def _procedure(table: ThirteenTable, happening: Happening,
               rules: HouseRules) -> ProcedureRuling:
    call, place = happening.call, happening.place or 0
    if call == "bad-cut":
        return judge_cut(happening.at, happening.hands)
    if call == "bet-changed-after-dice":
        return bet_change(after_dice=True)
    if call == "looking-before-banker":
        return looking_at_cards(banker_shown=False)
    if call == "banker-resets":
        return banker_resets(happening.picked_up)
    if call == "late-setting":
        return setting_time(table.shown_at, table.shown_at + happening.at, rules.thirteen)
    if call == "change-after-signal":
        return change_after_signal(table.shown_at, table.shown_at + happening.at,
                                   table.shown_at + happening.asked, rules.thirteen)
    return misplaced_bet(place, happening.meant)


def _scene(table: ThirteenTable, happening: Happening) -> Message:
    words: dict[str, object] = {"place": happening.place or 0, "cards": happening.at,
                                "meant": happening.meant}
    if happening.call == "bad-cut" and happening.hands == 2:
        return Message.of(N_("A player cuts {cards} cards with both hands."), **words)
    if happening.call in ("late-setting", "change-after-signal"):
        words["minutes"] = minutes_and_seconds(happening.at)
        words["asked"] = minutes_and_seconds(happening.asked)
    if happening.call in ("card-exposed", "misdeal"):
        words["card"] = str(_card(table, happening.at))
        words["number"] = happening.at
    if happening.call == "banker-resets" and happening.picked_up:
        return Message.of(N_("The banker asks to set his hand again; the players have picked "
                             "up their cards."))
    return Message.of(_SCENES[happening.call], **words)


def _card(table: ThirteenTable, number: int) -> Card:
    return (table.cancelled or table.deck)[number - 1]


_SCENES = {
    "bad-cut": N_("A player cuts {cards} cards with one hand."),
    "bet-changed-after-dice": N_("The player at place {place} adds chips to his bet after the "
                                 "dice."),
    "card-exposed": N_("Card {number}, the {card}, turns face up as it is dealt to place "
                       "{place}."),
    "misdeal": N_("As the deal ends, card {number}, the {card}, is found at place {place}, "
                  "not where the dealing order puts it."),
    "looking-before-banker": N_("The player at place {place} lifts a corner of his cards "
                                "before the banker has shown his hand."),
    "banker-resets": N_("The banker asks to set his hand again; no player has picked up his "
                        "cards yet."),
    "late-setting": N_("Place {place} finishes setting its cards {minutes} after the banker "
                       "showed."),
    "foul-declared-good": N_("The player at place {place} declares his hand good."),
    "misplaced-bet": N_("The player at place {place} says he meant his bet for place "
                        "{meant}."),
    "change-after-signal": N_("Place {place} finished setting its cards {minutes} after the "
                              "banker showed; now, {asked} after he showed, the player asks "
                              "to set them again."),
}
