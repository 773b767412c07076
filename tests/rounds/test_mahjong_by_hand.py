"""Two Mah-Jong scenes worked by hand from the text of Portaria 135/91/M and the house
readings in force (RULES.md), every step checked: the actions, the articles, the money."""

from decimal import Decimal

from trainer.rounds.mahjong import table_round
from trainer.rounds.mahjong.table import Discard, Hand, MahjongTable
from trainer.rounds.modes import Mode
from trainer.rounds.play import Mistake, play
from trainer.rules.house import HouseRules
from trainer.rules.mahjong import Meld, MeldKind, Wind, parse_tiles
from trainer.rules.mahjong.hands.tiles import parse_tile
from trainer.rules.mahjong.play.claims import Call, ClaimKind
from trainer.rules.regulations import Article, HouseInterpretation, Regulation

D = Decimal
E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH


def art(number, item=""):
    return Article(Regulation.MAHJONG, number, item)


def hi(code):
    return HouseInterpretation(code)


def check(round_, expected):
    assert [(str(step.expected), step.article) for step in round_.steps] == expected
    assert all(v.correct for v in play(round_, [line for line, _ in expected]))


def pung(tile):
    return Meld(MeldKind.PUNG, parse_tiles(f"{tile} {tile} {tile}"))


HANDS = {
    # South waits on the white dragon for big three dragons, red and green laid open.
    S: Hand(parse_tiles("P P 1m 2m 3m 5p 5p"), (pung("C"), pung("F"))),
    E: Hand(parse_tiles("1p 1p 2p 3p 4p 6s 6s 7m 8m 9m E E W")),
    W: Hand(parse_tiles("2s 3s 4s 6p 7p 8p 9p 9p N N S 4m 5m")),
    N: Hand(parse_tiles("1s 1s 2s 5s 6s 7m 7m 8p 8p 3m 4m 6m 9m")),
}
P = parse_tile("P")


def test_a_big_three_dragons_fed_by_a_white_dragon_in_sight_is_borne_by_the_discarder():
    discards = (
        Discard(N, P, HANDS, (), (), None),  # South lets it go: he waits to win
        Discard(E, parse_tile("9s"), HANDS, (), (P,), parse_tile("9s")),
        Discard(S, parse_tile("4s"), HANDS, (), (P, parse_tile("9s")), parse_tile("4s")),
        Discard(W, P, HANDS, (Call(S, ClaimKind.WIN),),
                (P, parse_tile("9s"), parse_tile("4s")), parse_tile("5m")),
    )
    table = MahjongTable(E, 1, HANDS, discards, S, P, False, D(200))
    round_ = table_round(table, 0, Mode.LEARN, HouseRules())
    check(round_, [
        ("claim none", art(9, "a(1)")),  # no call stands: the tile stays discarded
        ("claim none", art(9, "a(1)")),
        ("claim none", art(9, "a(1)")),
        ("claim s win", art(4, "a")),  # the white dragon completes his hand
        # Big three dragons 2 + three dragon pungs 3 = 5 fán, capped at double (HI-MJ-ADD).
        ("fan 2", hi("HI-MJ-ADD")),
        # The dragon discarded completes big three dragons, a white dragon already on view:
        # West bears the others' losses (Art. 10 (a)(3), HI-MJ-LIAB3; no (a)(10)).
        ("liable w", art(10, "a(3)")),
        # Double fán is 40 each, the banker 80 (Art. 7): West pays all 160.
        ("collect w 160", art(10, "a(3)")),
        ("pay s 160", hi("HI-MJ-PAY")),
        ("commission 0.00", art(8)),  # the house's rate is none by default
        ("bank s", art(3, "a")),  # another won: the bank passes to East's right
    ])
    assert round_.balances() == {"seat W": D(-160), "seat S": D(160), "table": D(0),
                                 "casino": D(0)}


def test_a_capital_in_play_caps_the_winner_and_a_missed_step_is_caught():
    discards = (Discard(W, P, HANDS, (Call(S, ClaimKind.WIN),), (), parse_tile("5m")),)
    table = MahjongTable(E, 2, HANDS, discards, S, P, False, D(100))
    round_ = table_round(table, 0, Mode.LEARN, HouseRules())
    lines = [str(step.expected) for step in round_.steps]
    # No white dragon in sight: the discard frees West (Art. 10 (a)(10), HI-MJ-SEEN); the
    # shares counterclockwise from South — West 40, North 40, East 80 — fill his 100.
    assert lines == ["claim s win", "fan 2", "liable none", "collect w 40", "collect n 40",
                     "collect e 20", "pay s 100", "commission 0.00", "bank s"]
    assert round_.steps[6].article == hi("HI-MJ-CAP")
    verdicts = play(round_, [*lines[:3], "collect w 160", *lines[4:]])
    assert [(v.step, v.mistake) for v in verdicts if not v.correct] == [(4, Mistake.WRONG)]


def test_a_banker_who_declares_a_win_on_tiles_that_do_not_win_pays_each_double():
    discards = (Discard(W, parse_tile("9s"), HANDS, (), (), parse_tile("9s"),
                        ("false-win", E)),)
    table = MahjongTable(E, 1, HANDS, discards, None, None, False, D(200))
    round_ = table_round(table, 0, Mode.PRACTICE, HouseRules())
    check(round_, [
        ("call false-win e", hi("HI-MJ-NULO")),  # no complete hand: «nulo» (Art. 4 (a))
        ("decide nulo-double-each", hi("HI-MJ-NULO")),
        ("collect e 120", art(10, "a(8)")),  # a banker pays each of the three 40
        ("pay s 40", art(10, "a(8)")), ("pay w 40", art(10, "a(8)")),
        ("pay n 40", art(10, "a(8)")),
    ])
    assert round_.steps[0].incident
    assert round_.balances()["seat E"] == D(-120)
