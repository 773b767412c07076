"""Table procedure of the 13-card game (Portaria 51/89/M, Art. 2 a–d, 3, 5), ruled by the core."""

import json
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.rules.house import HouseRules, ThirteenRules
from trainer.rules.regulations import Article, HouseInterpretation, Regulation
from trainer.rules.thirteen.procedure import (
    Act,
    Bettor,
    Ruling,
    banker_resets,
    bet_change,
    card_holder,
    clock,
    dice_shaker,
    judge_cut,
    looking_at_cards,
    minutes_and_seconds,
    misplaced_bet,
    sets_in_time,
    setting_time,
    table_act,
)
from trainer.rules.thirteen.procedure_points import Point


def at(text: str) -> int:
    hours, minutes, seconds = map(int, text.split(":"))
    return hours * 3600 + minutes * 60 + seconds


def bettor(name, stake, seated=True, place=2):
    return Bettor(name, Decimal(stake), seated, place)


def sources(ruling):
    return {reason.source for reason in ruling.reasons}


# ------------------------------------------------------------------ Art. 2 a): the cut
@pytest.mark.parametrize(("cards", "hands", "ruling"), [
    (10, 1, Ruling.ALLOWED),  # exactly ten: the least the text allows
    (9, 1, Ruling.REFUSED),  # one short
    (26, 1, Ruling.ALLOWED),
    (10, 2, Ruling.REFUSED),  # "fazendo-o apenas com uma mão"
    (30, 2, Ruling.REFUSED),
])
def test_art_2a_a_cut_takes_one_hand_and_at_least_ten_cards(cards, hands, ruling):
    judged = judge_cut(cards, hands)
    assert judged.ruling == ruling and judged.points == {Point.CUT}
    assert sources(judged) == {Article(Regulation.THIRTEEN_CARDS, 2, "a")}


def test_art_2a_the_reason_says_why():
    assert "at least 10, so the cut stands" in str(judge_cut(10, 1).reasons[0])
    assert "9 cards were cut: at least 10 must be" in str(judge_cut(9, 1).reasons[0])
    assert "1 card was cut" in str(judge_cut(1, 1).reasons[0])
    assert "both hands" in str(judge_cut(12, 2).reasons[0])


@pytest.mark.parametrize(("cards", "hands"), [(0, 1), (12, 3), (12, 0)])
def test_art_2a_an_impossible_cut_is_refused(cards, hands):
    with pytest.raises(ValueError, match="a cut takes at least one card"):
        judge_cut(cards, hands)


# ------------------------------------------------------ Art. 2 b): who shakes the dice
def test_art_2b_the_seated_player_with_the_highest_bet_shakes():
    judged = dice_shaker([bettor("Chan", 500), bettor("Lei", 800), bettor("Ho", 300)])
    assert judged.ruling == "Lei" and judged.points == {Point.DICE}
    assert sources(judged) == {Article(Regulation.THIRTEEN_CARDS, 2, "b")}


def test_art_2b_a_higher_bet_standing_does_not_shake():
    judged = dice_shaker([bettor("Chan", 900, seated=False), bettor("Lei", 800),
                          bettor("Ho", 850, seated=False), bettor("Sou", 100)])
    assert judged.ruling == "Lei"
    assert "Chan has the highest bet" in str(judged.reasons[0])
    assert "not seated" in str(judged.reasons[0])


@pytest.mark.parametrize(("bettors", "match"), [
    ([bettor("Chan", 500), bettor("Lei", 500)], "two seated bets are equal"),
    ([bettor("Chan", 500, seated=False)], "nobody seated has bet"),
])
def test_art_2b_where_the_text_names_nobody_the_core_refuses(bettors, match):
    with pytest.raises(ValueError, match=match):
        dice_shaker(bettors)


def test_art_2b_the_only_seated_bettor_shakes():
    judged = dice_shaker([bettor("Chan", 900, seated=False), bettor("Lei", 100)])
    assert judged.ruling == "Lei"


def test_art_2b_an_equal_bet_below_the_highest_does_not_matter():
    assert dice_shaker([bettor("Chan", 900), bettor("Lei", 500),
                        bettor("Ho", 500)]).ruling == "Chan"


# ---------------------------------------------- Art. 5: several bettors on one place
def test_art_5_the_highest_bettor_seated_at_the_table_holds_the_cards():
    judged = card_holder([bettor("Chan", 2900, seated=False), bettor("Lei", 2000),
                          bettor("Ho", 600)])
    assert judged.ruling == "Lei" and judged.points == {Point.HOLDER}
    assert sources(judged) == {Article(Regulation.THIRTEEN_CARDS, 5)}
    assert "only a player seated at the table may hold the cards" in str(judged.reasons[0])
    assert Point.SUGGEST in judged.near  # true of the place, but it does not decide who


