"""Three-card baccarat: the 31 classes of a hand, and the coup (the payouts: three_card_pay).

Only items 20–31 of the official ranking list survive in our files (file 002): a reason
about one of those classes cites its item of the list (:class:`RankingItem`); classes 1–19
are reconstructed to agree with them and cite the house interpretation HI-3C-RANK. That
the lower class wins is the list's order (:class:`RankingOrder`), and the list says nothing
of two hands of one class: they tie, a house interpretation (HI-3C-TIE). The
1996 regulation of the game is not in our files, so the payout table is a house
interpretation (HI-3C-PAY, :mod:`trainer.rules.three_card.pay`).

Figures (公) are J, Q and K and count 0; the ten also counts 0 but is *not* a figure; the
ace counts 1 and 2–9 their face value. A hand's points are its sum modulo 10.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from i18n import N_, Message
from trainer.rules.cards import Card, Rank, cards_text, format_cards
from trainer.rules.regulations import (
    HouseInterpretation,
    RankingItem,
    RankingOrder,
    Reason,
    Source,
)
from trainer.rules.table import Outcome

HI_3C_RANK = HouseInterpretation("HI-3C-RANK")
#: Items 20–31 rank the classes and say nothing of equal hands: two of one class tie.
HI_3C_TIE = HouseInterpretation("HI-3C-TIE")
CLASS_COUNT = 31
THREE_FIGURES_CLASS = 1

# Class names in the regulation's words, strongest (1) to weakest (31). Each is one whole
# message so it can be translated as the regulation writes it (e.g. item 20 is
# "Três com duas figuras", 雙公三); class n is _CLASS_NAMES[n - 1].
_CLASS_NAMES = (
    N_("Three figures"),
    N_("Nine with two figures"), N_("Nine with one figure"), N_("Nine without figure"),
    N_("Eight with two figures"), N_("Eight with one figure"), N_("Eight without figure"),
    N_("Seven with two figures"), N_("Seven with one figure"), N_("Seven without figure"),
    N_("Six with two figures"), N_("Six with one figure"), N_("Six without figure"),
    N_("Five with two figures"), N_("Five with one figure"), N_("Five without figure"),
    N_("Four with two figures"), N_("Four with one figure"), N_("Four without figure"),
    N_("Three with two figures"), N_("Three with one figure"), N_("Three without figure"),
    N_("Two with two figures"), N_("Two with one figure"), N_("Two without figure"),
    N_("One with two figures"), N_("One with one figure"), N_("One without figure"),
    N_("Zero with two figures"), N_("Zero with one figure"), N_("Zero without figure"),
)
assert len(_CLASS_NAMES) == CLASS_COUNT


def card_points(card: Card) -> int:
    """Figures and tens count 0, the ace 1, the others their face value."""
    if card.rank.is_figure or card.rank is Rank.TEN:
        return 0
    if card.rank is Rank.ACE:
        return 1
    return int(card.rank)


def _checked(cards: Sequence[Card], decks: int = 1) -> tuple[Card, ...]:
    """A hand is exactly three cards, different ones from one deck; from a shoe of
    ``decks`` decks a card may come more than once (never more often than there are decks).
    Anything else is a caller's mistake."""
    hand = tuple(cards)
    if len(hand) != 3 or not all(isinstance(card, Card) for card in hand):
        raise ValueError(f"a three-card hand has exactly 3 cards, not {cards!r}")
    _check_decks(decks)
    if decks == 1 and len(set(hand)) != 3:
        raise ValueError(f"a hand cannot hold the same card twice: {format_cards(hand)}")
    return hand


def _check_decks(decks: int) -> None:
    if type(decks) is not int or decks < 1:
        raise ValueError(f"cards are dealt from 1 deck or more, not {decks!r}")


def _from_the_decks(cards: Sequence[Card], decks: int) -> None:
    """Cards dealt from ``decks`` decks: none more often than there are decks."""
    if any(cards.count(card) > decks for card in set(cards)):
        raise ValueError(f"{decks} deck(s) cannot deal these cards: {format_cards(list(cards))}")


