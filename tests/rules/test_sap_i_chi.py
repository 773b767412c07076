"""Sap I Chi (Portaria 9/76): the layout, bets, prizes of Art. 3, void rounds, house edge."""

import re
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import i18n
from i18n import Message
from trainer.rules.house import HouseRules, SapIChiRules
from trainer.rules.regulations import Article, HouseInterpretation, Regulation
from trainer.rules.sap_i_chi.bets import (
    LAYOUT,
    REBUILT_BETS,
    ROWS,
    Bet,
    BetError,
    BetKind,
    Colour,
    character,
    colour,
    house_edge,
    is_neighbouring,
    settle,
    validate,
)

D = Decimal
ART_3_1 = Article(Regulation.SAP_I_CHI, 3, "1")


def art_3_1(alinea):
    return Article(Regulation.SAP_I_CHI, 3, f"1({alinea})")
RESTRICTED = HouseRules(sap_i_chi=SapIChiRules(any_group_of_numbers=False))


def only(bet, drawn, **kwargs):
    [result] = settle([bet], drawn, **kwargs)
    return result


def test_layout_red_one_to_six_black_seven_to_twelve():
    assert "".join(character(n) for n in range(1, 13)) == "帥仕相俥傌炮將士象車馬砲"
    assert [colour(n) for n in range(1, 13)] == [Colour.RED] * 6 + [Colour.BLACK] * 6
    assert LAYOUT[5].character == "傌" and LAYOUT[12].colour is Colour.BLACK
    for bad in (0, 13, True):
        with pytest.raises(ValueError, match="the numbers are 1 to 12, not "):
            character(bad)


@pytest.mark.parametrize(
    ("stake", "numbers", "drawn", "prize"),
    [
        ("100", (5,), 5, "1000"),  # a) 10 times
        ("100", (3, 4), 4, "450"),  # b) 4.5 times
        ("100", (1, 2, 3), 3, "270"),  # c) 2.7 times
        ("100", (9, 10, 11, 12), 9, "175"),  # d) 1.75 times
        ("10", (1, 2, 3, 4, 5, 6), 6, "9.00"),  # e) 0.9 times
        ("20", (2, 11), 11, "90"),  # any two numbers, by default: b)
    ],
)
def test_a_winning_number_bet_is_paid_its_prize_and_keeps_its_stake(stake, numbers, drawn,
                                                                     prize):
    alinea = {1: "a", 2: "b", 3: "c", 4: "d", 6: "e"}[len(numbers)]
    result = only(Bet(D(stake), numbers=numbers), drawn)
    assert result.wins
    assert result.prize == D(prize)
    assert result.returned == D(stake)
    assert result.total == D(prize) + D(stake)
    assert result.reasons[0].source == art_3_1(alinea)  # the alínea that sets the prize


def test_hundred_on_five_with_five_drawn_hands_over_eleven_hundred():
    result = only(Bet(D("100"), numbers=(5,)), 5)
    assert (result.prize, result.returned, result.total) == (D("1000"), D("100"), D("1100"))
    assert "MOP$1,100.00" in str(result.reasons[0])


@pytest.mark.parametrize(
    ("numbers", "drawn"),
    [((5,), 6), ((3, 4), 5), ((1, 2, 3), 12), ((9, 10, 11, 12), 8), ((1, 2, 3, 4, 5, 6), 7)],
)
def test_a_losing_number_bet_hands_over_nothing(numbers, drawn):
    result = only(Bet(D("100"), numbers=numbers), drawn)
    assert not result.wins
    assert (result.prize, result.returned, result.total) == (0, 0, 0)
    assert "collected" in str(result.reasons[0]) and result.reasons[0].source == ART_3_1


def test_colour_bets_pay_nine_tenths():
    red, black = Bet(D("15"), colour="red"), Bet(D("15"), colour=Colour.BLACK)
    assert red.colour is Colour.RED and red.kind is BetKind.COLOUR
    on_red, on_black = settle([red, black], 4)
    assert on_red.wins and (on_red.prize, on_red.returned, on_red.total) == (
        D("13.50"), D("15"), D("28.50"))
    assert not on_black.wins and on_black.total == 0
    assert on_red.reasons[0].source == art_3_1("f")
    assert "Article 3(1), item f" in str(on_red.reasons[0])
    on_red, on_black = settle([red, black], 7)
    assert not on_red.wins and on_black.total == D("28.50")


def test_results_come_in_the_order_of_the_bets():
    bets = [Bet(D("10"), numbers=(1,)), Bet(D("20"), colour="black"), Bet(D("30"), numbers=(8,))]
    results = settle(bets, 8)
    assert [r.bet for r in results] == bets
    assert [r.wins for r in results] == [False, True, True]
    assert [r.total for r in results] == [0, D("38.00"), D("330")]


