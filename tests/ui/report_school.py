"""The school the report tests export: 60 trainees and 3,000 answers of the demo, ending on
1 June 2025, and its instructor signed in."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from trainer.progress import Role, Store
from trainer.progress.demo import DEMO_PASSWORD, build_demo
from trainer.progress.people.accounts import Actor, sign_in


def build_school(db: Path) -> Path:
    with Store(db) as store:
        build_demo(store, trainees=60, attempts=3000, seed=5,
                   end=datetime(2025, 6, 1, tzinfo=UTC))
    return db


def instructor(store: Store) -> Actor:
    [person] = store.people(Role.INSTRUCTOR)
    return sign_in(store, person.id, DEMO_PASSWORD)
