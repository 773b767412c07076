"""No property fails for taking its time on a loaded machine: the suite's Hypothesis profile
has no deadline (a wall-clock margin is not a test of behaviour)."""

from hypothesis import settings


def test_the_hypothesis_profile_has_no_deadline():
    assert settings.default.deadline is None
