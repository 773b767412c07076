"""Three-card baccarat rounds worked by hand from the ranking list (file 002, items 20–31)
and RULES.md's house interpretations (HI-3C-RANK, HI-3C-TIE, HI-3C-PAY, HI-3C-DEAL), every
step checked: a single deck, five places against the banker with every bet of the house's
table, a ten counted as a figure, a tie claimed as a win; a shoe whose second white card
comes out."""

from decimal import Decimal

import pytest

from trainer.rounds.modes import Mode
from trainer.rounds.play import play, solve
from trainer.rounds.three_card import table_round
from trainer.rounds.three_card.table import Bet, Happening, ThreeCardTable
from trainer.rules.cards import parse_cards
from trainer.rules.house import HouseRules
from trainer.rules.regulations import HouseInterpretation, RankingItem, RankingOrder
from trainer.rules.three_card.pay import BetKind

DEAL = HouseInterpretation("HI-3C-DEAL")
RANK = HouseInterpretation("HI-3C-RANK")
TIE = HouseInterpretation("HI-3C-TIE")
PAY = HouseInterpretation("HI-3C-PAY")
ORDER = RankingOrder()
D = Decimal

HANDS = {
    1: parse_cards("5S 8D KC"),  # 13: three with one figure, item 21
    2: parse_cards("JS QH 3C"),  # two figures + 3: item 20, beats the banker
    3: parse_cards("10D 2C AS"),  # 3, no figure (a ten is not one): item 22
    4: parse_cards("KS QS JH"),  # three figures: class 1 (HI-3C-RANK)
    5: parse_cards("4C 9S KD"),  # 13 with one figure: item 21, the banker's class, a tie
    6: parse_cards("2D 2H 9H"),  # 13, no figure: item 22
}
BETS = {
    2: (Bet(BetKind.PLAYER, D(100)), Bet(BetKind.TIE, D(50))),
    3: (Bet(BetKind.BANKER, D(200)),),
    4: (Bet(BetKind.PLAYER, D(300)), Bet(BetKind.THREE_FIGURES, D(20))),
    5: (Bet(BetKind.PLAYER, D(150)), Bet(BetKind.TIE, D(10))),
    6: (Bet(BetKind.PLAYER, D(80)), Bet(BetKind.BANKER_POINTS, D(40), 3)),
}


def steps(round_):
    return [(str(step.expected), step.article) for step in round_.steps]


def test_five_places_every_bet_a_ten_called_a_figure_and_a_tie_claimed_as_a_win():
    table = ThreeCardTable(1, True, 0, BETS, HANDS, (Happening("ten-as-figure", 3),
                                                     Happening("tie-claimed-won", 5)))
    round_ = table_round(table, 0, Mode.PRACTICE, HouseRules())
    assert steps(round_) == [
        ("shoe shuffle", DEAL),  # a single deck, shuffled before every coup
        # One card at a time from the banker's right, the banker last, then twice more.
        ("deal 2", DEAL), ("deal 3", DEAL), ("deal 4", DEAL), ("deal 5", DEAL),
        ("deal 6", DEAL), ("deal 1", DEAL), ("deal-rest", DEAL),
        ("class 1 21", RankingItem(21)),
        # Two figures and 3 (item 20) beat one figure and 3 (item 21): the list's order.
        # Even money, 100, less 5 % commission: 95.00; the tie bet loses.
        ("class 2 20", RankingItem(20)), ("rule 2 player", ORDER),
        ("pay 2 player 95.00", PAY), ("collect 2 tie 50", PAY),
        # The player counts his ten as a figure ("three with one figure", item 21, would
        # tie the banker): refused, 10 + 2 + 1 is three without figure, item 22.
        ("call ten-as-figure 3", RankingItem(22)), ("decide refused", RankingItem(22)),
        ("class 3 22", RankingItem(22)), ("rule 3 banker", ORDER),
        ("pay 3 banker 190.00", PAY),
        # Three figures, class 1, reconstructed: HI-3C-RANK grades it and its win; the
        # three-figures bet pays 16 to 1.
        ("class 4 1", RANK), ("rule 4 player", RANK), ("pay 4 player 285.00", PAY),
        ("pay 4 three-figures 320.00", PAY),
        # Both hands three with one figure: a tie (HI-3C-TIE), not won by the higher cards;
        # the bet on the hand is returned, the tie bet paid 20 to 1.
        ("class 5 21", RankingItem(21)), ("rule 5 tie", TIE),
        ("call tie-claimed-won 5", TIE), ("decide push", TIE),
        ("push 5 player", TIE), ("pay 5 tie 200.00", PAY),
        # The banker's 3 points, as bet: 8 to 1.
        ("class 6 22", RankingItem(22)), ("rule 6 banker", ORDER),
        ("collect 6 player 80", PAY), ("pay 6 banker-points 320.00", PAY),
    ]
    assert all(v.correct for v in play(round_, solve(round_)))
    assert round_.balances() == {
        "place 2": D(45), "place 3": D(190), "place 4": D(605), "place 5": D(200),
        "place 6": D(240), "casino": D(30), "banker": D(-1310)}


def test_a_shoe_dealt_on_whose_second_white_card_comes_out_in_the_deal():
    # A shoe of 8 decks: two places may hold the same card. The white card comes out after
    # card 9 (in the other rounds) and is set aside; the coup is finished.
    hands = {**HANDS, 3: parse_cards("JS QH 3C")}
    bets = {place: (Bet(BetKind.PLAYER, D(100)),) for place in range(2, 7)}
    round_ = table_round(ThreeCardTable(8, False, 9, bets, hands, ()), 0, Mode.LEARN,
                         HouseRules())
    lines = [line for line, _ in steps(round_)]
    assert lines[:10] == ["shoe deal-on", "deal 2", "deal 3", "deal 4", "deal 5", "deal 6",
                          "deal 1", "deal-rest", "white", "class 1 21"]
    assert lines[10:14] == ["class 2 20", "rule 2 player", "pay 2 player 95.00", "class 3 20"]
    assert all(v.correct for v in play(round_, solve(round_)))
    early = table_round(ThreeCardTable(8, False, 4, bets, hands, ()), 0, Mode.LEARN,
                        HouseRules())
    # Card 4 goes to place 5: the white card comes out after it, and the deal goes on.
    assert [line for line, _ in steps(early)][4:7] == ["deal 5", "white", "deal 6"]


def test_a_card_from_one_deck_cannot_be_dealt_twice():
    # Places 2 and 3 both hold the jack of spades: a shoe can deal that, one deck cannot.
    hands = {**HANDS, 3: parse_cards("JS QH 3C")}
    with pytest.raises(ValueError, match="hands from one deck cannot share a card: 5S 8D KC"):
        ThreeCardTable(1, True, 0, BETS, hands, ())
    assert ThreeCardTable(8, False, 0, BETS, hands, ()).hands[3] == HANDS[2]
