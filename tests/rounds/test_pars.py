"""Each game's par time of a round: a house setting beside the house rules, 30 s to 15 min,
that a round takes when it starts."""

import pytest

from trainer.rounds.games import GAMES, start
from trainer.rounds.modes import Mode
from trainer.rounds.pars import LEAST, MOST, Pars, UnusablePar
from trainer.rules.house import HouseRules


def test_every_game_with_rounds_has_a_par_and_the_defaults_are_the_issues():
    assert set(Pars().to_json()) == set(GAMES)
    pars = Pars().to_json()
    assert pars["mahjong_baccarat"] == 150
    assert pars["thirteen"] == 180
    assert pars["sap_i_chi"] == 120
    assert pars["three_card"] == 120
    assert (LEAST, MOST) == (30, 900)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_round_takes_the_houses_par_for_its_game(game):
    assert start(game, 3, Mode.TABLE_READY).par_seconds == Pars().of(game)
    pars = Pars(**{**Pars().to_json(), game: 200})
    set_ = start(game, 3, Mode.TABLE_READY, HouseRules(), pars)
    assert set_.par_seconds == 200
    assert set_.steps == start(game, 3, Mode.TABLE_READY).steps  # the par alone differs


@pytest.mark.parametrize("seconds", [LEAST - 1, MOST + 1, 0, -150, True, 150.0, "150", None])
def test_a_par_out_of_range_or_not_whole_seconds_is_refused(seconds):
    with pytest.raises(UnusablePar, match=r"whole number of seconds from 30 to 900"):
        Pars(thirteen=seconds)


def test_the_pars_read_back_and_a_game_left_out_keeps_its_default():
    pars = Pars(mahjong_baccarat=LEAST, thirteen=MOST)
    assert Pars.from_json(pars.to_json()) == pars
    assert Pars.from_json({"thirteen": 240}) == Pars(thirteen=240)
    with pytest.raises(UnusablePar, match="not the games' pars"):
        Pars.from_json({"blackjack": 60})
    with pytest.raises(UnusablePar, match="not the games' pars"):
        Pars.from_json([150, 180])


def test_the_par_is_no_part_of_the_house_rules_a_question_keeps():
    """Questions store ``HouseRules.to_json()`` and a bundle's answers are graded again
    against it field by field: the par is kept apart so no stored question changes."""
    def keys(value, path=()):
        for key, inner in value.items():
            yield (*path, key)
            if isinstance(inner, dict):
                yield from keys(inner, (*path, key))
    assert not any("par" in part for path in keys(HouseRules().to_json()) for part in path)