def hand_points(cards: Sequence[Card], *, decks: int = 1) -> int:
    """The hand's points, 0–9: the sum of the card values modulo 10."""
    return sum(card_points(card) for card in _checked(cards, decks)) % 10


def figure_count(cards: Sequence[Card], *, decks: int = 1) -> int:
    """How many of the three cards are figures (J, Q, K); tens do not count."""
    return sum(card.rank.is_figure for card in _checked(cards, decks))


def rank(cards: Sequence[Card], *, decks: int = 1) -> int:
    """The hand's class, 1 (three figures, 三公) to 31 (zero without figure, 無公密).

    Lower is stronger. After three figures come, for points 9 down to 0, the hands with
    two figures (雙公), with one figure (單公) and without figure (無公); so more points
    always beat more figures, and figures only break ties of points (items 20–31).
    """
    return class_of(hand_points(cards, decks=decks), figure_count(cards, decks=decks))


def class_of(points: int, figures: int) -> int:
    """The class of a hand of ``points`` (0–9) with ``figures`` figures (0–2), or class 1
    for three figures: the order of :func:`rank`, said once."""
    if figures >= 3:
        return THREE_FIGURES_CLASS
    return 2 + 3 * (9 - points % 10) + (2 - figures)


def ranking_source(class_number: int) -> Source:
    """Where a class stands in the ranking: its item of the official list (items 20–31),
    or HI-3C-RANK for the reconstructed classes 1–19."""
    _check_class(class_number)
    return RankingItem(class_number) if class_number >= RankingItem.FIRST else HI_3C_RANK


def order_source(classes: Iterable[int]) -> Source:
    """What says that the lower of ``classes`` is the stronger: the official list's order
    when they are all among its items 20–31; HI-3C-RANK when one is a reconstructed class
    (1–19), whose place in the order is ours."""
    numbers = tuple(classes)
    for number in numbers:
        _check_class(number)
    return RankingOrder() if min(numbers) >= RankingItem.FIRST else HI_3C_RANK


def _check_class(class_number: int) -> None:
    if isinstance(class_number, bool) or class_number not in range(1, CLASS_COUNT + 1):
        raise ValueError(f"a class is numbered 1 to {CLASS_COUNT}, not {class_number!r}")


def class_name(class_number: int) -> Message:
    """The regulation's name of a class, e.g. 20 → "Three with two figures" (雙公三)."""
    _check_class(class_number)
    return Message.of(_CLASS_NAMES[class_number - 1])


def describe(cards: Sequence[Card]) -> Message:
    """The class name of a hand, as a croupier announces it."""
    return class_name(rank(cards))


def explain_rank(cards: Sequence[Card], *, decks: int = 1) -> Reason:
    """Why a hand is in its class, step by step, as the trainer explains it, citing the
    class's item of the official list (or HI-3C-RANK for classes 1–19).

    The card values are spelt out because the usual slips are counting a ten as a figure
    and forgetting that only the last digit of the sum counts.
    """
    hand = _checked(cards, decks)
    number = rank(hand, decks=decks)
    if number == THREE_FIGURES_CLASS:
        return Reason(Message.of(N_("{cards}: three figures (J, Q, K), class 1, the highest."),
                                 cards=cards_text(hand)), ranking_source(number))
    values = [card_points(card) for card in hand]
    return Reason(Message.counted(
        "{cards}: the cards count {values} = {total}, so {count} point; {figures} (J, Q, K; "
        "a ten is not a figure): {name}, class {number}.",
        "{cards}: the cards count {values} = {total}, so {count} points; {figures} (J, Q, K; "
        "a ten is not a figure): {name}, class {number}.",
        hand_points(hand, decks=decks), cards=cards_text(hand),
        values=" + ".join(str(v) for v in values),
        total=sum(values),
        figures=Message.counted("{count} figure", "{count} figures",
                                figure_count(hand, decks=decks)),
        name=class_name(number), number=number), ranking_source(number))


@dataclass(frozen=True)
class Showdown:
    """The coup: both classes, who wins, and why (for the trainer to explain)."""

    outcome: Outcome
    player_class: int
    banker_class: int
    reasons: tuple[Reason, ...]


