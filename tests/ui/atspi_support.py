"""The app as a screen reader meets it: a private X server (Xvfb), a private D-Bus session
with the AT-SPI bus (Debian's at-spi2-core), the app started there with Qt's Linux
accessibility bridge on, and a reader (tests/ui/atspi_reader.py, the system's Python with
pyatspi) that reads the tree and operates it in JSON lines."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

READER = Path(__file__).with_name("atspi_reader.py")
SYSTEM_PYTHON = "/usr/bin/python3"
BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
APP_NAME = "croupier-trainer"


def missing() -> str | None:
    """Why the AT-SPI bus cannot start here (None: it can)."""
    for tool in ("Xvfb", "dbus-daemon"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (apt-get install xvfb dbus-daemon)"
    if not Path(BUS_LAUNCHER).exists():
        return f"{BUS_LAUNCHER} is missing (apt-get install at-spi2-core)"
    if subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True).returncode:
        return f"{SYSTEM_PYTHON} cannot import pyatspi (apt-get install python3-pyatspi)"
    return None


def _first_line(process: subprocess.Popen[str], what: str) -> str:
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    if not line:
        process.kill()
        raise RuntimeError(f"{what} did not start")
    return line


class Desktop:
    """Xvfb, a D-Bus session and the AT-SPI bus, for as long as the tests need them."""

    def __init__(self) -> None:
        self.processes: list[subprocess.Popen[str]] = []
        xvfb = self._start(["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24",
                            "-nolisten", "tcp"])
        self.env = {key: value for key, value in os.environ.items()
                    if not key.startswith(("QT_", "DBUS_", "AT_SPI"))}
        self.env["DISPLAY"] = ":" + _first_line(xvfb, "Xvfb")
        bus = self._start(["dbus-daemon", "--session", "--nofork", "--print-address=1"])
        self.env["DBUS_SESSION_BUS_ADDRESS"] = _first_line(bus, "dbus-daemon")
        self._start([BUS_LAUNCHER, "--launch-immediately"], stdout=subprocess.DEVNULL)

    def _start(self, command: list[str], **kwargs: Any) -> subprocess.Popen[str]:
        kwargs.setdefault("stdout", subprocess.PIPE)
        process = subprocess.Popen(command, text=True, stderr=subprocess.DEVNULL,
                                   env=getattr(self, "env", None), **kwargs)
        self.processes.append(process)
        return process

    def close(self) -> None:
        for process in reversed(self.processes):
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@dataclass(frozen=True)
class Node:
    """One accessible object as the reader saw it."""

    path: tuple[int, ...]
    role: str
    name: str
    description: str
    actions: tuple[str, ...]
    states: frozenset[str]
    text: str | None

    @property
    def words(self) -> str:
        """What a screen reader says of it: its name, description and text."""
        return " ".join(part for part in (self.name, self.description, self.text or "") if part)


class Tree:
    """The objects showing, in order; found by role and name."""

    def __init__(self, nodes: list[dict[str, Any]]):
        self.nodes = [Node(tuple(n["path"]), n["role"], n["name"], n["description"],
                           tuple(n["actions"]), frozenset(n["states"]), n["text"])
                      for n in nodes]

    def descendants(self, of: Node | None = None, role: str | None = None,
                    name: str | None = None) -> list[Node]:
        """The objects under ``of`` (the whole window: None) of ``role``, whose name
        contains ``name`` — part A's cards, tiles and places under a drawn table."""
        under = () if of is None else of.path
        return [node for node in self.nodes
                if node.path[:len(under)] == under and node.path != under
                and (role is None or node.role == role)
                and (name is None or name in node.name)]

    def one(self, role: str, name: str | None = None, of: Node | None = None) -> Node:
        found = self.descendants(of, role, name)
        if len(found) > 1 and name is not None:  # "准許" is in "不准許": the one so named
            found = [node for node in found if node.name == name]
        assert len(found) == 1, (role, name, [node.name for node in found])
        return found[0]

    def said(self) -> str:
        """Everything the tree says, one object a line."""
        return "\n".join(node.words for node in self.nodes if node.words)


class Reader:
    """The app started on ``desktop`` and a reader attached to it."""

    def __init__(self, desktop: Desktop, args: list[str]):
        env = dict(desktop.env, QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_QPA_PLATFORM="xcb")
        self.app = subprocess.Popen([sys.executable, "-m", "ui", *args], env=env,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                    text=True)
        self.reader = subprocess.Popen([SYSTEM_PYTHON, str(READER), APP_NAME,
                                        str(self.app.pid)], env=env,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       text=True)
        #: The announcements heard so far (:meth:`heard` hands them over).
        self.announced: list[str] = []
        try:
            ready = _first_line(self.reader, "the AT-SPI reader")
        except RuntimeError as error:  # say why: the app's own words, if it stopped
            self.app.kill()
            _out, app_said = self.app.communicate()
            raise RuntimeError(f"{error}; the app said: {app_said[-2000:]}") from None
        assert json.loads(ready) == {"ready": APP_NAME}, ready

    def ask(self, **request: Any) -> Any:
        answer = self._answer(**request)
        assert "error" not in answer, (request, answer)
        return answer["ok"]

    def tree(self, tries: int = 5) -> Tree:
        """The whole tree as it is now. A walk that meets an object the app has just
        replaced (a drawn table's parts change as it is painted again) is walked again."""
        for _ in range(tries - 1):
            answer = self._answer(op="tree")
            if "No such object" not in str(answer.get("error", "")):
                assert "error" not in answer, answer
                return Tree(answer["ok"])
        return Tree(self.ask(op="tree"))

    def _answer(self, **request: Any) -> Any:
        assert self.reader.stdin is not None and self.reader.stdout is not None
        self.reader.stdin.write(json.dumps(request) + "\n")
        self.reader.stdin.flush()
        return json.loads(self.reader.stdout.readline())

    def wait_for(self, found: Any, seconds: float = 20) -> Tree:
        """The tree once ``found(tree)`` is true (the app answers in its own time)."""
        until = time.monotonic() + seconds
        while True:
            tree = self.tree()
            if found(tree):
                return tree
            assert time.monotonic() < until, tree.said()
            self.announced += self.ask(op="heard", wait=0.2)  # kept for :meth:`heard`

    def heard(self, wait: float = 0.5) -> list[str]:
        """The announcements heard since the last time, after ``wait`` seconds more."""
        said = self.announced + self.ask(op="heard", wait=wait)
        self.announced = []
        return said

    def do(self, node: Node, action: str = "Press") -> None:
        assert action in node.actions, (node, action)
        assert self.ask(op="do", path=list(node.path), action=action), node

    def type(self, node: Node, text: str) -> None:
        assert self.ask(op="type", path=list(node.path), text=text), node

    def close(self) -> Iterator[str]:
        """Quit the app; what it wrote on stderr, line by line."""
        assert self.reader.stdin is not None
        self.reader.stdin.close()
        self.reader.wait(10)
        self.app.terminate()
        _out, err = self.app.communicate(timeout=20)
        yield from err.splitlines()
