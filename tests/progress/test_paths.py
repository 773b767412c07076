from pathlib import Path

from trainer.progress.paths import data_dir, default_db_path


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