def showdown(player: Sequence[Card], banker: Sequence[Card], *, decks: int = 1) -> Showdown:
    """Compare the hands: the lower class wins and two hands of one class tie.

    Each hand's class cites its item of the official list (HI-3C-RANK for classes 1–19).
    A win cites the list's order, never one item (HI-3C-RANK when a class 1–19 is
    compared, where it stands being reconstructed); a tie cites HI-3C-TIE, never the item
    that names the class: the list ranks the classes and says nothing of equal hands.
    From a shoe of ``decks`` decks the two hands may hold the same card.
    """
    player_hand, banker_hand = _checked(player, decks), _checked(banker, decks)
    if decks == 1 and set(player_hand) & set(banker_hand):
        raise ValueError("the player's and the banker's hands come from one deck and "
                         f"cannot share a card: {format_cards(player_hand)} / "
                         f"{format_cards(banker_hand)}")
    _from_the_decks(player_hand + banker_hand, decks)
    player_class, banker_class = rank(player_hand, decks=decks), rank(banker_hand, decks=decks)
    reasons = [
        Reason(Message.of(N_("The player's hand {cards}: {name}, class {number}."),
                          cards=cards_text(player_hand), name=class_name(player_class),
                          number=player_class), ranking_source(player_class)),
        Reason(Message.of(N_("The banker's hand {cards}: {name}, class {number}."),
                          cards=cards_text(banker_hand), name=class_name(banker_class),
                          number=banker_class), ranking_source(banker_class)),
    ]
    if player_class == banker_class:
        reasons.append(Reason(Message.of(N_("Both hands are class {number}: two hands of "
                                            "the same class tie."), number=player_class),
                              HI_3C_TIE))
        return Showdown(Outcome.TIE, player_class, banker_class, tuple(reasons))
    if player_class < banker_class:
        outcome = Outcome.PLAYER
        why = Message.of(N_("The lower class wins: the player's class {player} beats the "
                            "banker's class {banker}."), player=player_class, banker=banker_class)
    else:
        outcome = Outcome.BANKER
        why = Message.of(N_("The lower class wins: the banker's class {banker} beats the "
                            "player's class {player}."), player=player_class, banker=banker_class)
    reasons.append(Reason(why, order_source((player_class, banker_class))))
    return Showdown(outcome, player_class, banker_class, tuple(reasons))


def compare(player: Sequence[Card], banker: Sequence[Card]) -> Outcome:
    """Who wins the coup; :func:`showdown` gives the same answer with its reasons."""
    return showdown(player, banker).outcome


@dataclass(frozen=True)
class HandRanking:
    """Several hands from strongest to weakest: ``order`` holds their indices (0-based)."""

    order: tuple[int, ...]
    classes: tuple[int, ...]
    reasons: tuple[Reason, ...]


def rank_hands(hands: Sequence[Sequence[Card]]) -> HandRanking:
    """Hands dealt from one deck, strongest (lowest class) first.

    Hands of an equal class tie (HI-3C-TIE); they keep the order they were given in, and
    a last reason says which classes are equal. Each hand's reason cites its class's item
    of the official list; the order cites the list's order (HI-3C-RANK when a class 1–19
    is among them).
    """
    checked = [_checked(cards) for cards in hands]
    if not checked:
        raise ValueError("there are no hands to rank")
    dealt = [card for hand in checked for card in hand]
    if len(set(dealt)) != len(dealt):
        raise ValueError(f"hands from one deck cannot share a card: {format_cards(dealt)}")
    classes = tuple(rank(hand) for hand in checked)
    order = tuple(sorted(range(len(checked)), key=classes.__getitem__))
    reasons = [explain_rank(hand) for hand in checked]
    ranked = ", ".join(str(classes[index]) for index in order)
    reasons.append(Reason(Message.of(N_("The lower class is the stronger hand: from the "
                                        "strongest, the classes are {classes}."),
                                     classes=ranked), order_source(classes)))
    equal = sorted({number for number in classes if classes.count(number) > 1})
    if equal:
        reasons.append(Reason(Message.of(N_("Hands of the same class tie: class {classes}."),
                                         classes=", ".join(map(str, equal))), HI_3C_TIE))
    return HandRanking(order, classes, tuple(reasons))