def test_art_5_when_the_highest_bettor_is_seated_he_holds():
    assert card_holder([bettor("Chan", 2900), bettor("Lei", 2000)]).ruling == "Chan"
    with pytest.raises(ValueError, match="does not say who holds the cards"):
        card_holder([bettor("Chan", 100, seated=False)])


@pytest.mark.parametrize(("act", "ruling", "points"), [
    (Act.SUGGESTS, Ruling.ALLOWED, {Point.SUGGEST}),
    (Act.TAKES_CARDS, Ruling.REFUSED, {Point.HOLDER, Point.SUGGEST}),
    (Act.SECOND_PLACE, Ruling.ALLOWED, {Point.SEVERAL_PLACES}),  # Art. 3
    (Act.CHANGE_PLACE, Ruling.REFUSED, {Point.NO_CHANGE}),  # Art. 3
    (Act.CARDS_AWAY, Ruling.REFUSED, {Point.AT_THE_TABLE}),  # Art. 3
    (Act.OTHER_CARDS, Ruling.REFUSED, {Point.AT_THE_TABLE}),  # Art. 3
])
def test_art_3_and_5_what_players_may_do_with_places_and_cards(act, ruling, points):
    judged = table_act(act)
    assert judged.ruling == ruling and judged.points == points
    assert not judged.near & judged.points
    assert sources(judged) == {point.article for point in points}


# ------------------------------------------------------------- Art. 2 c): the bets
@pytest.mark.parametrize(("after_dice", "ruling"), [(True, Ruling.REFUSED),
                                                    (False, Ruling.ALLOWED)])
def test_art_2c_no_bet_is_placed_withdrawn_or_moved_after_the_dice(after_dice, ruling):
    judged = bet_change(after_dice)
    assert judged.ruling == ruling and judged.points == {Point.NO_BETS}
    assert sources(judged) == {Article(Regulation.THIRTEEN_CARDS, 2, "c")}


def test_art_2c_a_misplaced_bet_is_settled_where_it_lies():
    judged = misplaced_bet(2, 3)
    assert judged.ruling == Ruling.WHERE_IT_LIES and judged.points == {Point.WHERE_IT_LIES}
    assert "paid or collected with place 2, though the player meant place 3" in str(
        judged.reasons[0])
    with pytest.raises(ValueError, match="another place"):
        misplaced_bet(3, 3)


# ------------------------------------------------------ Art. 2 d): the cards and time
@pytest.mark.parametrize(("shown", "ruling"), [(True, Ruling.ALLOWED), (False, Ruling.REFUSED)])
def test_art_2d_nobody_looks_before_the_banker_has_shown(shown, ruling):
    judged = looking_at_cards(shown)
    assert judged.ruling == ruling and judged.points == {Point.NO_LOOKING}
    assert sources(judged) == {Article(Regulation.THIRTEEN_CARDS, 2, "d")}


@pytest.mark.parametrize(("picked_up", "ruling"), [(False, Ruling.ALLOWED),
                                                   (True, Ruling.REFUSED)])
def test_art_2d_the_banker_may_reset_before_the_players_pick_up(picked_up, ruling):
    judged = banker_resets(picked_up)
    assert judged.ruling == ruling and judged.points == {Point.RESET}


ART_2D = Article(Regulation.THIRTEEN_CARDS, 2, "d")
HI_13_SIGNAL = HouseInterpretation("HI-13-SIGNAL")
SIGNAL_PLAYS = ThirteenRules(finished_at_the_signal_plays=True)


@pytest.mark.parametrize(("shown", "done", "ruling"), [
    ("21:04:10", "21:09:25", Ruling.LOSES),  # 5:15: after the signal
    ("21:04:10", "21:09:09", Ruling.PLAYS),  # 4:59: a second before the signal
    ("21:04:10", "21:09:11", Ruling.LOSES),  # 5:01: a second after it
    ("21:57:30", "22:02:29", Ruling.PLAYS),  # across the hour
    ("21:57:30", "22:02:31", Ruling.LOSES),
    ("23:58:00", "23:59:59", Ruling.PLAYS),
    ("21:04:10", "21:04:10", Ruling.PLAYS),  # 0:00: set as the banker showed
])
@pytest.mark.parametrize("rules", [None, SIGNAL_PLAYS])
def test_art_2d_a_place_not_finished_before_the_signal_loses(shown, done, ruling, rules):
    # Away from the signal itself the house's setting changes nothing, and only the
    # article is cited.
    judged = setting_time(at(shown), at(done), rules)
    assert judged.ruling == ruling and judged.points == {Point.FIVE_MINUTES}
    assert sources(judged) == {ART_2D}


@pytest.mark.parametrize(("shown", "done"), [("21:04:10", "21:09:10"),
                                             ("21:57:30", "22:02:30")])
