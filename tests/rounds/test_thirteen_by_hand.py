"""13-card rounds worked by hand from the text of Portaria 51/89/M (and RULES.md's house
interpretations), every step checked: naturals, a foul declared good, a misdeal rectified
and one cancelled."""

from decimal import Decimal

from trainer.rounds.modes import Mode
from trainer.rounds.play import play, solve
from trainer.rounds.thirteen import table_round
from trainer.rounds.thirteen.table import Bet, Happening, ThirteenTable
from trainer.rules.cards import parse_cards
from trainer.rules.house import HouseRules
from trainer.rules.regulations import Article, HouseInterpretation, Regulation
from trainer.rules.thirteen import Arrangement, best_arrangement, deal_order

ART_2B = Article(Regulation.THIRTEEN_CARDS, 2, "b")
ART_4 = Article(Regulation.THIRTEEN_CARDS, 4)
ART_7 = Article(Regulation.THIRTEEN_CARDS, 7)
ART_9_NATURAL = Article(Regulation.THIRTEEN_CARDS, 9, "I")
ART_11 = Article(Regulation.THIRTEEN_CARDS, 11)
HOUSE_WAY = HouseInterpretation("HI-HOUSE-WAY")
HI_13_PAY = HouseInterpretation("HI-13-PAY")
HI_MISDEAL = HouseInterpretation("HI-MISDEAL")

# Place 2 a dragon, place 4 six pairs and a half (Art. 9 I); place 3 sets a full house in the
# middle over a pair behind: a foul (Art. 7). The banker's 13 cards admit no natural.
BANKER = parse_cards("7S 7H 7D 6H 6D 6C 5S 5D 5C AC KC QC JD")
DRAGON = parse_cards("AS KH QD JC 10S 9H 8D 7C 6S 5H 4D 3C 2S")
SIX_PAIRS = parse_cards("AH AD KS KD QS QH JS JH 10H 10D 9S 9D 8S")
FOUL = Arrangement(front=parse_cards("2H 2D 2C"), middle=parse_cards("4H 4C 3S 3H 3D"),
                   back=parse_cards("10C 9C 8H 8C 4S"))
HANDS = {1: BANKER, 2: DRAGON, 3: FOUL.cards, 4: SIX_PAIRS}
DICE = (1, 1, 1, 1)  # 4: counting the banker as 1, place 4 receives the first card (Art. 2 b)


def dealt(hands, total):
    """The deck that, dealt one card at a time from the dice's place, gives ``hands``."""
    given = {place: list(cards) for place, cards in hands.items()}
    return tuple(given[place].pop(0) for place in deal_order(total))


def table(happenings=(), cancelled=()):
    settings = {1: best_arrangement(BANKER), 2: Arrangement(DRAGON[:3], DRAGON[3:8],
                                                            DRAGON[8:]),
                3: FOUL, 4: Arrangement(SIX_PAIRS[10:], SIX_PAIRS[5:10], SIX_PAIRS[:5])}
    return ThirteenTable(bets={2: Bet(Decimal(300), 3, True), 3: Bet(Decimal(200), 2, True),
                               4: Bet(Decimal(500), 1, True)},
                         dice=DICE, cancelled=cancelled, deck=dealt(HANDS, sum(DICE)),
                         settings=settings, happenings=happenings, shown_at=21 * 3600)


def steps(round_):
    return [(str(step.expected), step.article) for step in round_.steps]


def test_two_naturals_and_a_foul_declared_good():
    round_ = table_round(table((Happening("foul-declared-good", 3),)), 0, Mode.LEARN,
                         HouseRules())
    [set_banker] = [line for line, _ in steps(round_) if line.startswith("set ")]
    assert steps(round_) == [
        ("shaker 4", ART_2B),  # the highest bet, 500, is seated at place 4
        ("first 4", ART_2B),
        ("deal 4", ART_2B), ("deal 1", ART_2B), ("deal 2", ART_2B), ("deal 3", ART_2B),
        ("deal-rest", ART_2B),
        (set_banker, HOUSE_WAY),
        # Counterclockwise from place 4, the banker skipped: 4, 2, 3.
        # Six pairs and a half beats the banker and counts 3 points; in terms of 1 point it
        # settles 1 unit of 500: half, 250, less 2 %, 5.00, nets 245 (Art. 11, HI-13-PAY).
        ("rule 4 player", ART_9_NATURAL), ("pay 4 245.00", ART_11),
        # The dragon: 3 points in terms of 3, 3 units of 100: 150 less 3.00 (RULES.md's example).
        ("rule 2 player", ART_9_NATURAL), ("pay 2 147.00", ART_11),
        # The full house in the middle ranks above the pair behind: a foul, the place loses
        # its bets, the full terms of them (Art. 7, HI-13-PAY).
        ("call foul-declared-good 3", ART_7), ("decide loses", ART_7),
        ("rule 3 banker", ART_7), ("collect 3 200.00", HI_13_PAY),
    ]
    assert all(v.correct for v in play(round_, solve(round_)))
    assert round_.balances() == {"place 4": Decimal(245), "place 2": Decimal(147),
                                 "place 3": Decimal(-200), "casino": Decimal(8),
                                 "banker": Decimal(-200)}


