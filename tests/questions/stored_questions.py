"""Write a sample of every skill's questions as this version stores them, with the answer
the rules core gives: ``python -m tests.questions.stored_questions``. Written once, by the
version before situations were typed (:mod:`questions.situation`), and kept: later versions
must read these exactly as stored (``test_stored_situations.py``)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import questions
from questions.model import jsonable

FILE = Path(__file__).with_name("stored_questions.jsonl.gz")
SEEDS = (3, 8)
LEVELS = (1, 2, 3)


def stored() -> list[dict[str, object]]:
    rows = []
    for skill in questions.skills():
        for seed in SEEDS:
            for level in LEVELS:
                question = questions.generate(skill, seed, level)
                rows.append({"question": question.to_json(),
                             "answer": jsonable(question.reference_answer())})
    return rows


if __name__ == "__main__":
    with gzip.open(FILE, "wt", encoding="utf-8") as out:
        for row in stored():
            out.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
