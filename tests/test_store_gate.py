"""One gate to the store: its connection and transactions are reached only through
``trainer.progress.storage.database`` (the import contract keeps the UI from importing that); no
module reaches past the gate to the store's private parts."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GATE = {ROOT / "trainer/progress/storage/store.py", ROOT / "trainer/progress/storage/database.py"}
PRIVATE = {"_db", "_snapshot", "_transaction"}


def _reaches_past_the_gate(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.relative_to(ROOT)}:{node.lineno} .{node.attr}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in PRIVATE]


def test_only_the_gate_touches_the_stores_connection():
    found = [where for package in ("trainer", "questions", "ui")
             for path in sorted((ROOT / package).rglob("*.py")) if path not in GATE
             for where in _reaches_past_the_gate(path)]
    assert found == []


def test_the_check_finds_a_module_that_reaches_past_the_gate(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("def f(store):\n    return store._db.execute('SELECT 1')\n")
    global ROOT
    kept, ROOT = ROOT, tmp_path
    try:
        assert _reaches_past_the_gate(sneaky) == ["sneaky.py:2 ._db"]
    finally:
        ROOT = kept
