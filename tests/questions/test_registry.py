"""The skills load all at once or not at all: a game that fails to import never leaves a
partial list (which the app would show as if the game did not exist)."""

from __future__ import annotations

import importlib

import pytest

import questions
from questions import registry


@pytest.fixture
def unloaded(monkeypatch):
    kept = dict(registry._LOADED)
    monkeypatch.setattr(registry, "_LOADED", {})
    yield
    registry._LOADED.update(kept)


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


def test_a_skill_loads_only_its_own_game(monkeypatch, unloaded):
    """A question asked alone needs no other game's modules; naming every skill loads them
    all."""
    real = importlib.import_module
    imported: list[str] = []

    def recorded(name, *args):
        imported.append(name)
        return real(name, *args)
    monkeypatch.setattr(registry.importlib, "import_module", recorded)
    assert registry.skill("three_card.order").id == "three_card.order"
    assert registry.skills("three_card") and imported == ["questions.three_card"]
    with pytest.raises(KeyError, match="unknown skill 'three_card.nothing'"):
        registry.skill("three_card.nothing")
    with pytest.raises(KeyError, match="unknown skill 'roulette.payout'"):
        registry.skill("roulette.payout")
    assert registry.skills("roulette") == []
    assert [name.split(".")[1] for name in imported[1:]] == [
        game for game in registry.GAMES if game != "three_card"]  # every game, to name them


def test_a_question_is_graded_by_its_skill_from_the_registry():
    question = questions.generate("three_card.order", 3, 2)
    assert question.grade(question.reference_answer()).correct
    assert registry.skill("three_card.order").solve(question).answer == \
        question.reference_answer()