def test_a_misdealt_card_still_identified_goes_to_its_place():
    # The normal order from place 4 gives card 7 to place 2 (4, 1, 2, 3, 4, 1, 2…); it went to
    # place 3 and can still be identified: it is given to place 2 (Art. 4, HI-MISDEAL).
    round_ = table_round(table((Happening("misdeal", 3, 7),)), 0, Mode.LEARN, HouseRules())
    lines = steps(round_)
    at = lines.index(("deal-rest", ART_2B))
    assert lines[at + 1:at + 4] == [("call misdeal", HI_MISDEAL), ("decide rectify", HI_MISDEAL),
                                    ("give 2", HI_MISDEAL)]
    assert "KH" in str(round_.steps[at + 1].scene)  # card 7: the second card of place 2


def test_a_misdeal_no_longer_identified_cancels_the_deal_which_is_dealt_again():
    first_deck = tuple(reversed(dealt(HANDS, sum(DICE))))
    round_ = table_round(table((Happening("misdeal", 2, 10),), cancelled=first_deck), 0,
                         Mode.LEARN, HouseRules())
    lines = steps(round_)
    at = lines.index(("deal-rest", ART_2B))
    deal = [("deal 4", ART_2B), ("deal 1", ART_2B), ("deal 2", ART_2B), ("deal 3", ART_2B),
            ("deal-rest", ART_2B)]
    assert lines[at - 4:at + 1] == deal
    assert lines[at + 1:at + 3] == [("call misdeal", ART_4), ("decide cancel", ART_4)]
    assert lines[at + 3:at + 8] == deal  # reshuffled, cut, and dealt again (Art. 4)
    assert str(first_deck[9]) in str(round_.steps[at + 1].scene)
    assert all(v.correct for v in play(round_, solve(round_)))



ART_2D = Article(Regulation.THIRTEEN_CARDS, 2, "d")


def test_a_change_asked_after_the_signal_is_refused_and_the_hand_plays_as_set():
    # The banker shows at 21:00:00, the signal sounds at 21:05:00. Place 4 finished setting
    # at 3:20 (in time) and asks at its turn, 6:45 after the showing, to set its cards again:
    # refused (Art. 2 d); its six pairs and a half play as set.
    happening = Happening("change-after-signal", 4, at=200, asked=405)
    round_ = table_round(table((happening,)), 0, Mode.LEARN, HouseRules())
    lines = steps(round_)
    at = lines.index(("call change-after-signal 4", ART_2D))
    assert lines[at - 1][0].startswith("set ")  # first in the showdown: place 4
    assert lines[at + 1:at + 4] == [("decide refused", ART_2D),
                                    ("rule 4 player", ART_9_NATURAL), ("pay 4 245.00", ART_11)]
    call = round_.steps[at]
    assert call.incident and call.skill == "thirteen.procedure"
    assert str(call.scene) == ("Place 4 finished setting its cards 3:20 after the banker "
                               "showed; now, 6:45 after he showed, the player asks to set them "
                               "again.")
    assert [reason.source for reason in call.reasons] == [
        ART_2D, ART_2D]
    assert "signal sounds five minutes later, at 21:05:00" in str(call.reasons[0])
    assert "asks at 21:06:45, 6:45 after the banker showed" in str(call.reasons[1])
    assert all(v.correct for v in play(round_, solve(round_)))
    # Carried on past (the place's result given at the call): missed, the round goes on.
    given = [str(a) for a in solve(round_)]
    verdicts = play(round_, [*given[:at], given[at + 2], *given[at + 1:]])
    assert [(v.step, v.mistake.value) for v in verdicts if not v.correct] == [(at + 1, "missed")]
