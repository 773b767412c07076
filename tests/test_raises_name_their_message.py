"""Every ``pytest.raises`` names the message it expects (``match=``).

A bare ``pytest.raises(ValueError)`` passes on any ValueError, also one raised for another
reason than the one the test means to provoke (a missing hand instead of the banker's place),
so a wrong check goes unnoticed. This test reads every test file and lists each
``pytest.raises(...)``, as a call or a context manager, that has no ``match`` keyword.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def raises_without_match(source: str) -> list[int]:
    """The lines of every ``pytest.raises(...)`` call in ``source`` without ``match=``."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "raises" and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "pytest"
                and not any(keyword.arg == "match" for keyword in node.keywords)):
            lines.append(node.lineno)
    return sorted(lines)


def test_the_check_finds_a_raises_without_match():
    source = ("import pytest\n"
              "def test_x():\n"
              "    with pytest.raises(ValueError, match='one'):\n"
              "        int('one')\n"
              "    with pytest.raises(ValueError):\n"
              "        int('two')\n"
              "    pytest.raises(KeyError, {}.__getitem__, 'k')\n"
              "    pytest.raises(KeyError, {}.__getitem__, 'k', match='k')\n")
    assert raises_without_match(source) == [5, 7]


def test_every_pytest_raises_names_its_message():
    unnamed = []
    for path in sorted(TESTS.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        unnamed += [f"{name}:{line}"
                    for line in raises_without_match(path.read_text(encoding="utf-8"))]
    assert not unnamed, ("pytest.raises without match= (name the message the test means "
                         "to provoke):\n" + "\n".join(unnamed))
