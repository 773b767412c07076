"""The value checks of a bundle's columns, at their edges."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from trainer.progress.bundles.format import is_stamp, one_of
from trainer.progress.learning.summaries import stamp


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
