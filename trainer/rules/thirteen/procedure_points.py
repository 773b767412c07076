"""The points of the 13-card game's table procedure (Portaria 51/89/M, Art. 2 a–d, 3, 5),
each with its article and a short sentence naming it: the reasons a trainee may tick."""

from __future__ import annotations

from enum import StrEnum

from i18n import N_, Message
from trainer.rules.regulations import Article, Regulation

_LAW = Regulation.THIRTEEN_CARDS
ART_2A = Article(_LAW, 2, "a")
ART_2B = Article(_LAW, 2, "b")
ART_2C = Article(_LAW, 2, "c")
ART_2D = Article(_LAW, 2, "d")
ART_3 = Article(_LAW, 3)
ART_5 = Article(_LAW, 5)
#: The least a cut takes (Art. 2 a) and the time to set a hand, in seconds (Art. 2 d).
LEAST_CUT = 10
SETTING_SECONDS = 5 * 60


class Point(StrEnum):
    """A point of the text a procedure ruling rests on (a reason the trainee may tick)."""

    CUT = "2a-cut"
    DICE = "2b-dice"
    NO_BETS = "2c-no-bets"
    WHERE_IT_LIES = "2c-where-it-lies"
    NO_LOOKING = "2d-no-looking"
    RESET = "2d-reset"
    FIVE_MINUTES = "2d-five-minutes"
    SEVERAL_PLACES = "3-several-places"
    NO_CHANGE = "3-no-change"
    AT_THE_TABLE = "3-at-the-table"
    HOLDER = "5-holder"
    SUGGEST = "5-suggest"

    @property
    def article(self) -> Article:
        return _POINTS[self][0]

    @property
    def label(self) -> Message:
        return Message.of(_POINTS[self][1])


_POINTS = {
    Point.CUT: (ART_2A, N_("Art. 2 a): the cards are cut with the blank card, with one hand, "
                           "at least ten cards")),
    Point.DICE: (ART_2B, N_("Art. 2 b): the seated player with the highest bet shakes the "
                            "dice")),
    Point.NO_BETS: (ART_2C, N_("Art. 2 c): no bet is placed, withdrawn or moved after the "
                               "dice")),
    Point.WHERE_IT_LIES: (ART_2C, N_("Art. 2 c): a bet is paid or collected where it lies, "
                                     "even if misplaced")),
    Point.NO_LOOKING: (ART_2D, N_("Art. 2 d): nobody touches or looks at his cards before "
                                  "the banker has set and shown his hand")),
    Point.RESET: (ART_2D, N_("Art. 2 d): the banker may set his hand again before the players "
                             "pick up their cards")),
    Point.FIVE_MINUTES: (ART_2D, N_("Art. 2 d): a place not finished setting before the "
                                    "signal, five minutes after the banker shows, loses")),
    Point.SEVERAL_PLACES: (ART_3, N_("Art. 3: a player may bet on more than one place")),
    Point.NO_CHANGE: (ART_3, N_("Art. 3: nobody changes place in the middle of a round")),
    Point.AT_THE_TABLE: (ART_3, N_("Art. 3: nobody holds cards away from the table, or another "
                                   "place's cards")),
    Point.HOLDER: (ART_5, N_("Art. 5: of several bettors on one place, the highest bettor "
                             "seated at the table holds the cards")),
    Point.SUGGEST: (ART_5, N_("Art. 5: the other bettors on a place may only suggest how to "
                              "set its cards")),
}