def test_hi_13_signal_a_place_finishing_at_the_signal_itself_loses_by_default(shown, done):
    # «O lugar que não completar a arrumação das suas cartas antes da emissão do sinal
    # referido, perderá a jogada»: at 5:00 it has not finished before the signal.
    judged = setting_time(at(shown), at(done))
    assert judged.ruling == Ruling.LOSES and judged.points == {Point.FIVE_MINUTES}
    assert [reason.source for reason in judged.reasons] == [ART_2D, HI_13_SIGNAL]
    assert "exactly 5:00 after the banker showed: at the signal itself" in str(judged.reasons[1])
    assert "so it loses" in str(judged.reasons[1])


def test_hi_13_signal_the_house_may_let_a_place_finishing_at_the_signal_play():
    judged = setting_time(at("21:04:10"), at("21:09:10"), SIGNAL_PLAYS)
    assert judged.ruling == Ruling.PLAYS and judged.points == {Point.FIVE_MINUTES}
    assert [reason.source for reason in judged.reasons] == [ART_2D, HI_13_SIGNAL]
    assert "The house counts a place that finishes at the signal" in str(judged.reasons[1])
    assert "so its hand plays" in str(judged.reasons[1])


def test_art_2d_the_reasons_give_the_signal_and_the_time_taken_to_the_second():
    text = " ".join(str(r) for r in setting_time(at("21:04:10"), at("21:09:25")).reasons)
    assert "signal sounds five minutes later, at 21:09:10" in text
    assert "21:09:25, 5:15 after the banker showed: after the signal" in text
    text = " ".join(str(r) for r in setting_time(at("21:04:10"), at("21:09:09")).reasons)
    assert "21:09:09, 4:59 after the banker showed: before the signal" in text


@pytest.mark.parametrize(("shown", "done"), [(at("21:04:10"), at("21:04:09")),
                                             (at("23:59:00"), 24 * 3600 + 10), (-1, 5)])
def test_art_2d_a_place_cannot_finish_before_the_banker_shows(shown, done):
    with pytest.raises(ValueError, match="after the banker shows"):
        setting_time(shown, done)


@given(shown=st.integers(0, 20 * 3600),
       elapsed=st.integers(298, 302) | st.integers(0, 3 * 3600),
       at_signal_plays=st.booleans())
def test_art_2d_a_place_plays_before_the_signal_and_at_it_only_by_the_house(
        shown, elapsed, at_signal_plays):
    rules = ThirteenRules(finished_at_the_signal_plays=at_signal_plays)
    judged = setting_time(shown, shown + elapsed, rules)
    plays = elapsed < 300 or (elapsed == 300 and at_signal_plays)
    assert judged.ruling == (Ruling.PLAYS if plays else Ruling.LOSES)
    assert sets_in_time(elapsed, rules) is plays
    assert (HI_13_SIGNAL in sources(judged)) is (elapsed == 300)


def test_hi_13_signal_the_setting_survives_the_house_rules_json_and_rules_after_it():
    # The store and exams keep house rules as JSON: the setting must come back as it went.
    for rules in (HouseRules(), HouseRules(thirteen=SIGNAL_PLAYS)):
        back = HouseRules.from_json(json.loads(json.dumps(rules.to_json())))
        assert back == rules
        judged = setting_time(at("21:04:10"), at("21:09:10"), back.thirteen)
        plays = rules.thirteen.finished_at_the_signal_plays
        assert judged.ruling == (Ruling.PLAYS if plays else Ruling.LOSES)
    with pytest.raises(ValueError, match="'finished_at_the_signal_plays' must be true or false"):
        HouseRules.from_json({"thirteen": {"finished_at_the_signal_plays": "yes"}})


@pytest.mark.parametrize(("elapsed", "limit", "plays", "plays_at_signal"), [
    (299, 300, True, True), (300, 300, False, True), (301, 300, False, False),
    (329, 330, True, True), (330, 330, False, True), (331, 330, False, False),  # extra time
])
def test_sets_in_time_rules_on_the_limit_it_is_given(elapsed, limit, plays, plays_at_signal):
    assert sets_in_time(elapsed, ThirteenRules(), limit) is plays
    assert sets_in_time(elapsed, SIGNAL_PLAYS, limit) is plays_at_signal


def test_a_time_taken_is_written_to_the_second():
    assert [minutes_and_seconds(s) for s in (299, 300, 301, 0, 75)] == [
        "4:59", "5:00", "5:01", "0:00", "1:15"]


def test_the_table_clock():
    assert clock(at("21:04:10")) == "21:04:10" and clock(0) == "00:00:00"
    assert clock(at("09:05:03")) == "09:05:03"


# ------------------------------------------------------------------ the points offered
def test_every_point_names_its_article_as_the_regulation_numbers_it():
    for point in Point:
        article = point.article
        assert article.regulation is Regulation.THIRTEEN_CARDS
        prefix = f"Art. {article.number}" + (f" {article.item})" if article.item else ":")
        assert str(point.label).startswith(prefix), point
    assert {(p.article.number, p.article.item) for p in Point} == {
        (2, "a"), (2, "b"), (2, "c"), (2, "d"), (3, ""), (5, "")}
