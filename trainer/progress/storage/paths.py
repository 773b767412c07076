"""Where things live: each user's progress in the platform's per-user data folder, the log
beside it, and the machine-wide school settings IT sets once for every user of a desktop.

``QStandardPaths`` would need Qt, which the store must not import, so this follows
the same conventions by hand. ``CROUPIER_TRAINER_DB`` (or the ``--db`` option of the
app and the command line) overrides the location of the progress;
``CROUPIER_TRAINER_MACHINE_SETTINGS`` that of the machine-wide settings file.

- progress: ``$XDG_DATA_HOME/croupier-trainer`` (``~/.local/share/…``) on Linux,
  ``%LOCALAPPDATA%\\croupier-trainer`` on Windows, ``~/Library/Application Support/…`` on
  macOS;
- machine-wide settings: ``/etc/croupier-trainer/school.ini`` on Linux,
  ``%ProgramData%\\croupier-trainer\\school.ini`` on Windows, ``/Library/Application
  Support/croupier-trainer/school.ini`` on macOS.
"""

from __future__ import annotations

import configparser
import os
import sys
from collections.abc import Mapping
from pathlib import Path

APP_DIR = "croupier-trainer"
DB_NAME = "progress.sqlite3"
DB_ENV = "CROUPIER_TRAINER_DB"
MACHINE_ENV = "CROUPIER_TRAINER_MACHINE_SETTINGS"
MACHINE_FILE = "school.ini"
#: The machine-wide file's one section.
MACHINE_SECTION = "school"


def _home(env: Mapping[str, str]) -> Path:
    return Path(env.get("HOME") or env.get("USERPROFILE") or Path.home())


def data_dir(environ: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    env = os.environ if environ is None else environ
    platform = platform or sys.platform
    home = _home(env)
    if platform.startswith("win"):
        base = Path(env.get("LOCALAPPDATA") or home / "AppData" / "Local")
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


def earlier_db_paths(environ: Mapping[str, str] | None = None,
                     platform: str | None = None) -> list[Path]:
    """Where a desktop that ran the app from a clone of the source kept its progress, when
    that is not where the installed app keeps it: on Windows the roaming profile
    (``%APPDATA%``; the installed app keeps progress out of it, in ``%LOCALAPPDATA%``). On
    Linux and macOS a clone used the same folder as the installed app: nothing to find."""
    env = os.environ if environ is None else environ
    platform = platform or sys.platform
    if not platform.startswith("win"):
        return []
    roaming = Path(env.get("APPDATA") or _home(env) / "AppData" / "Roaming")
    return [roaming / APP_DIR / DB_NAME]


def machine_settings_path(environ: Mapping[str, str] | None = None,
                          platform: str | None = None) -> Path:
    env = os.environ if environ is None else environ
    platform = platform or sys.platform
    if env.get(MACHINE_ENV):
        return Path(env[MACHINE_ENV]).expanduser()
    if platform.startswith("win"):
        base = Path(env.get("ProgramData") or env.get("PROGRAMDATA") or "C:/ProgramData")
        return base / APP_DIR / MACHINE_FILE
    if platform == "darwin":
        return Path("/Library/Application Support") / APP_DIR / MACHINE_FILE
    return Path("/etc") / APP_DIR / MACHINE_FILE


def machine_setting(key: str, environ: Mapping[str, str] | None = None) -> str | None:
    """A machine-wide school setting (``server``: the school server's URL) as IT set it in
    the ``[school]`` section of :func:`machine_settings_path`; ``None`` where the file, its
    section or the key is missing, or the file cannot be read (a desktop on its own)."""
    parser = configparser.ConfigParser(interpolation=None)
    try:
        read = parser.read(machine_settings_path(environ), encoding="utf-8")
    except (OSError, configparser.Error, UnicodeDecodeError):
        return None
    if not read or not parser.has_option(MACHINE_SECTION, key):
        return None
    return parser.get(MACHINE_SECTION, key).strip() or None


def earlier_progress(db_path: Path, environ: Mapping[str, str] | None = None,
                     platform: str | None = None) -> Path | None:
    """The progress file of a desktop that ran the app from a clone, to offer when the
    installed app has none yet at ``db_path`` (see :func:`earlier_db_paths`)."""
    if db_path.exists():
        return None
    return next((path for path in earlier_db_paths(environ, platform) if path.is_file()), None)
