"""Ralph's learning record store (ralph-malph[lrs], from PyPI), run locally for the tests:
its file-system backend in a temporary folder, basic authentication from a credentials
file in the format Ralph documents (``auth.json``: username, bcrypt hash, scopes, agent).

``ralph runserver --backend fs`` needs Ralph's ``cli`` extra, whose ``click<8.2.1`` the
lock's click does not allow; it only starts uvicorn on ``ralph.api:app`` with the backend in
``RALPH_RUNSERVER_BACKEND`` and the backend's settings in ``RALPH_BACKENDS__LRS__FS__…``,
so the fixture starts uvicorn so itself, without the reloader, on that application with
its fs backend appending (:mod:`tests.progress.ralph_app`)."""

from __future__ import annotations

import base64
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import bcrypt

#: The desks' keys: each stores into a folder of its own (its ``target``), so each test's
#: statements are apart from the others' (the demo classroom's ids are the same each time).
KEYS = tuple(f"desk{n}" for n in range(1, 21))
SECRET = "a secret of the desk"
ROOT = Path(__file__).resolve().parents[2]
#: The longest Ralph may take to answer after it starts (it answers in about 2 s here).
START_TIMEOUT_S = 60


@dataclass
class RalphLrs:
    endpoint: str
    folder: Path
    port: int
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {**os.environ, "RALPH_RUNSERVER_BACKEND": "fs", "PYTHONPATH": str(ROOT),
               "RALPH_BACKENDS__LRS__FS__DEFAULT_DIRECTORY_PATH": str(self.folder / "lrs"),
               "RALPH_AUTH_FILE": str(self.folder / "auth.json"),
               "RALPH_APP_DIR": str(self.folder / "app"),
               "RALPH_RUNSERVER_MAX_SEARCH_HITS_COUNT": "100000"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "tests.progress.ralph_app:app", "--host", "127.0.0.1",
             "--port", str(self.port), "--log-level", "warning"],
            env=env, stdout=subprocess.DEVNULL, stderr=(self.folder / "ralph.log").open("wb"))
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError((self.folder / "ralph.log").read_text())
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/__heartbeat__",
                                            timeout=2):
                    return
            except (urllib.error.URLError, OSError):
                time.sleep(0.1)  # polling a starting server, not waiting out a margin
        raise RuntimeError(f"Ralph did not answer in {START_TIMEOUT_S} s")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)
            self.process = None

    def statements(self, key: str) -> list[dict]:
        """Every statement the store holds from the desk of ``key``."""
        login = base64.b64encode(f"{key}:{SECRET}".encode()).decode()
        request = urllib.request.Request(
            f"{self.endpoint}/statements?limit=100000",
            headers={"Authorization": f"Basic {login}", "X-Experience-API-Version": "1.0.3"})
        with urllib.request.urlopen(request, timeout=30) as response:
            found = json.loads(response.read())
        assert found.get("more") in (None, "")
        return list(found["statements"])


def write_credentials(folder: Path) -> None:
    """Ralph's credentials file (``auth.json``), each desk with its own folder."""
    secret = bcrypt.hashpw(SECRET.encode(), bcrypt.gensalt(4)).decode()
    for key in KEYS:
        (folder / "lrs" / key).mkdir(parents=True)
    (folder / "auth.json").write_text(json.dumps([
        {"username": key, "hash": secret, "scopes": ["all"], "target": key,
         "agent": {"mbox": f"mailto:{key}@school.edu.mo"}} for key in KEYS]))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def ralph(folder: Path) -> RalphLrs:
    folder.mkdir(parents=True, exist_ok=True)
    write_credentials(folder)
    port = free_port()
    return RalphLrs(f"http://127.0.0.1:{port}/xAPI", folder, port)
