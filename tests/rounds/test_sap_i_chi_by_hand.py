"""Two Sap I Chi rounds worked by hand from the text of Portaria 9/76, every step checked:
the actions, the articles, the money."""

from decimal import Decimal

from trainer.rounds.games import start
from trainer.rounds.modes import Mode
from trainer.rounds.play import Mistake, play, solve
from trainer.rounds.sap_i_chi import table_round
from trainer.rounds.sap_i_chi.table import Happening, Request, SapIChiTable
from trainer.rules.house import HouseRules
from trainer.rules.regulations import Article, HouseInterpretation, Regulation
from trainer.rules.sap_i_chi.bets import Bet, Colour
from trainer.rules.sap_i_chi.procedure import Stage

D = Decimal


def art(number, item=""):
    return Article(Regulation.SAP_I_CHI, number, item)


def check(round_, expected):
    """Every step's right action and its article, as worked out by hand."""
    assert [(str(step.expected), step.article) for step in round_.steps] == expected
    assert all(v.correct for v in play(round_, [line for line, _ in expected]))


# Number 5 (傌, red) is drawn. Every chance of Art. 3 (1) is on the board.
EVERY_CHANCE = SapIChiTable(
    bets={1: Bet(D(100), (5,)), 2: Bet(D(50), (4, 5)), 3: Bet(D(30), (1, 2, 3)),
          4: Bet(D(20), (5, 6, 11, 12)), 5: Bet(D(40), colour=Colour.RED),
          6: Bet(D(60), (7, 8, 9, 10, 11, 12)), 7: Bet(D(10), (3, 4, 5))},
    requests=(Request(3, Stage.BETTING), Request(6, Stage.CLOSED, Bet(D(60), colour="red"))),
    drawn=5, happenings=())


def test_a_round_with_every_chance_and_a_request_either_side_of_the_bell():
    round_ = table_round(EVERY_CHANCE, 0, Mode.LEARN, HouseRules())
    check(round_, [
        ("cloth", art(2, "1")),  # the cloth fixed, rolled, before the round
        ("change 3 allow", art(2, "2")),  # before the bell a bet may be taken back
        ("bell", art(2, "2")),
        ("change 6 refuse", art(2, "2")),  # after it no change: 60 stays on 7–12
        ("unroll", art(2, "3")), ("confirm 5", art(2, "4")), ("hatches", art(2, "4")),
        # The winner keeps his stake and is paid: 10 × 100, 4.5 × 50, 1.75 × 20, 0.9 × 40.
        ("pay 1 1000.00", art(3, "1(a)")), ("pay 2 225.00", art(3, "1(b)")),
        ("pay 4 35.00", art(3, "1(d)")), ("pay 5 36.00", art(3, "1(f)")),
        ("collect 6 60", art(3, "1")),  # black's six numbers lose on a red 5
        ("pay 7 27.00", art(3, "1(c)")),  # 2.7 × 10
    ])
    # The colour bet also names the house's board: 1–6 are red (HI-SAP-LAYOUT).
    red = round_.steps[10]
    assert HouseInterpretation("HI-SAP-LAYOUT") in [r.source for r in red.reasons]
    assert round_.balances() == {"place 1": D(1000), "place 2": D(225), "place 4": D(35),
                                 "place 5": D(36), "place 6": D(-60), "place 7": D(27),
                                 "casino": D(-1263)}


# Place 8 marks five numbers, then pushes a bet on after the bell; the croupier's rod slips
# and the round is void; place 1 moves his bet to 9; the new cloth shows 9 (象, black), but
# the payer drops the card of 10.
EVERY_INCIDENT = SapIChiTable(
    bets={1: Bet(D(100), (5,)), 2: Bet(D(50), colour=Colour.BLACK)},
    requests=(Request(1, Stage.VOID, Bet(D(100), (9,))),),
    drawn=9,
    happenings=(Happening("five-numbers", 8, (1, 3, 5, 7, 9), D(100)),
                Happening("late-bet", 8, bet=Bet(D(50), (2,))),
                Happening("irregularity", slip="rod-slips"),
                Happening("disputed-result", card=10)))


def test_a_round_with_every_incident_and_a_void_draw():
    round_ = table_round(EVERY_INCIDENT, 0, Mode.TABLE_READY, HouseRules())
    check(round_, [
        ("cloth", art(2, "1")),
        # There is no chance on five numbers (Art. 3 (1) a–f): refused.
        ("call five-numbers 8", art(3, "1")), ("decide refuse", art(3, "1")),
        ("bell", art(2, "2")),
        ("call late-bet 8", art(2, "2")), ("decide refuse", art(2, "2")),
        # The croupier's involuntary slip while deciding: void; players may change.
        ("call irregularity", art(2, "3")), ("decide void", art(2, "3")),
        ("change 1 allow", art(2, "3")),
        ("cloth", art(2, "1")), ("bell", art(2, "2")), ("unroll", art(2, "3")),
        # The card only confirms the cloth: the cloth's 9 decides.
        ("call disputed-result", art(2, "4")), ("decide cloth", art(2, "4")),
        ("confirm 9", art(2, "4")), ("hatches", art(2, "4")),
        ("pay 1 1000.00", art(3, "1(a)")), ("pay 2 45.00", art(3, "1(f)")),
    ])
    assert round_.balances() == {"place 1": D(1000), "place 2": D(45), "casino": D(-1045)}
    # Carrying on past the card misses the dispute, at its step.
    lines = [str(action) for action in solve(round_)]
    verdicts = play(round_, [*lines[:12], "confirm 9"])
    assert verdicts[12].mistake is Mistake.MISSED and verdicts[12].article == art(2, "4")


def test_a_wrong_amount_is_caught_with_the_chance_that_sets_it():
    round_ = table_round(EVERY_CHANCE, 0, Mode.PRACTICE, HouseRules())
    lines = [str(action) for action in solve(round_)]
    at = lines.index("pay 2 225.00")
    verdicts = play(round_, [*lines[:at], "pay 2 275"])  # the stake counted in
    assert verdicts[-1].mistake is Mistake.WRONG
    assert verdicts[-1].article == art(3, "1(b)")
    assert "4.5 times the stake" in str(verdicts[-1].reasons[0].text)


def test_the_command_line_round_is_the_engine_round():
    assert solve(start("sap_i_chi", 3, Mode.LEARN))[0].verb == "cloth"
