"""The false win («nulo»): a win declared without a complete hand (Portaria 135/91/M,
Art. 4 and 10).

Simplified: Art. 10 (b)(3) makes such a declaration «nulo» and says what it pays.
Conventional: the text makes «nulo» only the wrong exposure of Art. 10 (a)(7) not corrected
before a win is declared. HI-MJ-NULO (ours): a win declared without a complete hand (Art. 4
(a)) is treated the same way, by analogy with (b)(3), and pays as (a)(8) says; its
explanation says so.
"""

from __future__ import annotations

from i18n import N_, Message
from trainer.rules.house import HouseRules
from trainer.rules.mahjong.hands.hand import Meld, is_winning
from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.mahjong.play.payments import ART_10_NULO, Payments, false_win
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Regulation

HI_MJ_NULO = HouseInterpretation("HI-MJ-NULO")
ART_4 = {variant: Article(Regulation.MAHJONG, 4, item) for variant, item in
         ((Variant.CONVENTIONAL, "a"), (Variant.SIMPLIFIED, "b"))}


def declared_nulo(tiles: tuple[int, ...], melds: tuple[Meld, ...], declarer: Wind,
                  banker: Wind = Wind.EAST, variant: Variant = Variant.CONVENTIONAL,
                  rules: HouseRules | None = None,
                  players: tuple[Wind, ...] | None = None) -> Payments:
    """A win declared with ``tiles`` (and ``melds``) that are no winning hand: «nulo».

    Raises ``ValueError`` if the tiles do win. Simplified: Art. 10 (b)(3) makes such a
    declaration «nulo». Conventional: the text's «nulo» is the uncorrected wrong exposure
    of (a)(7); HI-MJ-NULO treats a declaration without a complete hand the same way. The
    payments are :func:`false_win`'s, Art. 10 (a)(8) or (b)(3).
    """
    if is_winning(tiles, melds, variant):
        raise ValueError("these tiles are a winning hand")
    need = Message.of(N_("Four sets and a pair") if variant is Variant.CONVENTIONAL
                      else N_("One set and a pair"))
    reasons = [Reason(Message.of(N_("{need} are needed to win: these tiles are not a winning "
                                    "hand."), need=need), ART_4[variant])]
    if variant is Variant.SIMPLIFIED:
        reasons.append(Reason(Message.of(N_(
            "A win declared without the tiles needed to win is «nulo».")), ART_10_NULO[variant]))
    else:
        reasons.append(Reason(Message.of(N_(
            "The conventional text makes «nulo» only a wrong exposure not corrected before "
            "the win is declared; a win declared without a complete hand is treated the same "
            "way, as the simplified form's rule says.")), HI_MJ_NULO))
    paid = false_win(declarer, banker, variant, rules, players)
    return Payments(paid.transfers, (*reasons, *paid.reasons))
