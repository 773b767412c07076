"""A place that finished setting in time asks to change its setting (Portaria 51/89/M,
Art. 2 d)), ruled by the core: worked by hand from the text."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.rules.house import ThirteenRules
from trainer.rules.regulations import Article, HouseInterpretation, Regulation
from trainer.rules.thirteen.procedure import Ruling, change_after_signal
from trainer.rules.thirteen.procedure_points import Point

ART_2D = Article(Regulation.THIRTEEN_CARDS, 2, "d")
HI_13_SIGNAL = HouseInterpretation("HI-13-SIGNAL")
SIGNAL_PLAYS = ThirteenRules(finished_at_the_signal_plays=True)


def at(text: str) -> int:
    hours, minutes, seconds = map(int, text.split(":"))
    return hours * 3600 + minutes * 60 + seconds


def cited(judged):
    return [reason.source for reason in judged.reasons]


def test_a_change_asked_after_the_signal_is_refused_and_the_hand_plays_as_set():
    # The banker shows at 21:04:10; the signal sounds at 21:09:10. The place finished at
    # 21:07:45 (3:35, in time) and asks at 21:11:02, 6:52 after the banker showed: a change
    # now would be a setting completed after the signal, which Art. 2 d) does not allow.
    judged = change_after_signal(at("21:04:10"), at("21:07:45"), at("21:11:02"))
    assert judged.ruling == Ruling.REFUSED and judged.points == {Point.FIVE_MINUTES}
    assert cited(judged) == [ART_2D, ART_2D]
    assert "the signal sounds five minutes later, at 21:09:10" in str(judged.reasons[0])
    ruling = str(judged.reasons[-1])
    assert "finished setting at 21:07:45, before the signal" in ruling
    assert "asks at 21:11:02, 6:52 after the banker showed" in ruling
    assert "the hand plays as it was set at the signal" in ruling


def test_a_change_asked_before_the_signal_is_not_this_incident_the_place_may_set_again():
    # 21:09:09 is 4:59 after the showing: still within the five minutes.
    judged = change_after_signal(at("21:04:10"), at("21:05:00"), at("21:09:09"))
    assert judged.ruling == Ruling.ALLOWED and cited(judged) == [ART_2D, ART_2D]
    assert cited(judged) == [ART_2D, ART_2D]
    assert "4:59 after the banker showed: before the signal" in str(judged.reasons[-1])


def test_a_change_asked_a_second_after_the_signal_is_refused():
    judged = change_after_signal(at("21:04:10"), at("21:05:00"), at("21:09:11"))
    assert judged.ruling == Ruling.REFUSED and cited(judged) == [ART_2D, ART_2D]


def test_at_the_signal_itself_hi_13_signal_decides_refused_by_default_allowed_by_the_house():
    judged = change_after_signal(at("21:04:10"), at("21:05:00"), at("21:09:10"))
    assert judged.ruling == Ruling.REFUSED
    assert cited(judged) == [ART_2D, HI_13_SIGNAL, ART_2D]
    assert "exactly 5:00 after the banker showed: at the signal itself" in str(
        judged.reasons[1])
    judged = change_after_signal(at("21:04:10"), at("21:05:00"), at("21:09:10"), SIGNAL_PLAYS)
    assert judged.ruling == Ruling.ALLOWED and cited(judged) == [ART_2D, HI_13_SIGNAL]


def test_a_place_that_finished_late_has_lost_and_has_no_setting_to_change():
    with pytest.raises(ValueError, match="did not finish setting before the signal has lost"):
        change_after_signal(at("21:04:10"), at("21:09:11"), at("21:10:00"))
    with pytest.raises(ValueError, match="did not finish setting before the signal has lost"):
        change_after_signal(at("21:04:10"), at("21:09:10"), at("21:10:00"))
    # Finished at the signal, where the house lets that play: its setting stands.
    judged = change_after_signal(at("21:04:10"), at("21:09:10"), at("21:10:00"), SIGNAL_PLAYS)
    assert judged.ruling == Ruling.REFUSED and cited(judged) == [ART_2D, ART_2D]


@pytest.mark.parametrize(("shown", "done", "asked"), [
    (at("21:04:10"), at("21:04:09"), at("21:10:00")),  # finished before the banker showed
    (at("21:04:10"), at("21:06:00"), at("21:05:59")),  # asked before it finished
    (at("23:59:00"), at("23:59:30"), 24 * 3600 + 10),  # the next day
])
def test_the_times_must_follow_each_other_the_same_day(shown, done, asked):
    with pytest.raises(ValueError, match="after finishing it, after the banker shows"):
        change_after_signal(shown, done, asked)


@given(shown=st.integers(0, 20 * 3600), done=st.integers(0, 299),
       asked=st.integers(0, 302) | st.integers(0, 3 * 3600), at_signal_plays=st.booleans())
def test_refused_exactly_when_asked_after_the_signal(shown, done, asked, at_signal_plays):
    rules = ThirteenRules(finished_at_the_signal_plays=at_signal_plays)
    asked = max(asked, done)
    judged = change_after_signal(shown, shown + done, shown + asked, rules)
    allowed = asked < 300 or (asked == 300 and at_signal_plays)
    assert judged.ruling == (Ruling.ALLOWED if allowed else Ruling.REFUSED)
    assert judged.reasons[-1].source == (HI_13_SIGNAL if asked == 300 and allowed else ART_2D)
    assert (HI_13_SIGNAL in cited(judged)) is (asked == 300)
