"""Mutation testing: would the tests notice if the code were wrong?

``make mutants`` (or ``python -m tests.mutants [MODULE …] [--per-module N] [--seed S] [--jobs J]``)
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
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The modules mutated by default: the rules core, the store, and reading money.
DEFAULT = sorted([*(p for p in (ROOT / "trainer").rglob("*.py")
                    if p.name != "__init__.py" and not p.name.startswith("_share")),
                  ROOT / "i18n" / "money.py"])
#: The tests a mutant is run against are measured, not listed: once per run, the tests of
#: ``SUITES`` run under a profiler that notes which test files call a module's functions
#: directly (from the test or its fixtures); a module no test calls directly gets the files that
#: reach it at all. Fast files run first, so a killed mutant dies quickly.
SUITES = ["tests/rules", "tests/rounds", "tests/progress", "tests/school",
          "tests/i18n/test_money.py"]
#: Seconds of test files that reach a module through others, on top of its direct callers.
REACHING_BUDGET_S = 30.0
#: Test files that exercise a module without calling its functions, run too: through the
#: store, or reading a constant (the readings' version in ``house.py``).
THROUGH_THE_STORE = {
    "trainer/progress/storage/backups.py": ["tests/progress/test_odd_files.py"],
    "trainer/progress/storage/store.py": ["tests/progress/test_odd_files.py"],
    "trainer/rules/house.py": ["tests/rules/test_readings.py"],
    # run as ``python -m trainer.progress server …`` in a process of its own
    "trainer/progress/school/server/commands.py": ["tests/school/test_server_commands.py"],
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


class Callers:
    """A pytest plugin: which test files call into which module, and how long each file takes."""

    def __init__(self) -> None:
        self.direct: dict[str, set[str]] = defaultdict(set)
        self.reached: dict[str, set[str]] = defaultdict(set)
        self.seconds: dict[str, float] = defaultdict(float)
        self._current = ""
        self._tests = str(ROOT / "tests")
        self._watched = {str(p): p.relative_to(ROOT).as_posix() for p in DEFAULT}

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        self._current = Path(item.path).relative_to(ROOT).as_posix()
        start = time.perf_counter()
        sys.setprofile(self._profile)
        threading.setprofile(self._profile)
        try:
            yield
        finally:
            sys.setprofile(None)
            threading.setprofile(None)  # type: ignore[arg-type]
            self.seconds[self._current] += time.perf_counter() - start

    def _profile(self, frame, event, arg) -> None:
        if event != "call":
            return
        module = self._watched.get(frame.f_code.co_filename)
        if module is None:
            return
        self.reached[module].add(self._current)
        caller = frame.f_back
        if caller is not None and caller.f_code.co_filename.startswith(self._tests):
            self.direct[module].add(self._current)

    def tests_of(self, module: str) -> list[str]:
        """The files calling the module directly or naming it, and the fastest of the other
        files that reach it while the whole stays within :data:`REACHING_BUDGET_S` (a
        module's one unit-test file alone let most mutants of the bundle checks live; the
        budget alone left out the trust checks' own, slower, file)."""
        reached = self.reached.get(module, set())
        # the files naming the module are its own tests, however slow
        chosen = set(self.direct.get(module, ())) | (_naming(module) & reached)
        spent = sum(self.seconds[name] for name in chosen)
        for name in sorted(reached - chosen,
                           key=lambda name: (self.seconds[name], name)):
            if chosen and spent + self.seconds[name] > REACHING_BUDGET_S:
                break
            chosen.add(name)
            spent += self.seconds[name]
        chosen = {*(chosen or _naming(module)), *THROUGH_THE_STORE.get(module, ())}
        return sorted(chosen, key=lambda name: (self.seconds[name], name))


def _naming(module: str) -> set[str]:
    """Test files that import the module (its own tests, or, where no test calls its
    functions, the tests of a table of constants)."""
    dotted = module.removesuffix(".py").replace("/", ".")
    package, _, name = dotted.rpartition(".")
    found = set()
    for suite in SUITES:
        for path in (ROOT / suite).rglob("test_*.py") if (ROOT / suite).is_dir() else []:
            text = path.read_text(encoding="utf-8")
            if dotted in text or f"from {package} import {name}" in text:
                found.add(path.relative_to(ROOT).as_posix())
    return found


def measure_callers() -> Callers:
    """Run ``SUITES`` once under the profiler (in this process; about a minute)."""
    callers = Callers()
    code = pytest.main(["-q", "-p", "no:cacheprovider", "-o", "addopts=", "--rootdir",
                        str(ROOT), *(str(ROOT / suite) for suite in SUITES)],
                       plugins=[callers])
    if code != 0:
        raise SystemExit("the tests fail unmutated: fix them before a mutation run")
    return callers


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
                              env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    except subprocess.TimeoutExpired:
        return "timeout"
    return "survived" if done.returncode == 0 else "killed"


def mutate_module(copy_root: Path, module: Path, tests: list[str], per_module: int,
                  seed: int) -> list[str]:
    """The lines reporting one module's mutation run, made in the copy at ``copy_root``."""
    relative = module.relative_to(ROOT)
    if not tests:
        return [f"{relative}: no test calls it; skipped"]
    source = module.read_text(encoding="utf-8")
    start = time.perf_counter()
    if run_tests(copy_root, tests, 1800) != "survived":
        return [f"{relative}: its tests fail unmutated; skipped"]
    limit = max(15.0, 4 * (time.perf_counter() - start))  # a mutant that loops is killed
    found = mutants(source)
    sample = sorted(random.Random(f"{seed}/{relative}").sample(
        found, min(per_module, len(found))), key=lambda m: m.line)
    target = copy_root / relative
    survivors = []
    try:
        for mutant in sample:
            target.write_text(mutated(source, mutant), encoding="utf-8")
            if run_tests(copy_root, tests, limit) == "survived":
                survivors.append(mutant)
    finally:
        target.write_text(source, encoding="utf-8")
    killed = len(sample) - len(survivors)
    share = 100 * killed / len(sample) if sample else 100.0
    return [f"{relative}: {killed}/{len(sample)} killed ({share:.0f} %) "
            f"[{len(tests)} test files]",
            *(f"    survived: line {m.line}: {m.change}" for m in survivors)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="paths of modules (default: all)")
    parser.add_argument("--per-module", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="modules mutated at once")
    parser.add_argument("--show-tests", action="store_true",
                        help="only print the test files each module's mutants would run")
    args = parser.parse_args(argv)
    modules = [(ROOT / m).resolve() for m in args.modules] or DEFAULT
    callers = measure_callers()
    chosen = {m: callers.tests_of(m.relative_to(ROOT).as_posix()) for m in modules}
    if args.show_tests:
        for module, tests in chosen.items():
            seconds = sum(callers.seconds[t] for t in tests)
            print(f"{module.relative_to(ROOT)} ({seconds:.1f} s): {' '.join(tests)}")
        return 0
    totals = {"killed": 0, "all": 0}
    lock = threading.Lock()
    with tempfile.TemporaryDirectory() as folder:
        copies: list[Path] = []
        for job in range(max(1, args.jobs)):
            copy_root = Path(folder) / f"repo{job}"
            shutil.copytree(ROOT, copy_root, ignore=shutil.ignore_patterns(
                ".venv", ".git", "__pycache__", "screenshots", "*.egg-info", ".ruff_cache"))
            copies.append(copy_root)
        free = list(copies)

        def one(module: Path) -> None:
            with lock:
                copy_root = free.pop()
            try:
                lines = mutate_module(copy_root, module, chosen[module], args.per_module,
                                      args.seed)
            finally:
                with lock:
                    free.append(copy_root)
            with lock:
                for line in lines:
                    print(line, flush=True)
                counted = [int(n) for n in lines[0].split(": ", 1)[1].split(" ")[0].split("/")
                           ] if "killed" in lines[0] else []
                if counted:
                    totals["killed"] += counted[0]
                    totals["all"] += counted[1]

        with ThreadPoolExecutor(max_workers=len(copies)) as pool:
            list(pool.map(one, modules))
    if totals["all"]:
        print(f"all: {totals['killed']}/{totals['all']} killed "
              f"({100 * totals['killed'] / totals['all']:.0f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
