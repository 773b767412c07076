"""Every prompt, option and explanation renders in pt_MO, zh_Hant_MO and en, no string missing."""

from __future__ import annotations

from typing import Any

import pytest

import i18n
import questions
from i18n import Message
from i18n.catalogs import read_catalog
from questions.registry import skill as skill_of
from questions.skill import DIFFICULTIES
from tests.questions.mutations import mutate
from trainer.rules.regulations import Reason

SEEDS = range(30)


def messages_in(value: Any):
    """Every message id inside a message, following nested messages in its parameters
    (a counted message's id is its two forms, as in the catalogs)."""
    if isinstance(value, Message):
        yield value.msgid if value.plural is None else (value.msgid, value.plural)
        for _name, param in value.params:
            yield from messages_in(param)
    elif isinstance(value, Reason):
        yield from messages_in(value.text)
        yield from messages_in(value.source.cite())


def shown_messages(question) -> set[str | tuple[str, str]]:
    verdict = question.grade(mutate(question, question.reference_answer()))
    parts = [skill_of(question.skill).title, question.prompt, verdict.expected_text,
             *(option.label for option in question.form.options), *verdict.reasons]
    return {msgid for part in parts for msgid in messages_in(part)}


@pytest.fixture(scope="module")
def used_messages() -> set[str | tuple[str, str]]:
    used: set[str | tuple[str, str]] = set()
    for skill in questions.skills():
        for difficulty in DIFFICULTIES:
            for seed in SEEDS:
                used |= shown_messages(questions.generate(skill, seed, difficulty))
    return used


@pytest.mark.parametrize("language", ["pt_MO", "zh_Hant_MO"])
def test_every_message_a_question_shows_is_translated(language, used_messages):
    catalog = {m.id: m.string for m in read_catalog(language) if m.id}
    def translated(msgid) -> bool:
        string = catalog.get(msgid)
        return bool(string) and all(string if isinstance(string, tuple) else (string,))

    missing = sorted((m for m in used_messages if not translated(m)), key=str)
    assert not missing, f"{len(missing)} untranslated in {language}: {missing[:10]}"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_questions_render_in_each_language(language):
    i18n.set_language(language)
    for skill in questions.skills():
        question = questions.generate(skill, 11, 3)
        verdict = question.grade(question.reference_answer())
        for text in (str(question.prompt), verdict.summary, verdict.explanation,
                     *(str(option.label) for option in question.form.options)):
            assert text.strip() and "{" not in text, (skill, language, text)


@pytest.mark.parametrize("language", ["en", "pt_MO"])
def test_every_explanation_line_is_a_sentence(language):
    """Reasons that name a hand first ("four of a kind of 6 ranks above …") still start
    with a capital letter."""
    i18n.set_language(language)
    try:
        for skill in questions.skills():
            for seed in range(30):
                question = questions.generate(skill, seed, 1 + seed % 3)
                verdict = question.grade(question.reference_answer())
                for line in verdict.explanation.splitlines():
                    assert not line[:1].islower(), (skill, seed, line)
    finally:
        i18n.set_language("en")
