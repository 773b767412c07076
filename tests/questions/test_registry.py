"""The skills load all at once or not at all: a game that fails to import never leaves a
partial list (which the app would show as if the game did not exist)."""

from __future__ import annotations

import importlib

import pytest

import questions
from questions import registry


@pytest.fixture
def unloaded(monkeypatch):
    kept = dict(registry._SKILLS)
    monkeypatch.setattr(registry, "_SKILLS", {})
    yield
    registry._SKILLS.update(kept)


def test_a_game_that_fails_to_load_fails_every_call(monkeypatch, unloaded):
    real = importlib.import_module

    def broken(name, *args):
        if name == "questions.sap_i_chi":
            raise ImportError("a file of the install is missing")
        return real(name, *args)
    monkeypatch.setattr(registry.importlib, "import_module", broken)
    for _ in range(2):  # again: not the games loaded before the failure
        with pytest.raises(ImportError, match="a file of the install is missing"):
            registry.skills()
    monkeypatch.setattr(registry.importlib, "import_module", real)
    assert {s.split(".")[0] for s in registry.skills()} == set(registry.GAMES)


def test_a_question_is_graded_by_its_skill_from_the_registry():
    question = questions.generate("three_card.order", 3, 2)
    assert question.grade(question.reference_answer()).correct
    assert registry.skill("three_card.order").solve(question).answer == \
        question.reference_answer()
