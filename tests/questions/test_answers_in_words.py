"""Typed answers in the trainee's own words: an option by its name in the language shown."""

import pytest

import i18n
import questions
from questions import AnswerKind, UnreadableAnswer


def who_wins():
    return next(q for q in (questions.generate("three_card.order", seed, 1) for seed in range(50))
                if q.form.kind is AnswerKind.CHOICE)


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_an_option_is_typed_by_its_name_in_the_language_shown(language):
    question = who_wins()
    i18n.set_language(language)
    expected = question.reference_answer()
    label = next(str(o.label) for o in question.form.options if o.value == expected)
    assert question.grade(label).correct
    assert question.grade(f"  {label.upper()} ").correct  # case and spacing do not matter
    with pytest.raises(UnreadableAnswer,
                       match="nobody at all") as caught:
        question.grade("nobody at all")
    assert label in str(caught.value)  # the message names the words to type


def test_portuguese_words_for_player_and_banker():
    question = who_wins()
    i18n.set_language("pt_MO")
    names = {str(o.label).casefold(): o.value for o in question.form.options}
    assert any("jogador" in name for name in names)
