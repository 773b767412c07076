"""Mah-Jong's kits for the round screen (:mod:`ui.rounds.kits` gathers every game's): the
scene's, and a whole hand's (conventional or simplified) with the wall's, the deal's and a
drawn game's buttons besides — their keys, calls and rulings, their table. A seat is
written ``e s w n`` in an action; on screen it is clicked on the table or typed by its
number, East 1 to North 4 (the order of play: E → S → W → N). A whole hand's stack of the
break and tiles of a deal are typed in the amount box, or clicked on their tray."""

from __future__ import annotations

from typing import Any

from i18n import N_, Message
from trainer.rounds import mahjong
from trainer.rounds.actions import Action
from trainer.rounds.mahjong import view as mahjong_view
from trainer.rounds.mahjong.words import SEATS
from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.mahjong.play.claim_reasons import seat_label
from trainer.rules.mahjong.play.wall import STACKS
from ui.rounds.draft import Draft
from ui.rounds.game_table import GameTable
from ui.rounds.kit import Kit, TypedNumber, Verb
from ui.rounds.mahjong_table import MahjongRoundTable


def _table(round_: Any) -> GameTable:
    return MahjongRoundTable(mahjong_view.table_view(round_.table, ()),
                             variant=round_.table.variant)


def seat_name(place: int) -> Message:
    """Seat ``place`` (1 East … 4 North) by its wind."""
    return seat_label(Wind(SEATS[place - 1].upper()))


def fan_name(fan: int) -> Message:
    """A number of fán as the croupier says it (0 kai vu, 2 double fán)."""
    return mahjong.GRAMMAR.say(Action("fan", (fan,)))


#: The scene's buttons: the claims ruled, the win's worth, its payment, the next bank.
_SCENE_VERBS = (
    Verb("X", "claim", "none", N_("Nobody")),
    Verb("W", "claim", "win", N_("Win")),
    Verb("K", "claim", "kong", N_("Kong")),
    Verb("U", "claim", "pung", N_("Pung")),
    Verb("O", "claim", "chow", N_("Chow")),
    Verb("F", "fan", None, N_("Fán of the win")),
    Verb("Y", "liable", "none", N_("Nobody liable")),
    Verb("L", "liable", None, N_("Liable (包)")),
    Verb("C", "collect", None, N_("Collect")),
    Verb("P", "pay", None, N_("Pay")),
    Verb("M", "commission", None, N_("Commission")),
    Verb("N", "bank", None, N_("Next bank")),
)
#: A whole hand's besides: the break of the wall, the deal, a drawn game.
_HAND_VERBS = (
    Verb("B", "break", None, N_("Break the wall")),
    Verb("D", "deal", None, N_("Deal tiles")),
    Verb("R", "deal-rest", None, N_("Deal the rest")),
    *_SCENE_VERBS,
    Verb("Z", "drawn", None, N_("Drawn game")),
)
_SCENE_CALLS = {
    "chow-out-of-turn": N_("Chow out of turn"),
    "barred-kong": N_("Kong after seeing tiles"),
    "wrong-exposure": N_("Wrong tiles laid open"),
    "false-win": N_("False win"),
}
_HAND_CALLS = {
    **_SCENE_CALLS,
    "wrong-end": N_("Tile from the wrong end"),
    "late-kong": N_("Kong declared late"),
}
_SCENE_DECISIONS = {
    "refuse": N_("Refuse the call"),
    "corrected": N_("Correct the set"),
    "nulo-double-each": N_("«Nulo»: double fán to each"),
    "nulo-banker-double": N_("«Nulo»: double fán to the banker, 1 fán to the others"),
}
_HAND_DECISIONS = {
    "refuse": N_("Refuse the call"),
    "put-back": N_("Put the tile back"),
    **{decision: words for decision, words in _SCENE_DECISIONS.items()
       if decision != "refuse"},
    "nulo-single-each": N_("«Nulo»: 1 fán to each"),
}
#: The numbers of a whole hand's opening, typed in the amount box or clicked on their tray:
#: the stack the deal starts with (counted from the wall's right end), the tiles taken.
def stack_name(stack: int) -> Message:
    return Message.of(N_("Stack {stack}"), stack=stack)


def tiles_name(count: int) -> Message:
    return Message.counted("{count} tile", "{count} tiles", count)


def _opening_numbers(variant: Variant) -> dict[str, TypedNumber]:
    return {"break": TypedNumber(N_("Stack:"), stack_name, STACKS[variant]),
            "deal": TypedNumber(N_("Tiles:"), tiles_name)}


def _needs_amount(draft: Draft) -> bool:
    """Money, the fán of the win, and a whole hand's stack and tiles."""
    return draft.verb in ("collect", "pay", "commission", "fan", "break", "deal")


def mahjong_kit(game: str) -> Kit:
    """The kit of ``game``: the scene (``mahjong``), or a whole hand, conventional
    (``mahjong_hand``) or simplified (``mahjong_simplified``) — the scene's buttons with the
    wall's, the deal's and a drawn game's, and the calls and rulings of a whole hand."""
    hand = game != mahjong.GAME
    if game not in (mahjong.GAME, mahjong.HAND, mahjong.SIMPLIFIED):
        raise ValueError(f"not a Mah-Jong game: {game}")
    return Kit(
        game=game,
        grammar=mahjong.GRAMMAR,
        places=len(SEATS),
        verbs=_HAND_VERBS if hand else _SCENE_VERBS,
        call_kinds=_HAND_CALLS if hand else _SCENE_CALLS,
        decisions=_HAND_DECISIONS if hand else _SCENE_DECISIONS,
        needs_amount=_needs_amount,
        table=_table,
        view=mahjong_view.table_view,
        class_name=fan_name,
        place_words=SEATS,
        place_name=seat_name,
        typed_numbers=_opening_numbers(Variant.SIMPLIFIED if game == mahjong.SIMPLIFIED
                                       else Variant.CONVENTIONAL) if hand else {},
    )


MAHJONG = mahjong_kit(mahjong.GAME)
MAHJONG_HAND = mahjong_kit(mahjong.HAND)
MAHJONG_SIMPLIFIED = mahjong_kit(mahjong.SIMPLIFIED)
