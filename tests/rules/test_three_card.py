"""Three-card baccarat: the 31 classes (file 002, items 20–31; HI-3C-RANK), the coup (the
list's order; HI-3C-TIE) and the payouts (HI-3C-PAY), checked exhaustively, by hand and by
property."""

from collections import Counter
from decimal import ROUND_HALF_UP, Decimal
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from i18n import Message
from trainer.rules.cards import Card, Rank, Suit, full_deck, parse_cards
from trainer.rules.house import HouseRules, ThreeCardRules
from trainer.rules.regulations import (
    HouseInterpretation,
    RankingItem,
    RankingOrder,
    Reason,
    Source,
)
from trainer.rules.table import Outcome
from trainer.rules.three_card.classes import (
    class_name,
    compare,
    describe,
    figure_count,
    hand_points,
    rank,
    ranking_source,
    showdown,
)
from trainer.rules.three_card.pay import BetKind, BetResult, settle

DECK = full_deck()
D = Decimal
HI_3C_RANK = HouseInterpretation("HI-3C-RANK")
HI_3C_TIE = HouseInterpretation("HI-3C-TIE")


def hand(text):
    return parse_cards(text)


# --- the 31 classes, counted independently of rank() -------------------------------------

def expected_class_counts():
    """Count hands per class from card kinds alone: a figure (12 cards, 0, a figure), the ten
    (4 cards, 0, no figure), or an A–9 value (4 cards each). Suits are chosen with comb()."""
    kinds = [("figure", 12, 0)] + [("ten", 4, 0)] + [(f"v{v}", 4, v) for v in range(1, 10)]
    counts = Counter()
    for picked in combinations_with_replacement(kinds, 3):
        ways = prod(comb(size, picked.count((name, size, value)))
                    for name, size, value in set(picked))
        figures = sum(name == "figure" for name, _size, _value in picked)
        total = sum(value for _name, _size, value in picked) % 10
        if figures == 3:
            cls = 1
        else:
            offset = {2: 0, 1: 1, 0: 2}[figures]
            cls = 2 + 3 * (9 - total) + offset
        counts[cls] += ways
    return counts


def test_the_independent_count_is_itself_right():
    counts = expected_class_counts()
    assert sum(counts.values()) == comb(52, 3) == 22100
    assert counts[1] == comb(12, 3) == 220  # three figures: any 3 of the 12 figures
    # Zero with two figures: two figures and a ten (the ten adds no figure and no point).
    assert counts[29] == comb(12, 2) * 4
    # Nine with two figures: two figures and a nine.
    assert counts[2] == comb(12, 2) * 4
    assert sorted(counts) == list(range(1, 32))


def test_every_hand_of_the_deck_falls_in_the_counted_class():
    actual = Counter(rank(cards) for cards in combinations(DECK, 3))
    assert actual == expected_class_counts()


# --- worked classes from the official items 20–31 and the reconstructed top --------------

@pytest.mark.parametrize(("cards", "number", "name"), [
    ("JS QH KD", 1, "Three figures"),
    ("KS QH 9D", 2, "Nine with two figures"),
    ("JS 4H 5D", 3, "Nine with one figure"),
    ("10S 4H 5D", 4, "Nine without figure"),
    ("9S 9H 9D", 10, "Seven without figure"),  # 27 points → 7
    ("KS QH 3D", 20, "Three with two figures"),
    ("JS 5H 8D", 21, "Three with one figure"),
    ("10S AH 2D", 22, "Three without figure"),
    ("QS JH 2D", 23, "Two with two figures"),
    ("KS 6H 6D", 24, "Two with one figure"),
    ("7S 7H 8D", 25, "Two without figure"),
    ("JS KH AD", 26, "One with two figures"),
    ("QS 10H AD", 27, "One with one figure"),
    ("AS 10H 10D", 28, "One without figure"),
    ("QS KH 10D", 29, "Zero with two figures"),
    ("JS 3H 7D", 30, "Zero with one figure"),
    ("10S 10H 10D", 31, "Zero without figure"),
    ("4S 7H 9D", 31, "Zero without figure"),
])
def test_worked_classes(cards, number, name):
    assert rank(hand(cards)) == number
    assert describe(hand(cards)).msgid == name
    assert str(describe(hand(cards))) == name


def test_the_ten_counts_zero_but_is_not_a_figure():
    assert figure_count(hand("10S 10H KD")) == 1
    assert hand_points(hand("10S 10H KD")) == 0
    assert hand_points(hand("AS 10H 9D")) == 0
    assert rank(hand("10S JH QD")) == 29 and rank(hand("KS JH QD")) == 1


