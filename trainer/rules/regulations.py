"""Where each rule comes from: the regulation, its article, or a house interpretation.

Every reason the rules core gives carries one of these, so the trainer can cite it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

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
        numerals ("II"), a letter with a numbered point ("a(5)", Article 10 (a)(5)) or a
        number with a lettered point ("1(a)", Article 3(1)(a): n.º 1, alínea a)).
        """
        params = {"number": self.regulation.number, "game": self.regulation.game,
                  "article": self.number}
        point = re.fullmatch(r"([a-z])\((\d+)\)", self.item)
        if point:
            return Message.of(N_("Ordinance {number} ({game}), Article {article}, item "
                                 "{item}({point})"),
                              item=point.group(1), point=point.group(2), **params)
        lettered = re.fullmatch(r"(\d+)\(([a-z])\)", self.item)
        if lettered:
            return Message.of(N_("Ordinance {number} ({game}), Article {article}({item}), "
                                 "item {point}"),
                              item=lettered.group(1), point=lettered.group(2), **params)
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


@dataclass(frozen=True)
class RankingItem:
    """An item of the official three-card baccarat ranking list (file 002).

    The list reaches us without the regulation it belongs to, and only its items 20–31
    ("Três com duas figuras", 雙公三, to "Zero sem figura", 無公密); it is cited as a source
    of its own. Items 1–19 are not official text: they are reconstructed, and cited
    as the house interpretation HI-3C-RANK instead.
    """

    item: int

    FIRST: ClassVar[int] = 20
    LAST: ClassVar[int] = 31

    def __post_init__(self) -> None:
        if isinstance(self.item, bool) or not isinstance(self.item, int) \
                or not self.FIRST <= self.item <= self.LAST:
            raise ValueError(f"the official ranking list holds items {self.FIRST} to "
                             f"{self.LAST}, not {self.item!r}")

    def cite(self) -> Message:
        return Message.of(N_("The official three-card ranking list, item {item}"),
                          item=self.item)


@dataclass(frozen=True)
class RankingOrder:
    """The order of the official three-card ranking list (file 002, items 20–31), cited as
    a whole: that a lower class beats a higher one is what the list's order says, not
    what any one of its items says (RULES.md, HI-3C-TIE)."""

    def cite(self) -> Message:
        return Message.of(N_("The official three-card ranking list, the order of its items "
                             "{first} to {last}"), first=RankingItem.FIRST,
                          last=RankingItem.LAST)


#: Commissions and shares of a stake are rounded half-up to the house's money unit.
HI_MONEY = HouseInterpretation("HI-MONEY")

Source = Article | HouseInterpretation | RankingItem | RankingOrder


@dataclass(frozen=True)
class Reason:
    """One step of a ruling, in words, with the article behind it."""

    text: Message
    source: Source

    def __str__(self) -> str:
        return f"{self.text} [{self.source.cite()}]"
