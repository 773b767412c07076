import sys
from pathlib import Path

from trainer.progress.storage.paths import data_dir, default_db_path


def test_linux_follows_xdg():
    assert data_dir({"HOME": "/home/ana"}, "linux") == Path(
        "/home/ana/.local/share/croupier-trainer")
    assert data_dir({"HOME": "/h", "XDG_DATA_HOME": "/data"}, "linux") == Path(
        "/data/croupier-trainer")


def test_windows_and_mac():
    assert data_dir({"APPDATA": "C:/Users/a/AppData/Roaming"}, "win32") == Path(
        "C:/Users/a/AppData/Roaming/croupier-trainer")
    assert data_dir({"HOME": "/Users/a"}, "darwin") == Path(
        "/Users/a/Library/Application Support/croupier-trainer")


def test_environment_variable_overrides():
    assert default_db_path({"CROUPIER_TRAINER_DB": "/tmp/x.sqlite3"}) == Path("/tmp/x.sqlite3")
    assert default_db_path({"HOME": "/home/ana"}).name == "progress.sqlite3"


def test_windows_without_appdata_uses_the_profile_folder():
    assert data_dir({"USERPROFILE": "C:/Users/a"}, "win32") == Path(
        "C:/Users/a/AppData/Roaming/croupier-trainer")


def test_without_a_home_variable_the_users_home_is_used():
    assert data_dir({}, "linux") == Path.home() / ".local" / "share" / "croupier-trainer"


def test_by_default_the_process_environment_and_platform_are_read(monkeypatch):
    monkeypatch.setenv("HOME", "/home/rui")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("CROUPIER_TRAINER_DB", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert data_dir() == Path("/home/rui/.local/share/croupier-trainer")
    assert default_db_path() == Path("/home/rui/.local/share/croupier-trainer/progress.sqlite3")
    monkeypatch.setenv("CROUPIER_TRAINER_DB", "~/elsewhere.sqlite3")
    assert default_db_path() == Path("/home/rui/elsewhere.sqlite3")