def test_class_names_are_31_distinct_messages_and_out_of_range_is_refused():
    names = [class_name(n).msgid for n in range(1, 32)]
    assert len(set(names)) == 31
    assert names[19] == "Three with two figures" and names[30] == "Zero without figure"
    for bad in (0, 32, -1, True):
        with pytest.raises(ValueError, match="a class is numbered 1 to 31, not "):
            class_name(bad)


@pytest.mark.parametrize(("cards", "says"), [
    ((), "a three-card hand has exactly 3 cards"),
    (hand("AS KS"), "a three-card hand has exactly 3 cards"),
    (hand("AS KS QS JS"), "a three-card hand has exactly 3 cards"),
    (hand("AS AS KS"), "a hand cannot hold the same card twice: AS AS KS"),
    (("AS", "KS", "QS"), r"a three-card hand has exactly 3 cards, not \('AS', 'KS', 'QS'\)"),
])
def test_a_hand_is_exactly_three_distinct_cards(cards, says):
    with pytest.raises(ValueError, match=says):
        rank(cards)


# --- compare -----------------------------------------------------------------------------

def test_lower_class_wins_and_equal_class_ties():
    assert compare(hand("JS QS KS"), hand("KH QH 9H")) is Outcome.PLAYER  # 1 beats 2
    assert compare(hand("10S AH 2D"), hand("KH QH 3C")) is Outcome.BANKER  # 22 loses to 20
    # Nine with one figure beats eight with two figures: points before figures.
    assert compare(hand("JS 4H 5D"), hand("KH QH 8C")) is Outcome.PLAYER
    # Same class, different cards: a tie.
    assert compare(hand("KS QH 3D"), hand("JC KD 3H")) is Outcome.TIE


def test_a_tie_cites_hi_3c_tie_never_the_item_that_names_the_class():
    # File 002, item 20: "Três com duas figuras" (雙公三), on both sides. Items 20–31 rank
    # the classes and say nothing of equal hands: the tie is HI-3C-TIE.
    result = showdown(hand("KS QH 3D"), hand("JC KD 3H"))
    assert result.outcome is Outcome.TIE
    assert (result.player_class, result.banker_class) == (20, 20)
    assert [r.source for r in result.reasons] == [RankingItem(20), RankingItem(20), HI_3C_TIE]
    assert str(result.reasons[-1]) == ("Both hands are class 20: two hands of the same class "
                                       "tie. [House interpretation HI-3C-TIE]")
    assert "Three with two figures" in str(result.reasons[0])


def _independent_class(cards):
    """The class from the text's definition, without rank()."""
    figures = sum(card.rank.is_figure for card in cards)
    points = sum(VALUES[card.rank] for card in cards) % 10
    return 1 if figures == 3 else 2 + 3 * (9 - points) + (2 - figures)


def _two_hands_of_class(number):
    """Two hands from one deck, both of class ``number`` (found by search)."""
    hands = [h for h in combinations(DECK, 3) if _independent_class(h) == number]
    first = hands[0]
    return first, next(h for h in hands if not set(h) & set(first))


@pytest.mark.parametrize("number", range(1, 32))
def test_two_hands_of_every_class_tie_citing_hi_3c_tie(number):
    # Every kind of class: three figures (1), two, one and no figure; reconstructed (1–19)
    # and official (20–31). The classes are cited at their points, the tie at HI-3C-TIE.
    player, banker = _two_hands_of_class(number)
    result = showdown(player, banker)
    assert result.outcome is Outcome.TIE
    sources = [r.source for r in result.reasons]
    assert sources == [ranking_source(number), ranking_source(number), HI_3C_TIE]
    assert not isinstance(sources[-1], RankingItem | RankingOrder)
    for kind in (BetKind.PLAYER, BetKind.BANKER):
        s = settle(kind, D("100"), player, banker)
        assert s.outcome is BetResult.PUSH and (s.net, s.commission, s.returned) == (
            0, 0, D("100"))
        assert s.reasons[-1].source == HI_3C_TIE


def test_hands_sharing_a_card_are_refused():
    with pytest.raises(ValueError,
                       match="from one deck and cannot share a card: KS QH 3D / KS 2D 3H"):
        compare(hand("KS QH 3D"), hand("KS 2D 3H"))


