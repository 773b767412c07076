"""Sap I Chi, the game of 12 cards (Portaria 9/76; RULES.md section 4).

One of twelve numbers is drawn per round. Players bet on 1, 2, 3, 4 or 6 numbers or on a
colour; a winner keeps his stake and is paid the prize of Art. 3, n.º 1, with no
commission. An involuntary irregularity by the croupier while the round is being decided
makes it void (Art. 2, n.º 3): no bet wins or loses, no stake is collected, and the
players may withdraw their bets or change them.

The text says only that the board has twelve numbered rectangles, half red and half black,
each with a Chinese-chess character; which number bears which character and which groups
count as "2, 3, 4 or 6 numbers" are ours to fix (HI-SAP-LAYOUT, ``HouseRules.sap_i_chi``).

The croupier's rulings on the bell, void rounds and cleared bets are in
:mod:`trainer.rules.sap_i_chi.procedure`; on the cloth, the result card and the
compartment in :mod:`trainer.rules.sap_i_chi.draw`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum, StrEnum
from fractions import Fraction

from i18n import N_, Message, Money, TranslatedError
from trainer.rules.house import HouseRules
from trainer.rules.regulations import HI_MONEY, Article, HouseInterpretation, Reason, Regulation

#: Art. 2, n.º 3: an irregularity while deciding the round makes it void.
ART_2_3 = Article(Regulation.SAP_I_CHI, 2, "3")
#: Art. 3, n.º 1: the prizes, one alínea per chance; the winner keeps his stake.
ART_3_1 = Article(Regulation.SAP_I_CHI, 3, "1")
#: Art. 3, n.º 2: winning bets a payer cleared by mistake are rebuilt from the players' word.
ART_3_2 = Article(Regulation.SAP_I_CHI, 3, "2")
NUMBERS = range(1, 13)
ZERO = Decimal("0")


class Colour(StrEnum):
    """Half the numbers and characters are red, half black (Art. 1, n.º 1)."""

    RED = "red"
    BLACK = "black"

    @property
    def label(self) -> Message:
        return Message.of(N_("red") if self is Colour.RED else N_("black"))


@dataclass(frozen=True)
class Piece:
    """One rectangle of the board: its number, Chinese-chess character and colour."""

    number: int
    character: str
    colour: Colour


HI_SAP_LAYOUT = HouseInterpretation("HI-SAP-LAYOUT")
#: HI-SAP-LAYOUT: red 1–6 are the red side's pieces, black 7–12 the black side's, each side
#: in the order general, advisor, elephant, chariot, horse, cannon.
LAYOUT: dict[int, Piece] = {
    number: Piece(number, character, Colour.RED if number <= 6 else Colour.BLACK)
    for number, character in zip(NUMBERS, "帥仕相俥傌炮將士象車馬砲", strict=True)
}
#: HI-SAP-LAYOUT: the board as two rows of six, red (1–6) and black (7–12). A house that
#: restricts groups accepts 2, 3 or 4 consecutive numbers of one row, or a whole row.
ROWS: tuple[tuple[int, ...], ...] = (tuple(range(1, 7)), tuple(range(7, 13)))


def character(number: int) -> str:
    return LAYOUT[check_number(number)].character


def colour(number: int) -> Colour:
    return LAYOUT[check_number(number)].colour


def check_number(number: object) -> int:
    """``number`` if it is one of the board's numbers 1–12, else ValueError."""
    if isinstance(number, bool) or not isinstance(number, int) or number not in NUMBERS:
        raise ValueError(f"the numbers are 1 to 12, not {number!r}")
    return number


class BetKind(Enum):
    """The chances of Art. 3, n.º 1: (numbers covered, prize per 1 staked, alínea).

    The alínea keeps six numbers and a colour apart: they cover as many numbers and pay alike.
    """

    ONE_NUMBER = (1, Decimal("10"), "a")
    TWO_NUMBERS = (2, Decimal("4.5"), "b")
    THREE_NUMBERS = (3, Decimal("2.7"), "c")
    FOUR_NUMBERS = (4, Decimal("1.75"), "d")
    SIX_NUMBERS = (6, Decimal("0.9"), "e")
    COLOUR = (6, Decimal("0.9"), "f")

    @property
    def covers(self) -> int:
        return self.value[0]

    @property
    def multiple(self) -> Decimal:
        return self.value[1]

    @property
    def article(self) -> Article:
        """The alínea of Art. 3, n.º 1 that sets this chance's prize, e.g. Art. 3(1)(f)."""
        return Article(Regulation.SAP_I_CHI, 3, f"1({self.value[2]})")


_BY_SIZE = {kind.covers: kind for kind in BetKind if kind is not BetKind.COLOUR}
#: How many numbers a bet on numbers may cover (Art. 3, n.º 1, a–e).
CHANCE_SIZES = frozenset(_BY_SIZE)


