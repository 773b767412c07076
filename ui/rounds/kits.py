"""Each game's kit for the round screen (:class:`ui.rounds.kit.Kit`): its buttons and keys,
its calls and rulings, its table — everything the screen plays a game with, by game id.

Keys: a letter per action, none twice within a game and none of the screen's own (H hint);
digits name places, call kinds and rulings; F2 or Ctrl+I calls; Enter or Space confirms.
"""

from __future__ import annotations

from typing import Any

from i18n import N_
from trainer.rounds import mahjong_baccarat, thirteen, three_card
from trainer.rounds.mahjong_baccarat import view as mahjong_baccarat_view
from trainer.rounds.thirteen import view as thirteen_view
from trainer.rounds.three_card import table as three_card_table
from trainer.rounds.three_card import view as three_card_view
from trainer.rules import mahjong_baccarat as mahjong_baccarat_rules
from trainer.rules.table import BANKER_PLACE
from trainer.rules.thirteen import dealing as thirteen_dealing
from trainer.rules.three_card.classes import class_name
from ui.rounds.draft import Draft
from ui.rounds.game_table import GameTable
from ui.rounds.kit import Kit, Verb
from ui.rounds.mahjong_kit import MAHJONG, MAHJONG_HAND, MAHJONG_SIMPLIFIED
from ui.rounds.sap_i_chi_kit import SAP_I_CHI
from ui.rounds.table import RoundTable
from ui.rounds.thirteen_table import ThirteenRoundTable
from ui.rounds.three_card_table import ThreeCardRoundTable


def _mahjong_baccarat_amount(draft: Draft) -> bool:
    """Money paid, collected or taken, a co-banker's share, and the capital of a banker
    who keeps the bank (Art. 5 (4))."""
    return draft.verb in ("pay", "collect", "commission", "share", "casino") or (
        draft.verb == "bank" and draft.place == BANKER_PLACE)


def _mahjong_baccarat_table(round_: Any) -> GameTable:
    return RoundTable(mahjong_baccarat_view.table_view(round_.table, ()))


MAHJONG_BACCARAT = Kit(
    game=mahjong_baccarat.GAME,
    grammar=mahjong_baccarat.GRAMMAR,
    places=mahjong_baccarat_rules.PLACES,
    verbs=(
        Verb("A", "reorder", "allow", N_("Allow the re-order")),
        Verb("R", "reorder", "refuse", N_("Refuse the re-order")),
        Verb("F", "first", None, N_("First place")),
        Verb("D", "deal", None, N_("Deal")),
        Verb("O", "open", None, N_("Open")),
        Verb("W", "rule", "player", N_("Player wins")),
        Verb("B", "rule", "banker", N_("Banker wins")),
        Verb("P", "pay", None, N_("Pay")),
        Verb("C", "collect", None, N_("Collect")),
        Verb("K", "commission", None, N_("Commission")),
        Verb("S", "share", None, N_("Co-banker's share")),
        Verb("J", "casino", None, N_("Casino's share")),
        Verb("N", "bank", None, N_("Next bank")),
    ),
    call_kinds={
        "player-shakes": N_("A player shakes"),
        "dice-out-of-bowl": N_("Die out of the bowl"),
        "dice-badly-settled": N_("Die badly settled"),
        "total-adjusted": N_("Total adjusted"),
        "bet-after-dice": N_("Bet after the dice"),
        "bet-changed-after-dice": N_("Bet changed after the dice"),
        "reorder-after-dice": N_("Re-order after the dice"),
        "tile-exposed": N_("Tile exposed"),
        "bet-on-wrong-place": N_("Bet on the wrong place"),
        "capital-reduced": N_("Capital reduced"),
    },
    decisions={
        "reshake": N_("Shake again"),
        "play-on": N_("Play on"),
        "allow": N_("Allow"),
        "refuse": N_("Refuse"),
        "settle-as-placed": N_("Settle as placed"),
    },
    needs_amount=_mahjong_baccarat_amount,
    table=_mahjong_baccarat_table,
    view=mahjong_baccarat_view.table_view,
    nobody_verb="bank",
    nobody_label=N_("Nobody banks next"),
)


def _thirteen_table(round_: Any) -> GameTable:
    return ThirteenRoundTable(thirteen_view.table_view(round_.table, ()))