two_hands = st.lists(st.sampled_from(DECK), min_size=6, max_size=6, unique=True).map(
    lambda cards: (tuple(cards[:3]), tuple(cards[3:])))


@settings(max_examples=300)
@given(two_hands)
def test_compare_is_antisymmetric_and_follows_rank(hands):
    player, banker = hands
    mirror = {Outcome.PLAYER: Outcome.BANKER, Outcome.BANKER: Outcome.PLAYER,
              Outcome.TIE: Outcome.TIE}
    outcome = compare(player, banker)
    assert compare(banker, player) is mirror[outcome]
    if rank(player) < rank(banker):
        assert outcome is Outcome.PLAYER
    elif rank(player) > rank(banker):
        assert outcome is Outcome.BANKER
    else:
        assert outcome is Outcome.TIE


# --- settle, worked by hand --------------------------------------------------------------

STRONG, WEAK = "JS QS 9S", "10H 10D 10C"  # class 2 against class 31
TIED_P, TIED_B = "KS QH 3D", "JC KD 3H"  # both class 20
FIGURES_P, FIGURES_B = "JS QS KS", "JH QH KH"  # both three figures


def test_player_bet_wins_even_money_less_commission():
    s = settle(BetKind.PLAYER, D("100"), hand(STRONG), hand(WEAK))
    assert s.outcome is BetResult.WIN and s.coup is Outcome.PLAYER
    assert (s.winnings, s.commission, s.returned, s.net) == (D("100"), D("5.00"), D("100"),
                                                              D("95.00"))
    assert "5 per cent commission" in str(s.reasons[-1])


def test_banker_bet_wins_and_player_bet_loses_when_the_banker_wins():
    won = settle(BetKind.BANKER, D("40"), hand(WEAK), hand(STRONG))
    assert won.outcome is BetResult.WIN and won.coup is Outcome.BANKER
    assert (won.winnings, won.commission, won.net) == (D("40"), D("2.00"), D("38.00"))
    lost = settle(BetKind.PLAYER, D("40"), hand(WEAK), hand(STRONG))
    assert lost.outcome is BetResult.LOSS
    assert (lost.winnings, lost.commission, lost.returned, lost.net) == (0, 0, 0, D("-40"))
    lost = settle(BetKind.BANKER, D("40"), hand(STRONG), hand(WEAK))
    assert lost.outcome is BetResult.LOSS and lost.net == D("-40")


@pytest.mark.parametrize("kind", [BetKind.PLAYER, BetKind.BANKER])
def test_a_tie_returns_player_and_banker_bets_without_commission(kind):
    # RULES.md HI-3C-PAY: player/banker bets "are returned when the hands tie (HI-3C-TIE)".
    s = settle(kind, D("25"), hand(TIED_P), hand(TIED_B))
    assert s.outcome is BetResult.PUSH and s.coup is Outcome.TIE
    assert (s.winnings, s.commission, s.returned, s.net) == (0, 0, D("25"), 0)
    assert s.reasons[-1].source == HI_3C_TIE
    assert "no commission is taken; the stake of MOP$25.00 is returned" in str(s.reasons[-1])


@pytest.mark.parametrize(("stake", "commission"), [
    (D("10.10"), D("0.51")),  # 0.505 rounds half up
    (D("0.30"), D("0.02")),  # 0.015 rounds half up
    (D("0.10"), D("0.01")),  # 0.005 rounds half up
    (D("0.01"), D("0.00")),  # 0.0005 rounds down
    (D("33.33"), D("1.67")),  # 1.6665 rounds half up
])
def test_commission_is_rounded_half_up_to_cents(stake, commission):
    s = settle(BetKind.PLAYER, stake, hand(STRONG), hand(WEAK))
    assert s.commission == commission and s.net == stake - commission


def test_tie_bet_pays_20_to_1_and_loses_otherwise():
    won = settle(BetKind.TIE, D("10"), hand(TIED_P), hand(TIED_B))
    assert (won.outcome, won.winnings, won.commission, won.net) == (BetResult.WIN, D("200"),
                                                                    0, D("200"))
    assert won.returned == D("10")
    lost = settle(BetKind.TIE, D("10"), hand(STRONG), hand(WEAK))
    assert (lost.outcome, lost.net, lost.returned) == (BetResult.LOSS, D("-10"), 0)