class BetError(TranslatedError, ValueError):
    """A bet the table does not take; ``.message`` says why, ``str()`` in the current language."""


@dataclass(frozen=True)
class Bet:
    """A stake on 1, 2, 3, 4 or 6 distinct numbers, or on red or black.

    Construction refuses what no house takes; :func:`validate` adds the house's own limits.
    Numbers are kept sorted, so a bet on (4, 3) is the bet on (3, 4).
    """

    stake: Decimal
    numbers: tuple[int, ...] = ()
    colour: Colour | None = None

    def __post_init__(self) -> None:
        stake = self.stake
        if isinstance(stake, bool) or not isinstance(stake, Decimal) or not stake.is_finite():
            raise BetError(Message.of(N_("The stake {stake} is not an exact amount of money."),
                                      stake=str(stake)))
        if stake <= 0:
            raise BetError(Message.of(N_("The stake must be more than zero, not {stake}."),
                                      stake=Money(stake)))
        raw = (self.numbers,) if isinstance(self.numbers, int) else tuple(self.numbers)
        if raw and self.colour is not None:
            raise BetError(Message.of(N_("A bet is on numbers or on a colour, not both.")))
        if self.colour is not None:
            object.__setattr__(self, "numbers", ())
            object.__setattr__(self, "colour", _colour(self.colour))
            return
        if not raw:
            raise BetError(Message.of(N_("A bet must name its numbers or a colour.")))
        for number in raw:
            if isinstance(number, bool) or not isinstance(number, int) or number not in NUMBERS:
                raise BetError(Message.of(N_("There is no number {number} on the board; the "
                                             "numbers are 1 to 12."), number=str(number)))
            if raw.count(number) > 1:
                raise BetError(Message.of(N_("Number {number} is marked more than once."),
                                          number=number))
        if len(raw) not in _BY_SIZE:
            raise BetError(Message.of(N_("A bet covers 1, 2, 3, 4 or 6 numbers, not {count}."),
                                      count=len(raw)))
        object.__setattr__(self, "numbers", tuple(sorted(raw)))

    @property
    def kind(self) -> BetKind:
        return BetKind.COLOUR if self.colour is not None else _BY_SIZE[len(self.numbers)]

    @property
    def chances(self) -> frozenset[int]:
        """The numbers this bet wins on."""
        if self.colour is not None:
            return frozenset(n for n, piece in LAYOUT.items() if piece.colour is self.colour)
        return frozenset(self.numbers)

    def describe(self) -> Message:
        if self.colour is not None:
            return self.colour.label
        if len(self.numbers) == 1:
            return number_label(self.numbers[0])
        return Message.of(N_("the numbers {numbers}"), numbers=_listed(self.numbers))


def _colour(value: object) -> Colour:
    try:
        if isinstance(value, str):  # only a text can name a colour
            return Colour(value.lower())
    except ValueError:
        pass
    raise BetError(Message.of(N_("There is no colour {colour}; a colour bet is on red or "
                                 "black."), colour=str(value)))


def number_label(number: int) -> Message:
    """ "number 5 (傌, red)": a number with its character and colour, as the board shows
    it; a bet on a colour needs the colour of the number drawn."""
    piece = LAYOUT[check_number(number)]
    return Message.of(N_("number {number} ({character}, {colour})"), number=number,
                      character=piece.character, colour=piece.colour.label)


