"""Where each rule comes from: the regulation, its article, or a house interpretation.

Every reason the rules core gives carries one of these, so the trainer can cite it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from i18n import N_, Message


class Regulation(Enum):
    """The official texts in ``regulations/``: (portaria number, the game it regulates)."""

    THIRTEEN_CARDS = ("51/89/M", N_("13-card game"))
    MAHJONG_1989 = ("52/89/M", N_("Mah-Jong"))
    MAHJONG = ("135/91/M", N_("Mah-Jong"))
    MAHJONG_BACCARAT = ("15/96/M", N_("Mahjong Baccarat"))
    SAP_I_CHI = ("9/76", N_("Sap I Chi"))

    @property
    def number(self) -> str:
        return self.value[0]

    @property
    def game(self) -> Message:
        return Message.of(self.value[1])


@dataclass(frozen=True)
class Article:
    """An article of a regulation, optionally one item (alínea) of it, e.g. Art. 2 b)."""

    regulation: Regulation
    number: int
    item: str = ""

    def cite(self) -> Message:
        """The citation in the regulation's own numbering.

        Items are letters (alíneas: "b"), numbers (números: "2", Article 7(2)), roman
        numerals ("II") or a letter with a numbered point ("a(5)", Article 10 (a)(5)).
        """
        params = {"number": self.regulation.number, "game": self.regulation.game,
                  "article": self.number}
        point = re.fullmatch(r"([a-z])\((\d+)\)", self.item)
        if point:
            return Message.of(N_("Ordinance {number} ({game}), Article {article}, item "
                                 "{item}({point})"),
                              item=point.group(1), point=point.group(2), **params)
        if self.item.isdigit():
            return Message.of(N_("Ordinance {number} ({game}), Article {article}({item})"),
                              item=self.item, **params)
        if self.item:
            return Message.of(N_("Ordinance {number} ({game}), Article {article}, item {item}"),
                              item=self.item, **params)
        return Message.of(N_("Ordinance {number} ({game}), Article {article}"), **params)


@dataclass(frozen=True)
class HouseInterpretation:
    """A choice this project makes where the text is silent (a ``HouseRules`` setting)."""

    code: str

    def cite(self) -> Message:
        return Message.of(N_("House interpretation {code}"), code=self.code)


#: Commissions and shares of a stake are rounded half-up to the house's money unit.
HI_MONEY = HouseInterpretation("HI-MONEY")

Source = Article | HouseInterpretation


@dataclass(frozen=True)
class Reason:
    """One step of a ruling, in words, with the article behind it."""

    text: Message
    source: Source

    def __str__(self) -> str:
        return f"{self.text} [{self.source.cite()}]"
