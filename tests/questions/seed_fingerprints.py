"""Write the fingerprints of every skill's questions by seed, once a generator is meant to
change (with the readings version raised):
``python -m tests.questions.seed_fingerprints``."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import questions
from questions.model import jsonable

FILE = Path(__file__).with_name("seed_fingerprints.json")
SEEDS = range(12)
LEVELS = (1, 2, 3)


def fingerprint(skill: str, seed: int, level: int) -> str:
    """What a seed asks: the table and the values it may be answered with (not the words)."""
    question = questions.generate(skill, seed, level)
    # Hashed as stored: the same JSON, the same print.
    asked = {"situation": question.situation.to_json(), "kind": question.form.kind.value,
             "options": jsonable([option.value for option in question.form.options]),
             "answer": jsonable(question.reference_answer())}
    text = json.dumps(asked, sort_keys=True, ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def fingerprints() -> dict[str, str]:
    return {f"{skill}/{seed}/{level}": fingerprint(skill, seed, level)
            for skill in questions.skills() for seed in SEEDS for level in LEVELS}


if __name__ == "__main__":
    FILE.write_text(json.dumps(fingerprints(), indent=0, sort_keys=True) + "\n")
