"""The value checks of a bundle's columns, at their edges."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from trainer.progress.bundles.format import (
    COLUMNS,
    BundleLimits,
    is_skill,
    is_stamp,
    is_uuid,
    one_of,
    read_json,
)
from trainer.progress.exams.sittings import MAX_QUESTIONS
from trainer.progress.storage.values import stamp
from trainer.rules.house import HouseRules


def test_a_stamp_may_be_up_to_two_days_ahead_of_this_clock():
    now = datetime.now(UTC)
    assert is_stamp(stamp(now + timedelta(days=2) - timedelta(minutes=1)))
    assert not is_stamp(stamp(now + timedelta(days=2, minutes=1)))
    assert is_stamp("2000-01-01T00:00:00.000Z")
    assert not is_stamp("1999-12-31T23:59:59.999Z")


@pytest.mark.parametrize("value", ["2026-02-29T10:00:00.000Z", "2026-13-01T10:00:00.000Z",
                                   "2026-01-01T10:00:00Z", "2026-01-01 10:00:00.000Z", 20260101])
def test_a_stamp_is_a_real_moment_in_the_stores_form(value):
    assert not is_stamp(value)


def test_one_of_wants_the_value_and_its_type():
    flag = one_of(0, 1)
    assert flag(0) and flag(1)
    assert not any(flag(v) for v in (True, False, 1.0, "1", 2, None, [1], {"a": 1}))
    assert one_of("pt_MO", None)(None) and not one_of("pt_MO")(None)


@pytest.mark.parametrize("check", [
    COLUMNS["sessions"]["mode"], COLUMNS["people"]["id"], COLUMNS["attempts"]["skill"],
    COLUMNS["credentials"]["salt"], COLUMNS["exams"]["pass_percent"]])
@pytest.mark.parametrize("value", [5, 2.5, None, ["a"], {"a": 1}, True])
def test_a_value_of_the_wrong_type_is_refused_not_a_crash(check, value):
    assert check(value) is False


def test_an_id_is_a_lower_case_uuid():
    uuid = "0b7e2a4c-9d1f-4e3a-8c5b-6a7d8e9f0a1b"
    assert is_uuid(uuid)
    for wrong in (uuid.upper(), uuid[:-1], uuid + "0", uuid.replace("-", ""), "not-a-uuid"):
        assert not is_uuid(wrong), wrong


def test_a_skill_is_game_dot_name_in_lower_case():
    assert is_skill("three_card.order") and is_skill("a.b")
    for wrong in ("Three_card.order", "three_card", "three_card.order.x", ".order",
                  "three_card.", "3card.order", "three card.order"):
        assert not is_skill(wrong), wrong


def test_a_salt_is_eight_to_sixty_four_bytes_of_hex():
    salt = COLUMNS["credentials"]["salt"]
    assert salt("ab" * 8) and salt("ab" * 64)
    assert not salt("ab" * 7) and not salt("ab" * 65) and not salt("ab" * 7 + "a")
    assert not salt("AB" * 8) and not salt("zz" * 8)


def test_a_pass_mark_is_a_short_decimal_text_from_0_to_100():
    mark = COLUMNS["exams"]["pass_percent"]
    assert mark("70.00000") and mark("0") and mark("100")  # eight characters at most
    assert not mark("70.000000") and not mark("100.1") and not mark("-1") and not mark("NaN")


def test_house_rules_and_parts_are_json_of_at_most_16_kib():
    rules = COLUMNS["exams"]["house_rules"]
    plain = json.dumps(HouseRules().to_json())
    assert rules(plain + " " * (16 * 1024 - len(plain)))
    assert not rules(plain + " " * (16 * 1024 - len(plain) + 1))
    assert not rules("not json") and not rules("[]")
    parts = COLUMNS["exams"]["parts"]
    one = '[["three_card.order", 1, 1]]'
    assert parts(one) and parts(one + " " * (16 * 1024 - len(one)))
    assert not parts(one + " " * (16 * 1024 - len(one) + 1))
    assert not parts("not json") and not parts('[["three_card.order", 0, 1]]')
    assert not parts(f'[["three_card.order", {MAX_QUESTIONS + 1}, 1]]')
    assert parts(f'[["three_card.order", {MAX_QUESTIONS}, 3]]')
    half, rest = MAX_QUESTIONS // 2, MAX_QUESTIONS - MAX_QUESTIONS // 2
    assert parts(f'[["three_card.order", {half}, 1], ["sap_i_chi.payout", {rest}, 1]]')
    assert not parts(f'[["three_card.order", {half}, 1], ["sap_i_chi.payout", {rest + 1}, 1]]')


def test_an_exam_result_has_at_least_one_question():
    questions = COLUMNS["results"]["questions"]
    assert questions(1) and questions(MAX_QUESTIONS)
    assert not questions(0) and not questions(MAX_QUESTIONS + 1)


def test_the_limits_a_desktop_accepts_by_default():
    limits = BundleLimits()
    assert (limits.file_bytes, limits.unpacked_bytes, limits.line_bytes,
            limits.manifest_bytes, limits.ratio, limits.rows) == (
        2**30, 4 * 2**30, 256 * 2**10, 64 * 2**10, 200, 5_000_000)


@pytest.mark.parametrize("text", ['{"a": NaN}', "[1e400]", '"\\ud800"', "[" * 1100 + "]" * 1100,
                                  "[1,]", ""])
def test_json_values_are_read_strictly(text):
    """What the standard reader lets through (NaN, infinity, a lone surrogate) or chokes on
    (a thousand levels deep) is no JSON value in a bundle."""
    assert not COLUMNS["attempts"]["answer_json"](text)
    with pytest.raises(ValueError, match="."):
        read_json(text)


def test_json_values_within_the_limits_are_read():
    assert COLUMNS["attempts"]["answer_json"]("[" * 1000 + "]" * 1000)
    assert read_json('{"amount": "1.5", "名": [1, 2.5, null]}') == {
        "amount": "1.5", "名": [1, 2.5, None]}
