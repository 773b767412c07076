"""Mutation testing: would the tests notice if the code were wrong?

``make mutants`` (or ``python -m tests.mutants [MODULE …] [--per-module N] [--seed S]``)
copies the repository to a temporary folder once, then for each module makes a fixed-seed
sample of single mutations — a comparison turned (``<`` → ``<=``, ``==`` → ``!=``), an
operator swapped (``+`` → ``-``, ``*`` → ``/``), ``and`` ↔ ``or``, a ``not`` dropped, a
number one more, ``True`` ↔ ``False`` — writes each mutant in place of the module in the
copy, and runs that module's tests (``-x``, stopping at the first failure). A mutant the
tests fail on (or that breaks the import, or hangs) is killed; one they pass is a survivor,
listed with its line so that a test can be written for it, or the mutant shown to be
equivalent. Not part of ``make test``: it runs the tests hundreds of times.
"""

from __future__ import annotations

import argparse
import ast
import copy
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The modules mutated by default: the rules core, the store, and reading money.
DEFAULT = sorted([*(p for p in (ROOT / "trainer").rglob("*.py")
                    if p.name != "__init__.py" and not p.name.startswith("_share")),
                  ROOT / "i18n" / "money.py"])
#: Tests that exercise a module, where its folder's tests are more than it needs.
TESTS = {
    "i18n/money.py": ["tests/i18n/test_money.py"],
    "trainer/progress/bundles/importing.py": ["tests/progress/test_bundles.py",
                                              "tests/progress/test_bundle_trust.py",
                                              "tests/progress/test_bundle_refusals.py",
                                              "tests/progress/test_bundle_references.py",
                                              "tests/progress/test_bundle_merge_cases.py",
                                              "tests/progress/test_progress_callbacks.py"],
    "trainer/progress/bundles/merge.py": ["tests/progress/test_bundles.py",
                                          "tests/progress/test_bundle_merge_cases.py",
                                          "tests/progress/test_import_beside_answers.py",
                                          "tests/progress/test_progress_callbacks.py"],
    "trainer/progress/exams/sittings.py": ["tests/progress/test_exams.py",
                                           "tests/progress/test_exam_limits.py"],
    "trainer/progress/backups.py": ["tests/progress/test_backups.py",
                                    "tests/progress/test_odd_files.py"],
    "trainer/progress/store.py": ["tests/progress/test_store.py",
                                  "tests/progress/test_write_turns.py",
                                  "tests/progress/test_odd_files.py"],
}
SWAPS: dict[type, type] = {
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE,
    ast.GtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot,
    ast.IsNot: ast.Is, ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div,
    ast.Div: ast.Mult, ast.FloorDiv: ast.Div, ast.Mod: ast.FloorDiv, ast.And: ast.Or,
    ast.Or: ast.And,
}


@dataclass(frozen=True)
class Mutant:
    index: int  # the node's place in ast.walk order
    line: int
    change: str


def tests_of(module: Path) -> list[str]:
    relative = module.relative_to(ROOT).as_posix()
    if relative in TESTS:
        return TESTS[relative]
    parts = module.relative_to(ROOT / "trainer").parts
    if parts[0] == "rules":
        if len(parts) > 2:
            return [f"tests/rules/{parts[1]}"]
        stem = module.stem.split("_pay")[0].split("_procedure")[0].split("_draw")[0]
        found = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "rules").glob(
            f"test_{stem}*.py"))
        return found or ["tests/rules"]
    return ["tests/progress"]