def _listed(numbers: Iterable[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def is_neighbouring(numbers: Sequence[int]) -> bool:
    """A single number, 2–4 consecutive numbers of one row, or a whole row (HI-SAP-LAYOUT)."""
    ordered = sorted(numbers)
    if len(ordered) == 1:
        return True
    for row in ROWS:
        if ordered[0] in row:
            start = row.index(ordered[0])
            # Six consecutive numbers of a row of six are the whole row.
            run = row[start:start + len(ordered)]
            return len(ordered) in (2, 3, 4, 6) and tuple(ordered) == run
    return False


def validate(bet: Bet, rules: HouseRules | None = None) -> Bet:
    """``bet`` if this house takes it, else :class:`BetError` with the reason."""
    rules = rules or HouseRules()
    restricted = not rules.sap_i_chi.any_group_of_numbers
    if restricted and bet.numbers and not is_neighbouring(bet.numbers):
        raise BetError(Message.of(N_("This house takes only neighbouring numbers: 2, 3 or 4 "
                                     "in a row of the board, or a whole row of 6; "
                                     "{numbers} are not."), numbers=_listed(bet.numbers)))
    return bet


@dataclass(frozen=True)
class BetResult:
    """What one bet comes to: the prize, the stake that stays the player's, and why.

    ``returned`` is the stake a winner keeps (Art. 3, n.º 1), or, in a void round, the
    stake that is not collected: it stays where it lies, to be withdrawn or changed if
    the player wishes (Art. 2, n.º 3). A losing bet's stake is collected (0).
    """

    bet: Bet
    wins: bool
    prize: Decimal
    returned: Decimal
    reasons: tuple[Reason, ...]

    @property
    def total(self) -> Decimal:
        """What stays the player's: prize and stake (0 when the stake is collected)."""
        return self.prize + self.returned


#: Art. 3, n.º 2, for when a payer has cleared winning bets by mistake.
REBUILT_BETS = Reason(Message.of(N_("Winning bets a payer cleared by mistake are rebuilt as the "
                                    "players indicate, and paid.")), ART_3_2)


def settle(bets: Iterable[Bet], drawn_number: int | None, *, void: bool = False,
           rules: HouseRules | None = None) -> list[BetResult]:
    """One result per bet, in order, for the number drawn (Art. 3) or a void round (Art. 2.3).

    A prize is the stake times the multiple of Art. 3, rounded half-up to the money unit
    (HI-MONEY; exact for stakes in whole patacas, e.g. 0.9 × 15 = 13.50, but 0.9 × 0.05 =
    0.045 is paid 0.05). In a void round no bet wins or loses: nothing is paid, no stake
    is collected, and each player may withdraw his bet or change it; its number may be
    None, since it need not have been shown.
    """
    rules = rules or HouseRules()
    bets = [validate(bet, rules) for bet in bets]
    if void:
        if drawn_number is not None:
            check_number(drawn_number)
        return [BetResult(bet, False, ZERO, bet.stake, (_void_reason(bet),)) for bet in bets]
    number = check_number(drawn_number)
    return [_settle_one(bet, number, rules) for bet in bets]


def _void_reason(bet: Bet) -> Reason:
    return Reason(Message.of(N_("The croupier made an involuntary irregularity while the "
                                "round was being decided: the round is void. The bet neither "
                                "wins nor loses: no prize is paid and its stake of {stake} is "
                                "not collected; the player may withdraw it or change his "
                                "bet."), stake=Money(bet.stake)), ART_2_3)


#: A bet on a colour is settled by the house's board (HI-SAP-LAYOUT): the text names the
#: colours but not which numbers bear them.
COLOURS_OF_THE_BOARD = Reason(Message.of(N_(
    "On the house's board, numbers 1 to 6 are red and 7 to 12 black.")), HI_SAP_LAYOUT)


def _settle_one(bet: Bet, drawn: int, rules: HouseRules) -> BetResult:
    board = (COLOURS_OF_THE_BOARD,) if bet.colour is not None else ()
    if drawn not in bet.chances:
        lost = Message.of(N_("Drawn: {drawn}. The bet on {chances} loses; its stake of "
                             "{stake} is collected."), drawn=number_label(drawn),
                          chances=bet.describe(), stake=Money(bet.stake))
        return BetResult(bet, False, ZERO, ZERO, (Reason(lost, ART_3_1), *board))
    exact = bet.stake * bet.kind.multiple
    prize = rules.round_money(exact)
    reasons = [Reason(Message.of(N_("Drawn: {drawn}. The bet on {chances} wins {multiple} "
                                    "times the stake, and the winner keeps the stake: "
                                    "{prize} + {stake} = {total}."),
                                 drawn=number_label(drawn), chances=bet.describe(),
                                 multiple=str(bet.kind.multiple),
                                 prize=Money(prize), stake=Money(bet.stake),
                                 total=Money(prize + bet.stake)), bet.kind.article)]
    reasons.extend(board)
    if prize != exact:
        reasons.append(Reason(Message.of(N_("The exact prize {exact} is rounded half-up to "
                                            "{prize}."), exact=str(exact), prize=Money(prize)),
                              HI_MONEY))
    return BetResult(bet, True, prize, bet.stake, tuple(reasons))


def house_edge(kind: BetKind | Bet | Colour | str | int) -> Fraction:
    """The house's exact share of each stake in the long run, from Art. 3 alone.

    Each number is drawn with probability 1/12 (720 tubes, 60 per number, Art. 1). A bet
    covering k numbers gets back (multiple + 1) times its stake with probability k/12, so
    the edge is 1 − (k/12)·(multiple + 1). ``kind`` may be a :class:`BetKind`, a bet, a
    colour ("red", "black" or "colour") or the count of numbers (1, 2, 3, 4 or 6).
    """
    if isinstance(kind, Bet):
        kind = kind.kind
    elif isinstance(kind, str) and kind.lower() in ("colour", "color", *Colour):
        kind = BetKind.COLOUR
    elif isinstance(kind, int) and not isinstance(kind, bool) and kind in _BY_SIZE:
        kind = _BY_SIZE[kind]
    if not isinstance(kind, BetKind):
        raise ValueError(f"no Sap I Chi bet of kind {kind!r}")
    return 1 - Fraction(kind.covers, len(NUMBERS)) * (Fraction(kind.multiple) + 1)
