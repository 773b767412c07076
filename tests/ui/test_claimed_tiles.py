"""The model answer of a claim on a discard: once answered, the table shows the set the
granted call lays open with the discard; before, nothing gives it away."""

from unittest import mock

import questions
from questions.mahjong.claims.claim_words import model_set
from questions.mahjong.situation import Discard
from tests.ui.test_situation_tiles import make_view
from ui.situation import mahjong_claimed


def test_the_model_set_of_each_kind_of_call():
    situation = Discard.from_json({
        "variant": "conventional", "discarder": "E", "discard": "5p",
        "hands": {"S": {"concealed": "4p 6p 7p 5p 5p 1m 4m 7m 2s 8s E S W", "melds": []},
                  "W": {"concealed": "2m 3m 4m 6s 7s 8s 1p 1p 1p C C 4p 6p", "melds": []}},
        "bars": {"withdrew_pung": [], "saw_tiles": []}})
    assert model_set(situation, "S-chow")[2] == ["4p", "5p", "6p"]
    assert model_set(situation, {"ruling": "S-pung"})[2] == ["5p", "5p", "5p"]
    assert model_set(situation, "W-win")[2] == ["4p", "5p", "6p"]
    assert model_set(situation, "nobody") is None


def test_the_set_is_drawn_only_once_answered(qtbot):
    for skill in ("mahjong.claim_calls", "mahjong.claim"):
        question = next(q for seed in range(40) if (q := questions.generate(skill, seed, 1))
                        and model_set(q.situation, q.reference_answer()))
        _question, view = make_view(qtbot, skill, question.seed, 1)
        with mock.patch.object(mahjong_claimed, "paint_tile_row",
                               wraps=mahjong_claimed.paint_tile_row) as drawn:
            view.grab()
            assert not drawn.called
            reference = question.reference_answer()
            view.show_verdict(reference, question.grade(reference))
            view.grab()
            tiles = drawn.call_args.args[2]
        assert tiles == model_set(question.situation, reference)[2]
        assert question.situation.discard in tiles
