"""A seed gives the same question in every version: a desk regrades the answers other
desktops send from their skill, seed and level (and refuses a batch whose grade it cannot
give again), and an exam's sittings are generated again from their seeds. A generator that
must change writes the fingerprints again (``tests/questions/seed_fingerprints.py``) and
raises the readings version, so that answers of before are told apart."""

from __future__ import annotations

import json

from tests.questions.seed_fingerprints import FILE, fingerprints


def test_every_skills_seeds_give_the_questions_they_gave():
    kept = json.loads(FILE.read_text())
    now = fingerprints()
    changed = sorted(key for key in kept if now.get(key) != kept[key])
    assert not changed, f"{len(changed)} seeds now ask another question: {changed[:10]}"
    assert set(now) >= set(kept)
