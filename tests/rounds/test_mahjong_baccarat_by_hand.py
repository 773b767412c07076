"""Two Mahjong Baccarat rounds worked by hand from the text of Portaria 15/96/M, every step
checked: the actions, the articles, the money and the next bank."""

from dataclasses import replace
from decimal import Decimal

from trainer.rounds.games import start
from trainer.rounds.mahjong_baccarat import table_round
from trainer.rounds.mahjong_baccarat.table import Happening, MahjongBaccaratTable, Succession
from trainer.rounds.modes import Mode
from trainer.rounds.play import Mistake, play, solve
from trainer.rules.house import HouseRules
from trainer.rules.mahjong_baccarat import (
    ART_2_2,
    ART_2_3,
    ART_2_5,
    ART_2_6,
    ART_2_8,
    ART_4,
    ART_5_1,
    ART_5_2,
    ART_5_3,
    ART_5_4,
    ART_7_1,
    ART_7_2,
    ART_8,
    ART_9,
    HI_MB_COMMISSION,
    HI_MB_HIGHER_TILE,
    HI_SETTLE_ORDER,
    Reorder,
    parse_tiles,
)


def hands(**by_place):
    return {int(place[1:]): parse_tiles(tiles) for place, tiles in by_place.items()}


def check(round_, expected):
    """Every step's right action and its article, as worked out by hand."""
    assert [(str(step.expected), step.article) for step in round_.steps] == expected
    assert all(v.correct for v in play(round_, [line for line, _ in expected]))


# The dice show 1 + 2 + 3 + 4 = 10: counting the banker as 1, the tenth place receives the
# first stack (Art. 2 (2)), then 1, 2 … 9 counterclockwise (Art. 2 (3)); the settlement
# starts at place 10 and skips the banker (HI-SETTLE-ORDER). The banker's 5 2 makes 7 points.
CAPITAL_RUNS_OUT = MahjongBaccaratTable(
    capital=Decimal(1000),
    bets={10: Decimal(600), 2: Decimal(500), 3: Decimal(200), 4: Decimal(100),
          5: Decimal(300), 6: Decimal(50)},
    reorders=(Reorder(4), Reorder(6), Reorder(7), Reorder(1)),
    dice=(1, 2, 3, 4),
    hands=hands(p1="5 2", p10="9 8", p2="4 4", p3="K 6", p4="3 A", p5="9 K", p6="8 A",
                p7="7 7", p8="6 5", p9="3 2"),
    happenings=(),
    succession=Succession(rounds_held=1, keeps=True, all_others_agree=False,
                          change=Decimal(0), declined=frozenset({2})))


def test_a_banker_whose_capital_runs_out_mid_settlement():
    round_ = table_round(CAPITAL_RUNS_OUT, 0, Mode.LEARN, HouseRules())
    check(round_, [
        # Two players re-order, a third may not; the banker last (Art. 2 (6)).
        ("reorder allow", ART_2_6), ("reorder allow", ART_2_6), ("reorder refuse", ART_2_6),
        ("reorder allow", ART_2_6),
        ("first 10", ART_2_2),
        ("deal 10", ART_2_2), *[(f"deal {place}", ART_2_3) for place in range(1, 10)],
        # 9 8 makes 7, as the banker's 5 2: the 9 is higher than the 5 (Art. 7 (2)). Paid
        # 600 less 5 %: 570 (Art. 9). The banker's running net: −600.
        ("open 10", HI_SETTLE_ORDER), ("rule 10 player", ART_7_2), ("pay 10 570.00", ART_9),
        # 4 4 makes 8: only 400 of the capital is left, paid less 20 (Art. 5 (3)): −1000.
        ("open 2", HI_SETTLE_ORDER), ("rule 2 player", ART_7_1), ("pay 2 380.00", ART_5_3),
        # K 6 makes 6 and 3 A makes 4: both lose in full: −800, then −700.
        ("open 3", HI_SETTLE_ORDER), ("rule 3 banker", ART_7_1),
        ("collect 3 200", HI_SETTLE_ORDER),
        ("open 4", HI_SETTLE_ORDER), ("rule 4 banker", ART_7_1),
        ("collect 4 100", HI_SETTLE_ORDER),
        # 9 K makes 9: the 300 left is paid, less 15: −1000 again.
        ("open 5", HI_SETTLE_ORDER), ("rule 5 player", ART_7_1), ("pay 5 285.00", ART_9),
        # 8 A makes 9 but the capital is exhausted: nothing is paid (Art. 5 (3)).
        ("open 6", HI_SETTLE_ORDER), ("rule 6 player", ART_7_1), ("pay 6 0.00", ART_5_3),
        # The banker lost the round: no commission (HI-MB-COMMISSION).
        ("commission 0.00", HI_MB_COMMISSION),
        # He gives the bank up; place 2 declines, so it goes to the nearest place that bet,
        # place 3 (Art. 5 (2)).
        ("bank 3", ART_5_2),
    ])
    assert round_.balances() == {
        "place 10": Decimal(570), "place 2": Decimal(380), "place 3": Decimal(-200),
        "place 4": Decimal(-100), "place 5": Decimal(285), "place 6": Decimal(0),
        "casino": Decimal(65), "banker": Decimal(-1000)}
    [rule_10] = [s for s in round_.steps if str(s.expected) == "rule 10 player"]
    assert HI_MB_HIGHER_TILE in [reason.source for reason in rule_10.reasons]


