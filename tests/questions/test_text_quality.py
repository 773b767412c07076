"""Every message of every skill, rendered in the three languages, reads right: no doubled
full stops ("…and pay it.."), no capital after "is" ("The answer is Put…"), and counted
words agree with their number ("1 points", "1 pontos")."""

import re

import pytest

import i18n
import questions
from tests.questions.every_question import sample_questions, texts_read

DOUBLED = re.compile(r"(?<!\.)\.\.(?!\.)|,,|;;|。。|\.\s\.(?!\.)|，，|：：")
CAPITAL_AFTER_IS = re.compile(r"\bis [A-Z][a-z]")
ONE_MANY = {
    "en": re.compile(r"(?<![\d.,])\b1 (points|answers|cards|tiles|questions|units|seconds)\b"),
    "pt_MO": re.compile(r"(?<![\d.,])\b1 (pontos|respostas|cartas|pedras|perguntas|unidades|"
                        r"segundos)\b"),
}


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("skill", questions.skills())
def test_every_message_of_every_skill_reads_right(skill, language):
    i18n.set_language(language)
    for question in sample_questions(skill, 15):
        for text in texts_read(question):
            assert not DOUBLED.search(text), (skill, question.seed, text)
            if language == "en":
                assert not CAPITAL_AFTER_IS.search(text), (skill, question.seed, text)
            if language in ONE_MANY:
                assert not ONE_MANY[language].search(text), (skill, question.seed, text)
