"""The words and figures of a report, in the report's language (not the window's)."""

from __future__ import annotations

from decimal import Decimal

import i18n
from trainer.progress.reports.words import (
    hours,
    in_language,
    local_day,
    minutes,
    percent,
    seconds,
    skill_label,
)


def test_a_report_without_a_language_is_in_the_current_one():
    with i18n.speaking("pt_MO"):
        with in_language(None) as chosen:
            assert chosen == "pt_MO"
        with in_language("en") as chosen:
            assert chosen == "en"


def test_times_are_seconds_and_hours_with_one_decimal():
    assert seconds(1_250, "en") == "1.2" and seconds(1_260, "en") == "1.3"
    assert seconds(61_000, "pt_MO") == "61,0"
    assert seconds(None, "en") == ""
    assert hours(5_400_000, "en") == "1.5" and hours(3_600_000, "en") == "1.0"
    assert hours(1_260_000, "en") == "0.4"  # 21 minutes: 0.35 hours, to the even tenth


def test_minutes_have_one_decimal_so_a_few_seconds_show():
    assert minutes(6_000, "en") == "0.1" and minutes(2_999, "en") == "0.0"
    assert minutes(3_001, "en") == "0.1"  # 0.05 minutes and a little: the tenth above
    assert minutes(90_000, "en") == "1.5" and minutes(0, "en") == "0.0"
    assert minutes(3_600_000, "pt_MO") == "60,0"
    assert minutes(60_000_000, "en") == "1,000.0"


def test_a_missing_figure_is_left_blank():
    assert percent(None, "en") == ""
    assert percent(Decimal("0.5"), "en") == "50.0%"
    assert local_day(None, "en") == "" and local_day("", "en") == ""


def test_a_skill_without_a_title_is_shown_by_its_id():
    assert skill_label("thirteen.payout", None) == "thirteen.payout"
    assert skill_label("thirteen.payout", {"thirteen.payout": "Payouts"}) == "Payouts"
    assert skill_label("thirteen.foul", {"thirteen.payout": "Payouts"}) == "thirteen.foul"