# The dice show 6 + 6 + 6 + 6 = 24: the count goes twice round the table and stops at place
# 4 (Art. 2 (2)). The banker's 5 5 makes 0 points.
BOTH_ZERO = MahjongBaccaratTable(
    capital=Decimal(500),
    bets={4: Decimal(200), 5: Decimal(400), 7: Decimal(100), 2: Decimal(100)},
    reorders=(),
    dice=(6, 6, 6, 6),
    hands=hands(p1="5 5", p4="K K", p5="6 4", p6="8 7", p7="9 A", p8="7 6", p9="4 3",
                p10="3 2", p2="9 8", p3="2 A"),
    happenings=(Happening("dice-out-of-bowl"), Happening("tile-exposed", 5, at=2),
                Happening("bet-on-wrong-place", 5)),
    succession=Succession(rounds_held=1, keeps=True, all_others_agree=False,
                          change=Decimal(100), declined=frozenset()))


def test_both_zero_points_the_banker_reaches_his_capital_and_keeps_the_bank():
    round_ = table_round(BOTH_ZERO, 0, Mode.PRACTICE, HouseRules())
    check(round_, [
        # A die out of the bowl does not count: the banker shakes again (Art. 2 (5)).
        ("call dice-out-of-bowl", ART_2_5), ("decide reshake", ART_2_5),
        ("first 4", ART_2_2),
        ("deal 4", ART_2_2), ("deal 5", ART_2_3),
        # A tile turned up in the deal stays valid (Art. 4).
        ("call tile-exposed 5", ART_4), ("decide play-on", ART_4),
        *[(f"deal {place}", ART_2_3) for place in (6, 7, 8, 9, 10, 1, 2, 3)],
        # K K and 5 5: both 0 points, the banker wins whatever the tiles (Art. 8): +200.
        ("open 4", HI_SETTLE_ORDER), ("rule 4 banker", ART_8),
        ("collect 4 200", HI_SETTLE_ORDER),
        # 6 4 is 0 points too; only 300 more reaches his capital (Art. 5 (3)): +500.
        ("open 5", HI_SETTLE_ORDER), ("rule 5 banker", ART_8),
        # The bet is settled where it lies (Art. 2 (8)).
        ("call bet-on-wrong-place 5", ART_2_8), ("decide settle-as-placed", ART_2_8),
        ("collect 5 300", ART_5_3),
        # 9 A is 0 points; the banker has already won his capital: nothing is collected.
        ("open 7", HI_SETTLE_ORDER), ("rule 7 banker", ART_8), ("collect 7 0", ART_5_3),
        # 9 8 makes 7 against 0: paid 100 less 5 (Art. 9): +400.
        ("open 2", HI_SETTLE_ORDER), ("rule 2 player", ART_7_1), ("pay 2 95.00", ART_9),
        # He won 400 net: 5 % of it, 20 (HI-MB-COMMISSION).
        ("commission 20.00", HI_MB_COMMISSION),
        # He keeps the bank, a second round: 500 + 380 won net + the 100 he adds (Art. 5 (4)).
        ("bank 1 980.00", ART_5_1),
    ])
    assert round_.balances() == {
        "place 4": Decimal(-200), "place 5": Decimal(-300), "place 7": Decimal(0),
        "place 2": Decimal(95), "casino": Decimal(25), "banker": Decimal(380)}


