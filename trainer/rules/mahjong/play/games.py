"""A game's first win and who holds the bank next (Portaria 135/91/M, Art. 3, 5 and 6).

- Heavenly win (t'in vu): the banker's dealt hand is complete, and he wins at once; earthly
  win (tei vu): another player wins on the banker's first discard (Art. 5 (a)(1)–(2),
  (b)(1)–(2)). Both are worth double fán in the conventional form (Art. 6 (a)(3)); the
  simplified form gives them no fán of their own (Art. 6 (b)).
- The bank: the banker keeps it while he wins; when another wins it passes to the player at
  his right (the next player present at a simplified table of 2 or 3); each round is four
  games named after a wind (Art. 3 (a), (b)). HI-MJ-DRAWN (ours): a drawn game keeps the
  bank.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from i18n import N_, Message
from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.mahjong.play.conduct import Decision, Ruling, art, form_point
from trainer.rules.mahjong.play.payments import small_table, table
from trainer.rules.mahjong.play.wall import next_game
from trainer.rules.regulations import HouseInterpretation, Reason

HI_MJ_DRAWN = HouseInterpretation("HI-MJ-DRAWN")


class Start(StrEnum):
    """How the first win of a game came."""

    DEALT = "dealt"  # the banker's dealt hand is complete
    BANKER_FIRST_DISCARD = "banker_first_discard"
    BANKER_LATER_DISCARD = "banker_later_discard"  # a later discard of the banker's
    OTHER_FIRST_DISCARD = "other_first_discard"  # another player's first discard
    FIRST_DRAW = "first_draw"  # a player's dealt hand and his first draw


def first_win(variant: Variant, start: Start, winner: Wind, banker: Wind = Wind.EAST) -> Ruling:
    """Heavenly (t'in vu), earthly (tei vu) or an ordinary win (Art. 5, 6)."""
    conventional = variant is Variant.CONVENTIONAL
    if (start is Start.DEALT) is not (winner is banker):
        raise ValueError("only the banker is dealt a complete hand; he wins on no discard")
    if start is Start.DEALT:
        decision, text, point = Decision.HEAVENLY, N_(
            "The banker's dealt hand is complete: he wins at once, a heavenly win (t'in "
            "vu)."), form_point(variant, "5 a(1)", "5 b(1)")
    elif start is Start.BANKER_FIRST_DISCARD:
        decision, text, point = Decision.EARTHLY, N_(
            "Another player wins on the banker's first discard: an earthly win (tei vu)."), (
            form_point(variant, "5 a(2)", "5 b(2)"))
    else:
        decision, point = Decision.ORDINARY, form_point(variant, "5 a(2)", "5 b(2)")
        text = {Start.BANKER_LATER_DISCARD: N_(
                    "Only a win on the banker's first discard is an earthly win; this is a later "
                    "one."),
                Start.OTHER_FIRST_DISCARD: N_(
                    "Only a win on the banker's first discard is an earthly win; this discard "
                    "is another player's."),
                Start.FIRST_DRAW: N_(
                    "Only the banker's dealt hand makes a heavenly win, and only the banker's "
                    "first discard an earthly one; a win on a drawn tile is neither.")}[start]
    reasons = [Reason(Message.of(text), point)]
    if decision is not Decision.ORDINARY:
        if conventional:
            reasons.append(Reason(Message.of(N_("Heavenly and earthly wins are worth double "
                                                "fán.")), art(6, "a(3)")))
        else:
            reasons.append(Reason(Message.of(N_(
                "The simplified form gives them no fán of their own: the hand scores only what "
                "Art. 6 (b) lists.")), art(6, "b")))
    return Ruling(decision, tuple(reasons))


def bank(variant: Variant, banker: Wind, round_wind: Wind, game: int, winner: Wind | None,
         players: Sequence[Wind] | None = None) -> tuple[Ruling, tuple[Wind, Wind, int]]:
    """Who holds the bank next, and in which round (Art. 3 (a), (b)); HI-MJ-DRAWN."""
    seats = table(variant, players, banker)
    following = next_game(banker, round_wind, game, winner,
                          None if variant is Variant.CONVENTIONAL else seats)
    point = form_point(variant, "3 a", "3 b")
    reasons = small_table(seats, variant)
    if winner is None:
        reasons.append(Reason(Message.of(N_("A drawn game keeps the bank with the banker.")),
                              HI_MJ_DRAWN))
        decision = Decision.KEEPS_BANK
    elif winner is banker:
        reasons.append(Reason(Message.of(N_("The banker won: he keeps the bank.")), point))
        decision = Decision.KEEPS_BANK
    else:
        reasons.append(Reason(Message.of(N_("Another player won: the bank passes to the player "
                                            "at the banker's right.")), point))
        decision = Decision.PASSES_BANK
        if following[1] is not round_wind:
            reasons.append(Reason(Message.of(N_(
                "Each round is four games, named after a wind (East, South, West, North): "
                "after the fourth, the next round begins.")), point))
            decision = Decision.NEXT_ROUND
    return Ruling(decision, tuple(reasons)), following