def test_three_figures_pays_16_to_1_on_the_side_bet_on():
    on_player = settle(BetKind.THREE_FIGURES, D("5"), hand(FIGURES_P), hand(WEAK),
                       side=Outcome.PLAYER)
    assert (on_player.outcome, on_player.winnings, on_player.net) == (BetResult.WIN, D("80"),
                                                                      D("80"))
    on_banker = settle(BetKind.THREE_FIGURES, D("5"), hand(FIGURES_P), hand(WEAK),
                       side=Outcome.BANKER)
    assert (on_banker.outcome, on_banker.net) == (BetResult.LOSS, D("-5"))
    # Both sides hold three figures: a tie of the coup, yet each side bet wins.
    for side in (Outcome.PLAYER, Outcome.BANKER):
        s = settle(BetKind.THREE_FIGURES, D("5"), hand(FIGURES_P), hand(FIGURES_B), side=side)
        assert s.coup is Outcome.TIE and s.outcome is BetResult.WIN and s.net == D("80")
    # Two figures and a ten is not three figures.
    s = settle(BetKind.THREE_FIGURES, D("5"), hand("JS QS 10S"), hand(WEAK), side=Outcome.PLAYER)
    assert s.outcome is BetResult.LOSS


def test_hi_3c_pay_a_won_player_bet_is_explained_with_its_commission_and_net():
    s = settle(BetKind.PLAYER, D("100"), hand(STRONG), hand(WEAK))
    assert str(s.reasons[-1].text) == (
        "The bet is on the winning hand and is paid even money: MOP$100.00, less the 5 per "
        "cent commission of MOP$5.00, nets MOP$95.00; the stake is returned.")


@pytest.mark.parametrize(("player", "banker", "side", "said"), [
    (FIGURES_P, WEAK, Outcome.PLAYER, "The player holds three figures: the bet is paid 16 to 1"),
    (WEAK, FIGURES_B, Outcome.BANKER, "The banker holds three figures: the bet is paid 16 to 1"),
    ("JS QS 10S", WEAK, Outcome.PLAYER, "The player does not hold three figures: the bet loses"),
    (FIGURES_P, WEAK, Outcome.BANKER, "The banker does not hold three figures: the bet loses"),
])
def test_hi_3c_pay_a_three_figures_bet_names_the_side_it_was_on(player, banker, side, said):
    s = settle(BetKind.THREE_FIGURES, D("5"), hand(player), hand(banker), side=side)
    assert said in str(s.reasons[-1].text)


def test_banker_points_pays_8_to_1_on_the_exact_points():
    banker = hand("JS 4H 3D")  # 7 points
    won = settle(BetKind.BANKER_POINTS, D("12.50"), hand(WEAK), banker, points=7)
    assert (won.outcome, won.winnings, won.commission, won.net) == (BetResult.WIN, D("100"),
                                                                    0, D("100"))
    lost = settle(BetKind.BANKER_POINTS, D("12.50"), hand(WEAK), banker, points=6)
    assert (lost.outcome, lost.net) == (BetResult.LOSS, D("-12.50"))
    assert "The banker has 7 points, not 6 as bet" in str(lost.reasons[-1])
    zero = settle(BetKind.BANKER_POINTS, D("1"), hand(WEAK), hand(FIGURES_B), points=0)
    assert zero.outcome is BetResult.WIN  # three figures count 0 points


def test_payouts_come_from_the_house_rules():
    rules = HouseRules(three_card=ThreeCardRules(commission_rate=D("0.04"), tie_pays=D("25"),
                                                 three_figures_pays=D("30"),
                                                 banker_points_pays=D("9")))
    assert settle(BetKind.PLAYER, D("100"), hand(STRONG), hand(WEAK), rules=rules).net == D("96")
    assert settle(BetKind.TIE, D("2"), hand(TIED_P), hand(TIED_B), rules=rules).net == D("50")
    assert settle(BetKind.THREE_FIGURES, D("2"), hand(FIGURES_P), hand(WEAK),
                  side=Outcome.PLAYER, rules=rules).net == D("60")
    assert settle(BetKind.BANKER_POINTS, D("2"), hand(WEAK), hand(STRONG), points=9,
                  rules=rules).net == D("18")


