"""Playing cards: the 52-card deck of the 13-card game and three-card baccarat.

Card notation used everywhere (tests, question JSON): rank then suit letter,
``"AS KH 10D 9C 2S"``; ``T`` is accepted for ten.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from i18n import N_, Message


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def name_message(self) -> Message:
        return Message.of(_SUIT_NAMES[self])


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_BY_SYMBOL = {symbol: suit.value for suit, symbol in _SUIT_SYMBOLS.items()}
_SUIT_NAMES = {
    Suit.SPADES: N_("spades"),
    Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.CLUBS: N_("clubs"),
}


class Rank(IntEnum):
    """Ranks valued high to low A K Q J 10 … 2 (13-card game, Art. 6)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def label(self) -> str:
        return _RANK_LABELS.get(self, str(int(self)))

    @property
    def is_figure(self) -> bool:
        """J, Q and K are figures (公); the ten is not."""
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)


_RANK_LABELS = {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"}
_RANK_BY_LABEL = {rank.label: rank for rank in Rank} | {"T": Rank.TEN}


@dataclass(frozen=True, order=True)
class Card:
    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return f"{self.rank.label}{self.suit.value}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """One card such as ``"10D"``, ``"TD"`` or ``"as"``."""
        token = text.strip().upper()
        rank, suit = _RANK_BY_LABEL.get(token[:-1]), token[-1:]
        suit = _SUIT_BY_SYMBOL.get(suit, suit)  # "K♥" as well as "KH"
        if rank is None or suit not in Suit._value2member_map_:
            raise ValueError(f"not a card: {text!r}")
        return cls(rank, Suit(suit))


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces: ``parse_cards("AS KH 10D 9C 2S")``."""
    return tuple(Card.parse(token) for token in text.split())


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards in our notation (``AS KH 10D``), as situations keep them."""
    return " ".join(str(card) for card in cards)


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as a trainee reads them in any language: ``A♠ K♥ 10♦`` (never our codes)."""
    return " ".join(f"{card.rank.label}{card.suit.symbol}" for card in cards)


def cards_shown(text: str) -> str:
    """Cards given in our notation, as :func:`cards_text` shows them."""
    return cards_text(parse_cards(text))


def full_deck() -> tuple[Card, ...]:
    """The 52 cards, spades to clubs, each suit from 2 up to the ace."""
    return tuple(Card(rank, suit) for suit in Suit for rank in Rank)
