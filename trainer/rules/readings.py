"""What changed, version by version, in the rules core's readings of the official texts.

:data:`~trainer.rules.house.READINGS` goes up whenever a ruling changes what is right.
Every answer and exam sitting records the version it was graded under; a changed default
applies to new questions only, and a review of an old answer says when today's reading
grades it otherwise. This list tells an instructor what changed, in the three languages.
"""

from __future__ import annotations

from i18n import N_, Message
from trainer.rules.house import READINGS

#: For each version, what became right that was not before (version 1: the first reading).
CHANGES: dict[int, tuple[str, ...]] = {
    2: (
        N_("Mah-Jong: wân iat sêk (one suit with honours) scores only when none of its "
           "honour sets is itself worth fán (Art. 6 (a)); one suit with a dragon pung, or "
           "with a seat- or round-wind pung, is no longer wân iat sêk."),
        N_("Mah-Jong: big three dragons and big four winds replace only their small forms; "
           "the dragon and wind pungs that score are listed beside them (HI-MJ-INCLUDES)."),
    ),
    3: (
        N_("Mahjong Baccarat: the banker pays the commission only on his net gain of a round "
           "he wins, never on what he collects in a round he loses, so his loss never exceeds "
           "his capital (HI-MB-COMMISSION; the old reading stays as the setting \"per won "
           "bet\")."),
        N_("Mahjong Baccarat: a winning banker's next capital is his capital plus his net gain "
           "less the commission on that gain (HI-MB-COMMISSION)."),
        N_("Sap I Chi: a void round (Art. 2 (3)) settles no bet; each player may withdraw or "
           "change his bet, rather than the stakes simply going back."),
        N_("13-card game: the house way counts a tied tier as the banker's (Art. 10), not as "
           "half a win; a few hands are set differently."),
        N_("Mah-Jong: a player who could make several claims on a discard chooses among them "
           "(HI-MJ-CLAIM): the next player with a pair and a run may chow or pung, a holder of "
           "three may pung or kong."),
    ),
    4: (
        N_("13-card game: a place that finishes setting at the signal itself, 5 min 0 s after "
           "the banker shows, has not finished before the signal and loses (Art. 2 d, "
           "HI-13-SIGNAL); it used to play. A house setting lets it play."),
        N_("Three-card baccarat: two hands of the same class tie (HI-3C-TIE), and a bet on "
           "the player or the banker is then returned, with no commission; a tie is no longer "
           "cited to the item that names the class, nor a win to one item of the list."),
        N_("Mah-Jong: a hand's readings are valued after the cap, so two readings that both "
           "reach double fán are equally valuable and either one's list of patterns is right; "
           "the patterns of both are offered (HI-MJ-INCLUDES)."),
    ),
}


def changes(since: int, until: int = READINGS) -> list[tuple[int, Message]]:
    """What changed after version ``since`` up to ``until``, oldest first."""
    return [(version, Message.of(text)) for version in range(since + 1, until + 1)
            for text in CHANGES.get(version, ())]