def test_showdown_cites_each_class_at_its_point_and_the_win_at_the_lists_order():
    # Item 22 (three without figure) against item 27 (one with one figure): both official;
    # "the lower class wins" is the list's order, not item 22.
    official = showdown(hand("10S AH 2D"), hand("QS 10H AD"))
    assert [r.source for r in official.reasons] == [RankingItem(22), RankingItem(27),
                                                    RankingOrder()]
    assert str(official.reasons[-1]).endswith(
        "[The official three-card ranking list, the order of its items 20 to 31]")
    # Class 4 (nine without figure) is reconstructed: it and the comparison are HI-3C-RANK.
    mixed = showdown(hand("AC 4D 4S"), hand("QS 10H AD"))
    assert [r.source for r in mixed.reasons] == [HI_3C_RANK, RankingItem(27), HI_3C_RANK]
    # Item 31 loses to item 29 (zero with two figures): the list's order, both ways round.
    zero = showdown(hand("10S 10H 10D"), hand("KH QD 10C"))
    assert zero.outcome is Outcome.BANKER and zero.reasons[-1].source == RankingOrder()
    assert showdown(hand("KH QD 10C"), hand("10S 10H 10D")).reasons[-1].source == RankingOrder()
    # Class 19 (four without figure) against item 20: the reconstructed class decides.
    edge = showdown(hand("AC AD 2S"), hand("KS QH 3D"))
    assert edge.outcome is Outcome.PLAYER and edge.reasons[-1].source == HI_3C_RANK


@pytest.mark.parametrize("number", range(1, 32))
def test_the_source_of_each_class(number):
    source = ranking_source(number)
    if number >= 20:  # file 002 holds items 20–31
        assert source == RankingItem(number)
        assert str(source.cite()) == f"The official three-card ranking list, item {number}"
    else:  # items 1–19 are reconstructed
        assert source == HI_3C_RANK


def test_the_ranking_list_is_a_source_of_its_own():
    assert RankingItem in get_args(Source) and RankingOrder in get_args(Source)
    assert RankingOrder() == RankingOrder()
    reason = Reason(Message.of("Two without figure"), RankingItem(25))
    assert str(reason) == "Two without figure [The official three-card ranking list, item 25]"
    assert RankingItem(25) == RankingItem(25) and hash(RankingItem(25)) != hash(RankingItem(26))


@pytest.mark.parametrize("number", [0, 19, 32, True, "20"])
def test_the_official_list_has_no_item_outside_20_to_31(number):
    with pytest.raises(ValueError, match="items 20 to 31"):
        RankingItem(number)


def test_settlement_reasons_cite_rank_then_payout():
    s = settle(BetKind.TIE, D("1"), hand(TIED_P), hand(TIED_B))
    assert s.reasons[0].source == RankingItem(20)
    assert s.reasons[-1].source == HouseInterpretation("HI-3C-PAY")
    assert "20 to 1" in str(s.reasons[-1])


STAKE = "a stake is a positive Decimal, not "
SIDE = "a three-figures bet is on the player or the banker, not "
POINTS = "a bet on the banker's points names 0 to 9, not "


@pytest.mark.parametrize(("kind", "stake", "extra", "says"), [
    (BetKind.PLAYER, 100, {}, STAKE + "100"),  # not a Decimal
    (BetKind.PLAYER, 1.5, {}, STAKE + "1.5"),
    (BetKind.PLAYER, D("0"), {}, STAKE),
    (BetKind.PLAYER, D("-1"), {}, STAKE),
    (BetKind.PLAYER, D("NaN"), {}, STAKE),
    (BetKind.THREE_FIGURES, D("1"), {}, SIDE + "None"),  # side missing
    (BetKind.THREE_FIGURES, D("1"), {"side": Outcome.TIE}, SIDE),
    (BetKind.BANKER_POINTS, D("1"), {}, POINTS + "None"),  # points missing
    (BetKind.BANKER_POINTS, D("1"), {"points": 10}, POINTS + "10"),
    (BetKind.BANKER_POINTS, D("1"), {"points": -1}, POINTS + "-1"),
    (BetKind.BANKER_POINTS, D("1"), {"points": "7"}, POINTS + "'7'"),
    # a side on a bet that takes none
    (BetKind.PLAYER, D("1"), {"side": Outcome.PLAYER}, "only a three-figures bet takes a side"),
    (BetKind.TIE, D("1"), {"points": 3}, "only a bet on the banker's points takes points"),
    ("player", D("1"), {}, "not a three-card bet: 'player'"),
])
def test_bad_bets_are_refused(kind, stake, extra, says):
    with pytest.raises(ValueError, match=says):
        settle(kind, stake, hand(STRONG), hand(WEAK), **extra)


# --- settle, by property -----------------------------------------------------------------