def test_prizes_are_rounded_half_up_to_the_cent():
    result = only(Bet(D("0.05"), colour="red"), 1)  # 0.9 × 0.05 = 0.045
    assert result.prize == D("0.05")
    assert result.reasons[-1].source == HouseInterpretation("HI-MONEY")
    assert only(Bet(D("0.10"), numbers=(1, 2, 3, 4)), 2).prize == D("0.18")  # 0.175
    assert only(Bet(D("0.01"), numbers=(1, 2)), 2).prize == D("0.05")  # 0.045
    assert only(Bet(D("0.03"), numbers=(1, 2, 3)), 2).prize == D("0.08")  # 0.081
    exact = only(Bet(D("15"), colour="red"), 1).reasons  # exact: no rounding step
    assert [r.source for r in exact] == [art_3_1("f"), HouseInterpretation("HI-SAP-LAYOUT")]


def test_house_edge_of_each_bet_from_the_table():
    # Worked by hand: edge = 1 − P(win) · (prize multiple + the stake back).
    by_hand = {
        1: 1 - Fraction(1, 12) * 11,  # 1/12
        2: 1 - Fraction(2, 12) * Fraction(11, 2),  # 1/12
        3: 1 - Fraction(3, 12) * Fraction(37, 10),  # 3/40 = 0.075
        4: 1 - Fraction(4, 12) * Fraction(11, 4),  # 1/12
        6: 1 - Fraction(6, 12) * Fraction(19, 10),  # 1/20 = 0.05
    }
    assert by_hand == {1: Fraction(1, 12), 2: Fraction(1, 12), 3: Fraction(3, 40),
                       4: Fraction(1, 12), 6: Fraction(1, 20)}
    for size, edge in by_hand.items():
        assert house_edge(size) == edge
    assert house_edge(BetKind.THREE_NUMBERS) == Fraction("0.075")
    assert house_edge("red") == house_edge(Colour.BLACK) == house_edge("colour") == Fraction(1, 20)
    assert house_edge(BetKind.COLOUR) == Fraction(1, 20)
    assert house_edge(Bet(D("1"), numbers=(1, 2))) == Fraction(1, 12)
    assert all(isinstance(house_edge(kind), Fraction) for kind in BetKind)
    for bad in (5, 0, 12, "green", True):
        with pytest.raises(ValueError, match="no Sap I Chi bet of kind "):
            house_edge(bad)


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"numbers": (1, 2, 3, 4, 5)}, "1, 2, 3, 4 or 6 numbers, not 5"),
        ({"numbers": tuple(range(1, 8))}, "not 7"),
        ({"numbers": ()}, "must name its numbers or a colour"),
        ({}, "must name its numbers or a colour"),
        ({"numbers": (13,)}, "no number 13"),
        ({"numbers": (0,)}, "no number 0"),
        ({"numbers": (4, 4)}, "Number 4 is marked more than once"),
        ({"numbers": (1,), "colour": "red"}, "not both"),
        ({"colour": "green"}, "no colour green"),
    ],
)
def test_invalid_bets_are_refused_with_a_reason(kwargs, says):
    with pytest.raises(BetError, match=re.escape(says)) as refused:
        Bet(D("10"), **kwargs)
    assert says in str(refused.value)
    assert refused.value.message.msgid  # translatable, not a bare string
    assert isinstance(refused.value, ValueError)


@pytest.mark.parametrize("named", [1, 0, ["red"], b"red", Colour])
def test_only_a_text_names_a_colour(named):
    with pytest.raises(BetError, match=re.escape(f"no colour {named}")):
        Bet(D("10"), colour=named)


@pytest.mark.parametrize(("named", "read"), [("RED", Colour.RED), ("Black", Colour.BLACK),
                                             (Colour.RED, Colour.RED)])
def test_a_colour_is_read_in_any_case(named, read):
    assert Bet(D("10"), colour=named).colour is read


@pytest.mark.parametrize(("drawn", "void"), [(13, True), (0, True), ("5", True), (None, False),
                                             (13, False)])
def test_a_number_shown_is_checked_even_in_a_void_round(drawn, void):
    with pytest.raises(ValueError, match=re.escape(f"the numbers are 1 to 12, not {drawn!r}")):
        settle([Bet(D("10"), numbers=(5,))], drawn, void=void)


@pytest.mark.parametrize(
    ("stake", "says"),
    [(D("-10"), "more than zero"), (D("0"), "more than zero"), (10.5, "not an exact amount"),
     (10, "not an exact amount"), (D("NaN"), "not an exact amount")],
)
def test_a_stake_is_a_positive_decimal(stake, says):
    with pytest.raises(BetError, match=re.escape(says)) as refused:
        Bet(stake, numbers=(1,))
    assert says in str(refused.value)


