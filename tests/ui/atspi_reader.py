"""A screen reader's view of the app, through AT-SPI: run by the system's Python
(``/usr/bin/python3`` with Debian's python3-pyatspi, not the project's environment) as a
subprocess of tests/ui/test_atspi.py, which talks to it in JSON lines:

- ``{"op": "tree"}``: every object showing in the app's window, depth first, each
  ``{"path", "role", "name", "description", "actions", "states", "text"}`` (``path``: the
  child indexes from the application; ``text``: an object's text, when it has some);
- ``{"op": "do", "path": [...], "action": "Press"}``: do an object's action;
- ``{"op": "type", "path": [...], "text": "..."}``: set an editable text's contents;
- ``{"op": "heard"}``: the announcements (``object:announcement``) heard since the last ask.

The app is found by its name (the first argument), waited for up to 30 seconds.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

import pyatspi  # type: ignore[import-not-found]
from gi.repository import GLib  # type: ignore[import-not-found]

STATES = {"focused": pyatspi.STATE_FOCUSED, "checked": pyatspi.STATE_CHECKED,
          "selected": pyatspi.STATE_SELECTED, "enabled": pyatspi.STATE_ENABLED,
          "focusable": pyatspi.STATE_FOCUSABLE, "editable": pyatspi.STATE_EDITABLE}

heard: list[str] = []


def on_announcement(event: Any) -> None:
    heard.append(str(event.any_data))


def pump(seconds: float = 0.0) -> None:
    """Let the events come in (the announcements) for ``seconds``."""
    context = GLib.MainContext.default()
    until = time.monotonic() + seconds
    while True:
        while context.pending():
            context.iteration(False)
        if time.monotonic() >= until:
            return
        time.sleep(0.02)


def alive(pid: int) -> bool:
    """Whether the app's process still runs (a zombie, exited unreaped, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def find_app(name: str, pid: int | None) -> Any:
    """The app on the bus: waited for while its process runs (a first start on a busy
    machine compiles every module: well past half a minute), three minutes at most."""
    until = time.monotonic() + 180
    while time.monotonic() < until and (pid is None or alive(pid)):
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is not None and app.name == name and app.childCount:
                return app
        pump(0.2)
    raise SystemExit(f"no application {name!r} on the AT-SPI bus")


def actions(acc: Any) -> list[str]:
    try:
        action = acc.queryAction()
    except NotImplementedError:
        return []
    return [action.getName(i) for i in range(action.nActions)]


def text_of(acc: Any) -> str | None:
    try:
        text = acc.queryText()
    except NotImplementedError:
        return None
    return str(text.getText(0, -1))


def walk(acc: Any, path: list[int], out: list[dict[str, Any]]) -> None:
    state = acc.getState()
    if path and not state.contains(pyatspi.STATE_SHOWING):
        return
    out.append({"path": path, "role": acc.getRoleName(), "name": acc.name or "",
                "description": acc.description or "", "actions": actions(acc),
                "states": [word for word, kind in STATES.items() if state.contains(kind)],
                "text": text_of(acc)})
    for index in range(acc.childCount):
        child = acc.getChildAtIndex(index)
        if child is not None:
            walk(child, [*path, index], out)


def at(app: Any, path: list[int]) -> Any:
    acc = app
    for index in path:
        acc = acc.getChildAtIndex(index)
    return acc


def reply(app: Any, request: dict[str, Any]) -> Any:
    op = request["op"]
    if op == "tree":
        out: list[dict[str, Any]] = []
        walk(app, [], out)
        return out
    if op == "do":
        acc = at(app, request["path"])
        action = acc.queryAction()
        names = [action.getName(i) for i in range(action.nActions)]
        return bool(action.doAction(names.index(request["action"])))
    if op == "type":
        return bool(at(app, request["path"]).queryEditableText().setTextContents(
            request["text"]))
    if op == "heard":
        pump(float(request.get("wait", 0.0)))
        said = list(heard)
        heard.clear()
        return said
    raise ValueError(f"unknown op {op!r}")


def main() -> None:
    pyatspi.Registry.registerEventListener(on_announcement, "object:announcement")
    app = find_app(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else None)
    print(json.dumps({"ready": app.name}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        try:
            answer = {"ok": reply(app, request)}
        except Exception as error:  # told to the test, which fails with it
            answer = {"error": f"{type(error).__name__}: {error}"}
        pump()
        print(json.dumps(answer, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
