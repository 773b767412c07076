"""Which skills practise each point of the rulebook: read from the citations the question
generators actually produce (a sample of every skill's questions, graded by the rules core),
never from a hand-kept list.

The sample takes about two seconds, so it is made once and shipped (``practice.json``);
``python -m ui.rulebook.practice_map`` makes it again, and a test checks that the shipped
one is what the generators give today.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from functools import cache
from pathlib import Path

from questions import registry
from questions.skill import DIFFICULTIES
from ui.rulebook.places import Place, place_of

FILE = Path(__file__).with_name("practice.json")
#: The sample: these seeds at every difficulty, for every skill.
SEEDS = range(20)


def sampled() -> dict[str, list[str]]:
    """Each place cited by the sample (by its anchor), and the skills citing it, in the
    order the app lists skills."""
    found: dict[str, set[str]] = defaultdict(set)
    for skill in registry.skills():
        for difficulty in DIFFICULTIES:
            for seed in SEEDS:
                question = registry.generate(skill, seed, difficulty)
                verdict = question.grade(question.reference_answer())
                for reason in verdict.reasons:
                    found[place_of(reason.source).anchor].add(skill)
    order = {skill: n for n, skill in enumerate(registry.skills())}
    return {anchor: sorted(skills, key=order.__getitem__)
            for anchor, skills in sorted(found.items())}


@cache
def _shipped() -> dict[str, tuple[str, ...]]:
    return {anchor: tuple(skills)
            for anchor, skills in json.loads(FILE.read_text(encoding="utf-8")).items()}


def skills_for(place: Place) -> tuple[str, ...]:
    """The skills whose questions cite ``place``; for a whole article, any point of it;
    for a point, any numbered line of it."""
    shipped = _shipped()
    if place.line:
        return shipped.get(place.anchor, ())
    # a point: its own citations and its numbered lines' ("II" and "II.5")
    prefix = place.anchor
    chosen = {skill for anchor, skills in shipped.items()
              if anchor.startswith(prefix) and (not place.item or anchor == prefix
                                                or anchor[len(prefix)] == ".")
              for skill in skills}
    order = {skill: n for n, skill in enumerate(registry.skills())}
    return tuple(sorted(chosen, key=lambda s: order.get(s, len(order))))


def cited() -> tuple[Place, ...]:
    """Every place the shipped sample cites."""
    return tuple(p for p in map(Place.parse, _shipped()) if p is not None)


def main() -> int:
    FILE.write_text(json.dumps(sampled(), ensure_ascii=False, indent=1) + "\n",
                    encoding="utf-8")
    print(f"{FILE.name}: {len(_shipped.__wrapped__())} places")
    return 0


if __name__ == "__main__":
    sys.exit(main())