def test_refusals_and_reasons_can_be_stored_and_shown_later():
    with pytest.raises(BetError, match="Number 1 is marked more than once") as refused:
        Bet(D("10"), numbers=(1, 1))
    message = refused.value.message
    assert Message.from_json(message.to_json()) == message
    for result in settle([Bet(D("0.05"), colour="red"), Bet(D("1"), numbers=(2,))], 1):
        for reason in result.reasons:
            assert Message.from_json(reason.text.to_json()) == reason.text
    i18n.set_language("pt_MO")
    assert str(refused.value) == str(message)  # rendered when shown, in the language then


def test_numbers_are_kept_sorted():
    assert Bet(D("10"), numbers=(4, 3)) == Bet(D("10"), numbers=(3, 4))


def test_hi_sap_layout_the_board_is_a_red_row_and_a_black_row_of_six():
    assert ROWS == ((1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 11, 12))
    assert [{colour(n) for n in row} for row in ROWS] == [{Colour.RED}, {Colour.BLACK}]


def test_hi_sap_layout_numbers_off_the_board_are_no_neighbouring_group():
    assert not is_neighbouring((13, 14))


def test_the_house_may_accept_only_neighbouring_groups():
    allowed = [(1, 2), (5, 6), (7, 8, 9), (9, 10, 11, 12), (1, 2, 3, 4, 5, 6), tuple(range(7, 13)),
               (12,)]
    refused = [(6, 7), (1, 3), (1, 2, 4), (4, 5, 6, 7), (1, 2, 3, 10, 11, 12), (2, 8)]
    for numbers in allowed:
        assert is_neighbouring(numbers)
        validate(Bet(D("10"), numbers=numbers), RESTRICTED)
    for numbers in refused:
        assert not is_neighbouring(numbers)
        bet = Bet(D("10"), numbers=numbers)
        assert validate(bet) is bet  # the default house takes any group
        with pytest.raises(BetError, match="neighbouring"):
            validate(bet, RESTRICTED)
        with pytest.raises(BetError, match="This house takes only neighbouring numbers"):
            settle([bet], 1, rules=RESTRICTED)
    validate(Bet(D("10"), colour="red"), RESTRICTED)


def test_a_void_round_collects_no_stake_pays_no_prize_and_lets_players_change():
    # Art. 2 (3): «o golpe será considerado nulo, podendo os jogadores, neste caso, retirar
    # as apostas ou alterar as suas marcações» — the stakes are not simply handed back.
    bets = [Bet(D("100"), numbers=(5,)), Bet(D("15"), colour="red"), Bet(D("7"), numbers=(1, 2))]
    for drawn in (5, None):
        results = settle(bets, drawn, void=True)
        assert [r.returned for r in results] == [D("100"), D("15"), D("7")]
        assert [r.total for r in results] == [D("100"), D("15"), D("7")]
        assert all(not r.wins and r.prize == 0 for r in results)
        assert all(r.reasons[0].source == Article(Regulation.SAP_I_CHI, 2, "3")
                   for r in results)
        said = str(results[0].reasons[0])
        assert "the round is void" in said and "neither wins nor loses" in said
        assert "not collected" in said and "may withdraw it or change his bet" in said
        assert "is returned" not in said


def test_the_drawn_number_is_one_to_twelve():
    for bad in (0, 13, None, "5", True):
        with pytest.raises(ValueError, match="the numbers are 1 to 12, not "):
            settle([Bet(D("1"), numbers=(1,))], bad)


def test_rebuilt_bets_cite_article_three_item_two():
    assert REBUILT_BETS.source == Article(Regulation.SAP_I_CHI, 3, "2")
    assert "rebuilt" in str(REBUILT_BETS)


def _sizes():
    return st.sampled_from([1, 2, 3, 4, 6])


bets = st.one_of(
    st.builds(lambda stake, numbers: Bet(stake, numbers=tuple(numbers)),
              st.decimals(min_value=D("0.01"), max_value=D("100000"), places=2),
              _sizes().flatmap(lambda k: st.lists(st.integers(1, 12), min_size=k, max_size=k,
                                                  unique=True))),
    st.builds(lambda stake, side: Bet(stake, colour=side),
              st.decimals(min_value=D("0.01"), max_value=D("100000"), places=2),
              st.sampled_from(["red", "black", Colour.RED, Colour.BLACK])),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(bets, min_size=1, max_size=8), st.integers(1, 12))
def test_what_is_handed_over_adds_up(placed, drawn):
    results = settle(placed, drawn)
    assert len(results) == len(placed)
    for bet, result in zip(placed, results, strict=True):
        assert result.bet == bet
        assert result.total == result.prize + result.returned
        assert result.wins == (drawn in bet.chances)
        if result.wins:
            assert result.returned == bet.stake
            assert abs(result.prize - bet.stake * bet.kind.multiple) <= D("0.005")
        else:
            assert result.total == result.prize == result.returned == 0
    assert sum(r.total for r in results) <= sum(b.stake for b in placed) * 11
    void = settle(placed, drawn, void=True)
    assert [r.total for r in void] == [b.stake for b in placed]