def test_a_missed_incident_is_a_mistake_of_its_own_and_the_round_goes_on():
    round_ = table_round(BOTH_ZERO, 0, Mode.PRACTICE, HouseRules())
    actions = [str(action) for action in solve(round_)]
    at = actions.index("call tile-exposed 5")
    verdicts = play(round_, [*actions[:at], "deal 6", *actions[at + 1:]])
    assert [(v.step, v.mistake, str(v.expected)) for v in verdicts if not v.correct] == [
        (at + 1, Mistake.MISSED, "call tile-exposed 5")]
    assert verdicts[at].article == ART_4


# A short stake: the banker kept the bank after the last round (this is his second round in a
# row), his new capital 1,000; he puts 900 on the table. He may raise it, never reduce it
# (Art. 5 (4)): refused, and the round is played with the whole 1,000.
SHORT_STAKE = replace(CAPITAL_RUNS_OUT, reorders=(),
                      happenings=(Happening("capital-reduced", short=Decimal(100)),),
                      succession=Succession(rounds_held=2, keeps=False, all_others_agree=False,
                                            change=Decimal(0), declined=frozenset({2})))


def test_a_banker_who_kept_the_bank_and_puts_down_less_than_his_new_capital_is_refused():
    round_ = table_round(SHORT_STAKE, 0, Mode.PRACTICE, HouseRules())
    steps = [(str(step.expected), step.article) for step in round_.steps]
    assert steps[:3] == [("call capital-reduced", ART_5_4), ("decide refuse", ART_5_4),
                         ("first 10", ART_2_2)]
    # The rest of the round as played with the whole capital (the first round above).
    assert steps[2:] == [(str(step.expected), step.article) for step in table_round(
        replace(SHORT_STAKE, happenings=()), 0, Mode.PRACTICE, HouseRules()).steps]
    call, ruling = round_.steps[:2]
    assert "MOP$900.00" in str(call.scene) and "MOP$1,000.00" in str(call.scene)
    assert "MOP$100.00 short" in str(ruling.reasons[-1])
    assert call.skill == ruling.skill == "mahjong_baccarat.bank"
    assert all(v.correct for v in play(round_, solve(round_)))
    # Carried on past (the banker's stake taken as it is): missed, with its article.
    actions = [str(action) for action in solve(round_)]
    verdicts = play(round_, ["first 10", *actions[1:]])
    assert [(v.step, v.mistake) for v in verdicts if not v.correct] == [(1, Mistake.MISSED)]
    assert verdicts[0].article == ART_5_4


def test_a_banker_in_his_first_round_has_no_new_capital_to_fall_short_of():
    happened = [round_.table.happening("capital-reduced")
                for round_ in (start("mahjong_baccarat", seed, Mode.TABLE_READY)
                               for seed in range(300))
                if round_.table.succession.rounds_held == 1]
    assert happened and not any(happened)


# Co-bankers (Art. 5 (5), HI-MB-COBANK): the casino joins the banker's 1,000 with 1,000 (the
# pool, 2,000), then place 8 with 500 and place 9 with 200, in that order: the table is
# settled against the whole bank of 2,700. The dice and the tiles as above: the banker has 7.
def cobanked(bets):
    from trainer.rounds.mahjong_baccarat.table import CoBank
    return MahjongBaccaratTable(
        capital=Decimal(1000), bets=bets, reorders=(), dice=(1, 2, 3, 4),
        hands=hands(p1="5 2", p10="9 8", p2="K 6", p3="4 4", p4="3 A", p5="9 K", p6="8 A",
                    p7="7 7", p8="6 5", p9="3 2"),
        happenings=(),
        succession=Succession(rounds_held=1, keeps=False, all_others_agree=False,
                              change=Decimal(0), declined=frozenset()),
        cobank=CoBank(Decimal(1000), ((8, Decimal(500)), (9, Decimal(200)))))


DEAL = [("first 10", ART_2_2), ("deal 10", ART_2_2),
        *[(f"deal {place}", ART_2_3) for place in range(1, 10)]]