VALUES = {Rank.ACE: 1, Rank.TEN: 0, Rank.JACK: 0, Rank.QUEEN: 0, Rank.KING: 0} | {
    r: int(r) for r in Rank if Rank.TWO <= r <= Rank.NINE}
PAYS = {BetKind.PLAYER: 1, BetKind.BANKER: 1, BetKind.TIE: 20, BetKind.THREE_FIGURES: 16,
        BetKind.BANKER_POINTS: 8}

stakes = st.decimals(min_value=D("0.01"), max_value=D("100000"), places=2)
bets = st.one_of(
    st.tuples(st.sampled_from([BetKind.PLAYER, BetKind.BANKER, BetKind.TIE]), st.just({})),
    st.tuples(st.just(BetKind.THREE_FIGURES),
              st.sampled_from([Outcome.PLAYER, Outcome.BANKER]).map(lambda s: {"side": s})),
    st.tuples(st.just(BetKind.BANKER_POINTS), st.integers(0, 9).map(lambda p: {"points": p})),
)
figure_heavy_hands = st.lists(
    st.sampled_from([c for c in DECK if c.rank.is_figure or c.rank is Rank.TEN]
                    + [Card(Rank.NINE, suit) for suit in Suit]),
    min_size=6, max_size=6, unique=True).map(lambda cards: (tuple(cards[:3]), tuple(cards[3:])))


@settings(max_examples=400)
@given(st.one_of(two_hands, figure_heavy_hands), bets, stakes)
def test_money_is_conserved(hands, bet, stake):
    player, banker = hands
    kind, extra = bet
    s = settle(kind, stake, player, banker, **extra)
    assert s.winnings >= 0 and s.commission >= 0
    if s.outcome is BetResult.WIN:
        assert s.winnings == stake * PAYS[kind]
        assert s.net == s.winnings - s.commission and s.returned == stake
        if kind in (BetKind.PLAYER, BetKind.BANKER):
            exact = s.winnings * D("0.05")
            assert s.commission == exact.quantize(D("0.01"), rounding=ROUND_HALF_UP)
        else:
            assert s.commission == 0
    elif s.outcome is BetResult.LOSS:
        assert (s.net, s.returned, s.winnings, s.commission) == (-stake, 0, 0, 0)
    else:
        assert kind in (BetKind.PLAYER, BetKind.BANKER) and s.coup is Outcome.TIE
        assert (s.net, s.returned, s.winnings, s.commission) == (0, stake, 0, 0)
    # Whether it won, judged here from the hands, not from settle().
    wins = {
        BetKind.PLAYER: rank(player) < rank(banker),
        BetKind.BANKER: rank(banker) < rank(player),
        BetKind.TIE: rank(player) == rank(banker),
        BetKind.THREE_FIGURES: all(c.rank.is_figure
                                   for c in (player if extra.get("side") is Outcome.PLAYER
                                             else banker)),
        BetKind.BANKER_POINTS: sum(VALUES[c.rank] for c in banker) % 10 == extra.get("points"),
    }[kind]
    assert (s.outcome is BetResult.WIN) == wins


def test_a_shoe_of_several_decks_deals_the_same_card_more_than_once():
    # Two kings of spades and a queen: three figures, class 1, from a shoe of 8 decks; the
    # banker may hold the same cards as the player, and then the coup is a tie (HI-3C-TIE).
    twice = hand("KS KS QH")
    assert rank(twice, decks=8) == 1 and figure_count(twice, decks=8) == 3
    assert hand_points(hand("5D 5D 9C"), decks=2) == 9
    coup = showdown(hand("KS QH 3D"), hand("KS QH 3D"), decks=8)
    assert coup.outcome is Outcome.TIE and coup.reasons[-1].source == HI_3C_TIE
    paid = settle(BetKind.PLAYER, D("100"), twice, hand("KS 2D 3H"), decks=8)
    assert paid.outcome is BetResult.WIN and paid.net == D("95.00")
    with pytest.raises(ValueError, match="a hand cannot hold the same card twice: KS KS QH"):
        rank(twice)


def test_no_card_comes_more_often_than_the_shoe_has_decks():
    with pytest.raises(ValueError, match=r"2 deck\(s\) cannot deal these cards: KS KS QH KS"):
        showdown(hand("KS KS QH"), hand("KS 2D 3H"), decks=2)
    with pytest.raises(ValueError, match="cards are dealt from 1 deck or more, not 0"):
        rank(hand("KS QS QH"), decks=0)