def _annotations(tree: ast.AST) -> set[int]:
    """Nodes inside type annotations and decorators (``@dataclass(frozen=True)``): never
    mutated, as changing them changes no behaviour a test could see."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        parts: list[ast.AST | None] = []
        if isinstance(node, ast.AnnAssign):
            parts.append(node.annotation)
        elif isinstance(node, ast.arg):
            parts.append(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            parts.append(node.returns)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            parts.extend(node.decorator_list)
        for part in parts:
            if part is not None:
                skipped.update(id(inner) for inner in ast.walk(part))
    return skipped


def mutants(source: str) -> list[Mutant]:
    tree = ast.parse(source)
    skipped = _annotations(tree)
    found = []
    for index, node in enumerate(ast.walk(tree)):
        if id(node) in skipped:
            continue
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Compare | ast.BinOp | ast.BoolOp):
            operator = node.ops[0] if isinstance(node, ast.Compare) else node.op
            if type(operator) in SWAPS:
                found.append(Mutant(index, line, f"{type(operator).__name__} → "
                                                 f"{SWAPS[type(operator)].__name__}"))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            found.append(Mutant(index, line, "not dropped"))
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            found.append(Mutant(index, line, f"{node.value} → {not node.value}"))
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            found.append(Mutant(index, line, f"{node.value} → {node.value + 1}"))
    return found


def mutated(source: str, mutant: Mutant) -> str:
    tree = ast.parse(source)
    node = list(ast.walk(tree))[mutant.index]
    if isinstance(node, ast.Compare):
        node.ops[0] = SWAPS[type(node.ops[0])]()
    elif isinstance(node, ast.BinOp | ast.BoolOp):
        node.op = SWAPS[type(node.op)]()
    elif isinstance(node, ast.UnaryOp):
        replacement = copy.deepcopy(node.operand)
        for parent in ast.walk(tree):
            for field, value in ast.iter_fields(parent):
                if value is node:
                    setattr(parent, field, replacement)
                elif isinstance(value, list) and node in value:
                    value[value.index(node)] = replacement
    elif isinstance(node, ast.Constant):
        node.value = (not node.value) if type(node.value) is bool else node.value + 1
    return ast.unparse(ast.fix_missing_locations(tree))


def run_tests(copy_root: Path, tests: list[str], timeout: float) -> str:
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
               "-o", "addopts=", *tests]
    try:
        done = subprocess.run(command, cwd=copy_root, capture_output=True, timeout=timeout,
                              env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"})
    except subprocess.TimeoutExpired:
        return "timeout"
    return "survived" if done.returncode == 0 else "killed"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="paths of modules (default: all)")
    parser.add_argument("--per-module", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    modules = [ROOT / m for m in args.modules] or DEFAULT
    total_killed = total = 0
    with tempfile.TemporaryDirectory() as folder:
        copy_root = Path(folder) / "repo"
        shutil.copytree(ROOT, copy_root, ignore=shutil.ignore_patterns(
            ".venv", ".git", "__pycache__", "screenshots", "*.egg-info", ".ruff_cache"))
        for module in modules:
            relative = module.relative_to(ROOT)
            source = module.read_text(encoding="utf-8")
            tests = tests_of(module)
            start = time.perf_counter()
            if run_tests(copy_root, tests, 1800) != "survived":
                print(f"{relative}: its tests fail unmutated; skipped", flush=True)
                continue
            limit = max(60.0, 5 * (time.perf_counter() - start))
            found = mutants(source)
            sample = sorted(random.Random(f"{args.seed}/{relative}").sample(
                found, min(args.per_module, len(found))), key=lambda m: m.line)
            target = copy_root / relative
            survivors = []
            for mutant in sample:
                target.write_text(mutated(source, mutant), encoding="utf-8")
                if run_tests(copy_root, tests, limit) == "survived":
                    survivors.append(mutant)
            target.write_text(source, encoding="utf-8")
            killed = len(sample) - len(survivors)
            total_killed, total = total_killed + killed, total + len(sample)
            share = 100 * killed / len(sample) if sample else 100.0
            print(f"{relative}: {killed}/{len(sample)} killed ({share:.0f} %)", flush=True)
            for mutant in survivors:
                print(f"    survived: line {mutant.line}: {mutant.change}", flush=True)
    if total:
        print(f"all: {total_killed}/{total} killed ({100 * total_killed / total:.0f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
