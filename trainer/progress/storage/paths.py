"""Where the progress database lives: the platform's per-user data directory.

``QStandardPaths`` would need Qt, which the store must not import, so this follows
the same conventions by hand. ``CROUPIER_TRAINER_DB`` (or the ``--db`` option of the
app and the command line) overrides the location.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

APP_DIR = "croupier-trainer"
DB_NAME = "progress.sqlite3"
DB_ENV = "CROUPIER_TRAINER_DB"


def data_dir(environ: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    env = os.environ if environ is None else environ
    platform = platform or sys.platform
    home = Path(env.get("HOME") or env.get("USERPROFILE") or Path.home())
    if platform.startswith("win"):
        base = Path(env.get("APPDATA") or home / "AppData" / "Roaming")
    elif platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(env.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / APP_DIR


def default_db_path(environ: Mapping[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    if env.get(DB_ENV):
        return Path(env[DB_ENV]).expanduser()
    return data_dir(env) / DB_NAME
