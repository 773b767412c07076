"""Prompts, options and explanations name cards and tiles in the trainee's words (K♥,
"8 of bamboos", 八索), never in our notation (KH, 8s): every skill, every level."""

import re

import pytest

import i18n
import questions
from tests.questions.every_question import sample_questions, texts_read

CARD_CODE = re.compile(r"(?<![\w♠♥♦♣-])(?:10|[2-9JQKA])[SHDC](?![\w])")
TILE_CODE = re.compile(r"(?<![\w])[1-9][mps](?![\w])")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("skill", questions.skills())
def test_no_card_or_tile_codes_in_what_a_trainee_reads(skill, language):
    i18n.set_language(language)
    for question in sample_questions(skill, 12):
        for text in texts_read(question):
            found = CARD_CODE.findall(text) + TILE_CODE.findall(text)
            assert not found, (skill, question.difficulty, question.seed, found, text)
