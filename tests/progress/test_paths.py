import sys
from pathlib import Path

import pytest

from trainer.progress.storage.paths import (
    data_dir,
    default_db_path,
    earlier_db_paths,
    machine_setting,
    machine_settings_path,
)


def test_linux_follows_xdg():
    assert data_dir({"HOME": "/home/ana"}, "linux") == Path(
        "/home/ana/.local/share/croupier-trainer")
    assert data_dir({"HOME": "/h", "XDG_DATA_HOME": "/data"}, "linux") == Path(
        "/data/croupier-trainer")


def test_windows_keeps_progress_in_the_local_not_the_roaming_profile_and_mac_in_support():
    windows = {"APPDATA": "C:/Users/a/AppData/Roaming", "LOCALAPPDATA": "C:/Users/a/AppData/Local"}
    assert data_dir(windows, "win32") == Path("C:/Users/a/AppData/Local/croupier-trainer")
    assert data_dir({"HOME": "/Users/a"}, "darwin") == Path(
        "/Users/a/Library/Application Support/croupier-trainer")


def test_environment_variable_overrides():
    assert default_db_path({"CROUPIER_TRAINER_DB": "/tmp/x.sqlite3"}) == Path("/tmp/x.sqlite3")
    assert default_db_path({"HOME": "/home/ana"}).name == "progress.sqlite3"


def test_windows_without_appdata_uses_the_profile_folder():
    assert data_dir({"USERPROFILE": "C:/Users/a"}, "win32") == Path(
        "C:/Users/a/AppData/Local/croupier-trainer")


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


def test_a_clones_progress_is_looked_for_where_it_differs_from_the_installed_apps():
    windows = {"APPDATA": "C:/Users/a/AppData/Roaming", "LOCALAPPDATA": "C:/Users/a/AppData/Local"}
    assert earlier_db_paths(windows, "win32") == [
        Path("C:/Users/a/AppData/Roaming/croupier-trainer/progress.sqlite3")]
    assert earlier_db_paths({"USERPROFILE": "C:/Users/a"}, "win32") == [
        Path("C:/Users/a/AppData/Roaming/croupier-trainer/progress.sqlite3")]
    assert earlier_db_paths({"HOME": "/home/ana"}, "linux") == []
    assert earlier_db_paths({"HOME": "/Users/a"}, "darwin") == []


def test_the_machine_wide_settings_are_in_the_systems_folder_for_every_user():
    assert machine_settings_path({}, "linux") == Path("/etc/croupier-trainer/school.ini")
    assert machine_settings_path({"ProgramData": "D:/PD"}, "win32") == Path(
        "D:/PD/croupier-trainer/school.ini")
    assert machine_settings_path({}, "win32") == Path("C:/ProgramData/croupier-trainer/school.ini")
    assert machine_settings_path({}, "darwin") == Path(
        "/Library/Application Support/croupier-trainer/school.ini")
    assert machine_settings_path({"CROUPIER_TRAINER_MACHINE_SETTINGS": "/x/s.ini"}, "linux") == (
        Path("/x/s.ini"))


def test_a_machine_setting_is_read_from_its_section_and_missing_or_unreadable_is_none(tmp_path):
    ini = tmp_path / "school.ini"
    env = {"CROUPIER_TRAINER_MACHINE_SETTINGS": str(ini)}
    assert machine_setting("server", env) is None  # no file: a desktop on its own
    ini.write_text("[school]\nserver = postgresql://room1_pc01@server/school\n")
    assert machine_setting("server", env) == "postgresql://room1_pc01@server/school"
    assert machine_setting("other", env) is None
    ini.write_text("[school]\nserver =   \n")
    assert machine_setting("server", env) is None
    ini.write_text("[elsewhere]\nserver = x\n")
    assert machine_setting("server", env) is None
    ini.write_text("server = no section\n")  # a malformed file is no setting, not a crash
    assert machine_setting("server", env) is None
    ini.write_bytes(b"[school]\nserver = \xff\xfe\n")
    assert machine_setting("server", env) is None


@pytest.mark.skipif(sys.platform.startswith("win"), reason="POSIX permissions")
def test_the_progress_folder_made_for_a_user_is_theirs_alone(tmp_path):
    """On a desktop several people sign in to, a classmate cannot read another's progress
    (their PIN's hash, their sittings) from the folder the app made."""
    from trainer.progress import Store
    from trainer.progress.logbook import start_log, stop_log

    try:
        for folder, make in ((tmp_path / "by-store", lambda p: Store(p).close()),
                             (tmp_path / "by-log", start_log)):
            make(folder / "progress.sqlite3")
            assert folder.stat().st_mode & 0o777 == 0o700, folder
    finally:
        stop_log()
