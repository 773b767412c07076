"""Every house interpretation (HI-…) the rules core makes, named as ``RULES.md`` names it.

Where the official texts are silent or ambiguous the core makes a choice; each choice has a
code and, where a casino may choose otherwise, a ``HouseRules`` setting. A reason cites a
choice by its code (:class:`~trainer.rules.regulations.HouseInterpretation`); this table
says in a line what each code decides, for the rulebook, the desk and the tests (a code not
in it is a mistake).
"""

from __future__ import annotations

from i18n import N_, Message

_TITLES = {
    "HI-MONEY": N_("A commission is exact, then rounded half-up to the house's money unit."),
    "HI-CHIP-CHANGE": N_("Below the smallest chip an amount is paid as change."),
    "HI-13-SIGNAL": N_("A place that finishes setting at the signal itself (5 min 0 s) has "
                       "not finished before it, and loses."),
    "HI-MISDEAL": N_("A misdeal scene says whether the misdealt cards can still be "
                     "identified."),
    "HI-EQUAL-TIERS": N_("Equal tiers are not a foul."),
    "HI-FOUL": N_("A place that fouls loses its bets, even when the banker fouled too."),
    "HI-SIX-PAIRS": N_("Six pairs and a half: the odd card is unequal to every pair."),
    "HI-NATURAL": N_("Thirteen cards that admit a natural count as declaring it."),
    "HI-HOUSE-WAY": N_("How the banker-dealer sets his thirteen cards."),
    "HI-13-PAY": N_("A 13-card bet in terms of 1, 2 or 3 points: how it is settled."),
    "HI-MB-COMMISSION": N_("The banker pays commission on his net gain of the round, only "
                           "when he wins it."),
    "HI-MB-COBANK": N_("The casino and players who join the bank: how their share is "
                       "settled."),
    "HI-MB-HIGHER-TILE": N_("Equal points: the side with the higher single tile wins."),
    "HI-SETTLE-ORDER": N_("Mahjong Baccarat places are settled in the dealing order, within "
                          "the banker's capital."),
    "HI-3C-RANK": N_("Three-card classes 1 to 19, reconstructed from the official items 20 "
                     "to 31."),
    "HI-3C-TIE": N_("Two three-card hands of the same class tie."),
    "HI-3C-PAY": N_("The house payout table of three-card baccarat."),
    "HI-3C-DEAL": N_("Three-card baccarat: the deal, the shuffle and the second white card "
                     "of a shoe."),
    "HI-SAP-LAYOUT": N_("The Sap I Chi board: which numbers are red or black, and the group "
                        "bets."),
    "HI-WALL": N_("Breaking the wall: the count goes on into the next wall."),
    "HI-DEAL": N_("The banker's two extra tiles: the usual jump."),
    "HI-MJ-DRAWN": N_("A drawn game keeps the bank."),
    "HI-MJ-GREEN": N_("Simplified form: winning on the green dragon means the winning tile "
                      "is 發."),
    "HI-MJ-ADD": N_("Fán patterns add up, to double fán at most."),
    "HI-MJ-INCLUDES": N_("A stronger form of a pattern replaces the weaker one; a hand that "
                         "reads two ways worth the same fán after the cap may be listed "
                         "either way."),
    "HI-MJ-CLAIM": N_("A win on a discard beats a pung or kong; a player who could make "
                      "several claims chooses."),
    "HI-MJ-PAY": N_("What each player pays a Mah-Jong winner, by the hand's grade."),
    "HI-MJ-LIAB3": N_("Liability for big three dragons or big four winds: the discard "
                      "completes the hand with its own kind."),
    "HI-MJ-SEEN": N_("A tile in sight is exposed on the table: melds and discards."),
    "HI-MJ-4TH": N_("The fourth tile of an honour: its other three are in sight."),
    "HI-MJ-CAP": N_("A winner's capital is filled by the payers counterclockwise from him."),
    "HI-MJ-NULO": N_("A conventional declaration without a complete hand is treated as "
                     "«nulo»."),
    "HI-MJ-WALL-END": N_("A tile taken from the wrong end of the Mah-Jong wall goes back "
                         "unseen; the player takes the right one."),
    "HI-MJ-KONG-TURN": N_("A Mah-Jong kong is declared in the player's own turn, before he "
                          "discards; declared after it, it is refused."),
}

CODES = tuple(_TITLES)


def title(code: str) -> Message:
    """What the house interpretation ``code`` decides, in a line (translated on use)."""
    try:
        return Message.of(_TITLES[code])
    except KeyError:
        raise KeyError(f"unknown house interpretation {code!r}") from None
