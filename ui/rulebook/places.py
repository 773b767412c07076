"""Where each citation of the rules core leads in the rulebook, and the links that lead there.

A place is a text, an article of it and a point (``""``: the whole article), or one numbered
line of a point (``"II.5"``: the rank that decided, in a list of ranks). The official
ranking list is one article (0) of its own text, its order the whole article; the house
interpretations are the text ``house``, one article each, numbered as
:data:`trainer.rules.interpretations.CODES` lists them. A link in an explanation is
``rulebook:<text>/<article>/<item>``.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.rules.interpretations import CODES
from trainer.rules.regulations import (
    Article,
    HouseInterpretation,
    RankingItem,
    RankingOrder,
    Source,
)

SCHEME = "rulebook"
#: The rulebook's text of each ordinance the rules core cites.
TEXT_OF = {"51/89/M": "51-89-M", "52/89/M": "52-89-M", "15/96/M": "15-96-M",
           "135/91/M": "135-91-M", "9/76": "9-76"}
RANKING = "three-card-ranking"
HOUSE = "house"


@dataclass(frozen=True, order=True)
class Place:
    text: str
    article: int
    item: str = ""

    @property
    def anchor(self) -> str:
        return f"{self.text}/{self.article}/{self.item}"

    @property
    def link(self) -> str:
        return f"{SCHEME}:{self.anchor}"

    @property
    def point(self) -> str:
        """The point of the text chosen: the item without its numbered line ("II" of
        "II.5": item II of Art. 9, its line 5.)."""
        return self.item.partition(".")[0]

    @property
    def line(self) -> str:
        """The numbered line of the point chosen ("5" of "II.5"), or "" for the whole."""
        return self.item.partition(".")[2]

    def whole_article(self) -> Place:
        return Place(self.text, self.article)

    @classmethod
    def parse(cls, link: str) -> Place | None:
        """The place a link or anchor names, or None if it names none."""
        text, _sep, rest = link.removeprefix(f"{SCHEME}:").partition("/")
        number, _sep, item = rest.partition("/")
        if not text or not number.isdigit():
            return None
        return cls(text, int(number), item)


def place_of(source: Source) -> Place:
    """Where ``source`` is in the rulebook."""
    if isinstance(source, Article):
        return Place(TEXT_OF[source.regulation.number], source.number, source.item)
    if isinstance(source, RankingItem):
        return Place(RANKING, 0, str(source.item))
    if isinstance(source, RankingOrder):
        return Place(RANKING, 0)
    if isinstance(source, HouseInterpretation):
        return Place(HOUSE, CODES.index(source.code) + 1)
    raise TypeError(f"not a source the rules core cites: {source!r}")
