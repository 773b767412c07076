"""Progress: people, training sessions and every graded attempt, in SQLite. No Qt."""

from trainer.progress.store import Attempt, Person, Role, Store, StoreError

__all__ = ["Attempt", "Person", "Role", "Store", "StoreError"]