def test_a_bank_that_loses_less_than_its_pool():
    from trainer.rules.mahjong_baccarat import HI_MB_COBANK
    round_ = table_round(cobanked({10: Decimal(600), 2: Decimal(300), 5: Decimal(1000)}), 0,
                         Mode.LEARN, HouseRules())
    check(round_, [
        *DEAL,
        # 9 8 beats 5 2 by the higher tile: 600 paid less 5 %; K 6 loses 300; 9 K pays 1,000
        # less 5 %. The bank's net: −600 + 300 − 1,000 = −1,300, within its 2,700.
        ("open 10", HI_SETTLE_ORDER), ("rule 10 player", ART_7_2), ("pay 10 570.00", ART_9),
        ("open 2", HI_SETTLE_ORDER), ("rule 2 banker", ART_7_1),
        ("collect 2 300", HI_SETTLE_ORDER),
        ("open 5", HI_SETTLE_ORDER), ("rule 5 player", ART_7_1), ("pay 5 950.00", ART_9),
        # The pool takes the whole −1,300, half each (1,000 to 1,000); nothing is left for
        # the players who joined; a loss pays no commission.
        ("share 1 -650.00", HI_MB_COBANK), ("casino -650.00", HI_MB_COBANK),
        ("share 8 0.00", HI_MB_COBANK), ("share 9 0.00", HI_MB_COBANK),
        ("bank 2", ART_5_1),
    ])
    assert round_.balances() == {"place 10": 570, "place 2": -300, "place 5": 950,
                                 "banker": -650, "casino": -650 + 30 + 50, "place 8": 0,
                                 "place 9": 0}


def test_a_bank_that_loses_more_than_its_pool_takes_the_joined_stakes_in_order():
    from trainer.rules.mahjong_baccarat import HI_MB_COBANK
    round_ = table_round(cobanked({10: Decimal(600), 2: Decimal(300), 5: Decimal(2500)}), 0,
                         Mode.LEARN, HouseRules())
    check(round_, [
        *DEAL,
        ("open 10", HI_SETTLE_ORDER), ("rule 10 player", ART_7_2), ("pay 10 570.00", ART_9),
        ("open 2", HI_SETTLE_ORDER), ("rule 2 banker", ART_7_1),
        ("collect 2 300", HI_SETTLE_ORDER),
        # Only 2,700 − 300 = 2,400 of the whole bank is left for place 5: paid less 5 %
        # (Art. 5 (3)); the bank's net is −2,700, all of it.
        ("open 5", HI_SETTLE_ORDER), ("rule 5 player", ART_7_1), ("pay 5 2280.00", ART_5_3),
        # The pool takes −2,000, half each; the 700 left is taken by place 8 up to his 500,
        # then by place 9: 200.
        ("share 1 -1000.00", HI_MB_COBANK), ("casino -1000.00", HI_MB_COBANK),
        ("share 8 -500.00", HI_MB_COBANK), ("share 9 -200.00", HI_MB_COBANK),
        ("bank 2", ART_5_1),
    ])
    assert sum(round_.balances().values()) == 0


def test_a_bank_that_wins_shares_its_gain_and_each_pays_commission_on_his_own():
    from trainer.rules.mahjong_baccarat import HI_MB_COBANK
    round_ = table_round(cobanked({2: Decimal(300), 4: Decimal(500)}), 0, Mode.LEARN,
                         HouseRules())
    check(round_, [
        *DEAL,
        ("open 2", HI_SETTLE_ORDER), ("rule 2 banker", ART_7_1),
        ("collect 2 300", HI_SETTLE_ORDER),
        ("open 4", HI_SETTLE_ORDER), ("rule 4 banker", ART_7_1),
        ("collect 4 500", HI_SETTLE_ORDER),
        # The bank wins 800, all of it the pool's: 400 each. The banker pays 5 % of his 400
        # (20) and ends with 380; the casino pays no commission to itself.
        ("share 1 380.00", HI_MB_COBANK), ("casino 400.00", HI_MB_COBANK),
        ("share 8 0.00", HI_MB_COBANK), ("share 9 0.00", HI_MB_COBANK),
        ("bank 2", ART_5_1),
    ])
    balances = round_.balances()
    assert (balances["banker"], balances["casino"]) == (380, 420)