THIRTEEN = Kit(
    game=thirteen.GAME,
    grammar=thirteen.GRAMMAR,
    places=thirteen_dealing.PLACES,
    verbs=(
        Verb("K", "shaker", None, N_("Who shakes")),
        Verb("F", "first", None, N_("First place")),
        Verb("D", "deal", None, N_("Deal a card")),
        Verb("R", "deal-rest", None, N_("Deal the rest")),
        Verb("G", "give", None, N_("Give the card")),
        Verb("S", "set", None, N_("Set the banker's hand")),
        Verb("T", "tier", "front", N_("Front tier"), joins=("rule",)),
        Verb("M", "tier", "middle", N_("Middle tier"), joins=("rule",)),
        Verb("A", "tier", "back", N_("Back tier"), joins=("rule",)),
        Verb("W", "rule", "player", N_("Player wins"), joins=("tier",)),
        Verb("B", "rule", "banker", N_("Banker wins"), joins=("tier",)),
        Verb("E", "rule", "tie", N_("Tie")),
        Verb("P", "pay", None, N_("Pay")),
        Verb("C", "collect", None, N_("Collect")),
        Verb("U", "push", None, N_("Push")),
    ),
    call_kinds={
        "bad-cut": N_("Bad cut"),
        "bet-changed-after-dice": N_("Bet changed after the dice"),
        "card-exposed": N_("Card exposed"),
        "misdeal": N_("Misdeal"),
        "looking-before-banker": N_("Looking before the banker shows"),
        "banker-resets": N_("Banker sets again"),
        "late-setting": N_("Cards set too late"),
        "foul-declared-good": N_("Foul declared good"),
        "misplaced-bet": N_("Bet on the wrong place"),
        "change-after-signal": N_("Change after the signal"),
    },
    decisions={
        "allowed": N_("Allowed"),
        "refused": N_("Refused"),
        "plays": N_("The hand plays"),
        "loses": N_("The hand loses"),
        "where-it-lies": N_("The bet plays where it lies"),
        "continue": N_("Deal on"),
        "rectify": N_("Put it right"),
        "cancel": N_("Cancel the deal"),
    },
    needs_amount=lambda draft: draft.verb in ("pay", "collect"),
    table=_thirteen_table,
    view=thirteen_view.table_view,
    set_verb="set",
    setting_cards=lambda round_: round_.table.hand(BANKER_PLACE),
)


def _three_card_table(round_: Any) -> GameTable:
    return ThreeCardRoundTable(three_card_view.table_view(round_.table, ()))


#: The bets at a place, each a button that says which bet is paid, collected or returned.
_MONEY = ("pay", "collect", "push")
THREE_CARD = Kit(
    game=three_card.GAME,
    grammar=three_card.GRAMMAR,
    places=three_card_table.PLACES,
    verbs=(
        Verb("S", "shoe", "shuffle", N_("Shuffle")),
        Verb("O", "shoe", "deal-on", N_("Deal on")),
        Verb("D", "deal", None, N_("Deal a card")),
        Verb("R", "deal-rest", None, N_("Deal the rest")),
        Verb("X", "white", None, N_("Second white card")),
        Verb("L", "class", None, N_("Class of the hand")),
        Verb("W", "rule", "player", N_("Player wins")),
        Verb("B", "rule", "banker", N_("Banker wins")),
        Verb("E", "rule", "tie", N_("Tie")),
        Verb("P", "pay", None, N_("Pay")),
        Verb("C", "collect", None, N_("Collect")),
        Verb("U", "push", None, N_("Return")),
        Verb("A", "pay", "player", N_("Bet on the hand"), joins=_MONEY),
        Verb("K", "pay", "banker", N_("Bet on the banker"), joins=_MONEY),
        Verb("T", "pay", "tie", N_("Tie bet"), joins=_MONEY),
        Verb("F", "pay", "three-figures", N_("Three-figures bet"), joins=_MONEY),
        Verb("N", "pay", "banker-points", N_("Banker's points bet"), joins=_MONEY),
    ),
    call_kinds={
        "ten-as-figure": N_("Ten counted as a figure"),
        "tie-claimed-won": N_("Tie claimed as a win"),
        "commission-refused": N_("Commission refused"),
    },
    decisions={
        "refused": N_("Refused"),
        "push": N_("A tie: returned"),
    },
    needs_amount=lambda draft: draft.verb in ("pay", "collect", "class"),
    table=_three_card_table,
    view=three_card_view.table_view,
    class_name=class_name,
)

#: The kit of each game the round engine deals.
KITS = {kit.game: kit for kit in (MAHJONG_BACCARAT, THIRTEEN, SAP_I_CHI, THREE_CARD,
                                  MAHJONG, MAHJONG_HAND, MAHJONG_SIMPLIFIED)}
