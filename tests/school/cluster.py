"""A real PostgreSQL for the school-server tests: ``initdb`` into a temp folder, ``pg_ctl`` on a
free loopback port, as an unprivileged user when the tests run as root (``initdb`` refuses
root). No mocks: the tests talk to the server the schools run.

The binaries are not on a clean machine's ``PATH``: they are found with ``pg_config --bindir``
or under ``/usr/lib/postgresql/*/bin`` (Debian's ``postgresql`` package).
"""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

#: The unprivileged user the server runs as when the tests run as root.
UNPRIVILEGED = "nobody"


def binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``, or ``None`` where PostgreSQL is not installed."""
    candidates = []
    if shutil.which("pg_config"):
        found = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        candidates.append(found.stdout.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for folder in candidates:
        if folder and (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Cluster:
    """A running PostgreSQL server of the tests' own, with its superuser."""

    bindir: Path
    folder: Path
    port: int
    password: str
    superuser: str = "postgres"
    #: Enough for the tests' few desktops; a classroom's benchmark asks for more.
    max_connections: int = 120

    @property
    def options(self) -> str:
        """The server's settings: loopback only, TLS with a certificate of its own."""
        return (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
                f"-c max_connections={self.max_connections} -c ssl=on "
                f"-c ssl_cert_file={self.folder}/server.crt "
                f"-c ssl_key_file={self.folder}/server.key")

    def url(self, database: str = "postgres", user: str | None = None,
            password: str | None = None) -> str:
        user = user or self.superuser
        secret = self.password if password is None and user == self.superuser else password
        auth = f"{user}:{secret}" if secret else user
        return f"postgresql://{auth}@127.0.0.1:{self.port}/{database}"

    def _run(self, *command: str) -> subprocess.CompletedProcess:
        as_user = {}
        if os.geteuid() == 0:
            entry = pwd.getpwnam(UNPRIVILEGED)
            as_user = {"user": entry.pw_uid, "group": entry.pw_gid}
        return subprocess.run(command, capture_output=True, text=True, check=True,
                              cwd=self.folder, **as_user)

    @classmethod
    def start(cls, bindir: Path, max_connections: int = 120) -> Cluster:
        folder = Path(tempfile.mkdtemp(prefix="croupier-pg-"))
        cluster = cls(bindir, folder, free_port(), secrets.token_hex(12),
                      max_connections=max_connections)
        (folder / "pwfile").write_text(cluster.password + "\n")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                        "-subj", "/CN=127.0.0.1", "-keyout", str(folder / "server.key"),
                        "-out", str(folder / "server.crt")], check=True, capture_output=True)
        (folder / "server.key").chmod(0o600)
        if os.geteuid() == 0:  # the server's own folder belongs to the user it runs as
            entry = pwd.getpwnam(UNPRIVILEGED)
            for path in (folder, folder / "pwfile", folder / "server.key", folder / "server.crt"):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        try:
            cluster._run(str(bindir / "initdb"), "-D", str(folder / "data"), "-U",
                         cluster.superuser, "--pwfile", str(folder / "pwfile"),
                         "--auth-local=scram-sha-256", "--auth-host=scram-sha-256",
                         "-E", "UTF8", "--locale=C.UTF-8")
            cluster._run(str(bindir / "pg_ctl"), "-D", str(folder / "data"), "-o",
                         cluster.options, "-l", str(folder / "server.log"), "-w", "-t", "120",
                         "start")
        except subprocess.CalledProcessError as error:
            log = folder / "server.log"
            details = log.read_text() if log.exists() else ""
            shutil.rmtree(folder, ignore_errors=True)
            raise RuntimeError(f"PostgreSQL did not start: {error.stderr}{details}") from error
        return cluster

    def stop(self) -> None:
        try:
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.folder / "data"), "-m",
                      "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def stop_only(self) -> None:
        """Stop the server, keeping its data (the tests' outage)."""
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "fast",
                  "-w", "stop")

    def start_again(self) -> None:
        """Start the stopped server again on the same port."""
        data = str(self.folder / "data")
        self._run(str(self.bindir / "pg_ctl"), "-D", data, "-o", self.options, "-l",
                  str(self.folder / "server.log"), "-w", "-t", "120", "start")
