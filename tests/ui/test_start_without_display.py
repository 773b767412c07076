"""Every way of starting the window without a display says so in one sentence and exits 1
(as ``make run`` does) instead of Qt's abort (SIGABRT) blaming the xcb-cursor library; the
commands that open no window still work there. Real processes: no DISPLAY, no
WAYLAND_DISPLAY, no QT_QPA_PLATFORM."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.progress.demo import DEMO_PASSWORD

ROOT = Path(__file__).parents[2]
SCRIPT = Path(sys.executable).parent / "croupier-trainer"

SENTENCES = {
    "en_US.UTF-8": "There is no display to open the window on (neither DISPLAY nor "
                   "WAYLAND_DISPLAY is set): start the app from the desktop, or over SSH "
                   "with ssh -X.",
    "pt_PT.UTF-8": "Não há ecrã onde abrir a janela (nem DISPLAY nem WAYLAND_DISPLAY estão "
                   "definidos): inicie a aplicação no ambiente de trabalho, ou por SSH com "
                   "ssh -X.",
    "zh_TW.UTF-8": "沒有可開啟視窗的顯示器（DISPLAY 與 WAYLAND_DISPLAY 均未設定）：請在桌面上"
                   "啟動本程式，或經 SSH 以 ssh -X 連線啟動。",
}

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="a display is looked for on Linux only")


def headless(tmp_path: Path, lang: str = "en_US.UTF-8") -> dict[str, str]:
    env = {name: value for name, value in os.environ.items()
           if name not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "LANGUAGE",
                           "LC_ALL", "LC_MESSAGES")}
    return {**env, "LANG": lang, "CROUPIER_TRAINER_DB": str(tmp_path / "p.sqlite3")}


def started(command: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("lang", sorted(SENTENCES))
def test_python_m_ui_says_there_is_no_display_in_the_users_language(tmp_path, lang):
    done = started([sys.executable, "-m", "ui"], headless(tmp_path, lang))
    assert done.returncode == 1, done.stderr  # not -6 (SIGABRT)
    assert done.stderr.strip() == SENTENCES[lang]
    assert "xcb" not in done.stderr and not (tmp_path / "p.sqlite3").exists()


def test_the_installed_command_says_it_too(tmp_path):
    assert SCRIPT.exists(), f"the console script {SCRIPT} is installed with the app"
    done = started([str(SCRIPT), "--language", "zh_Hant_MO"], headless(tmp_path))
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip() == SENTENCES["zh_TW.UTF-8"]  # --language before the locale


def test_app_main_is_what_the_frozen_app_runs_and_it_says_so(tmp_path):
    code = "import sys; from ui.app import main; sys.exit(main([]))"
    done = started([sys.executable, "-c", code], headless(tmp_path))
    assert (done.returncode, done.stderr.strip()) == (1, SENTENCES["en_US.UTF-8"])


def test_the_offscreen_platform_is_a_display_for_this_check(tmp_path):
    """Tests run the app offscreen: the check lets it through (it fails later, here, on a
    trainee that does not exist — proof that Qt started)."""
    env = {**headless(tmp_path), "QT_QPA_PLATFORM": "offscreen"}
    done = started([sys.executable, "-m", "ui", "--help"], env)
    assert done.returncode == 0 and "--language" in done.stdout
    from ui import system_check
    assert system_check.window_can_open(environ={"QT_QPA_PLATFORM": "offscreen"})
    assert not system_check.window_can_open("pt_MO", environ={})


def test_commands_without_a_window_work_without_a_display(tmp_path):
    env = {**headless(tmp_path), "CROUPIER_TRAINER_PASSWORD": DEMO_PASSWORD}
    db = str(tmp_path / "demo.sqlite3")
    made = started([sys.executable, "-m", "trainer.progress", "--db", db, "demo",
                    "--trainees", "2", "--attempts", "20", "--seed", "1"], env)
    assert made.returncode == 0, made.stderr
    out = tmp_path / "trainees.csv"
    report = started([sys.executable, "-m", "ui", "report", "--db", db, "--format", "csv",
                      "--table", "trainees", "--out", str(out)], env)
    assert report.returncode == 0, report.stderr
    assert out.read_text("utf-8-sig").startswith("Trainee,ID number,")
    grades = started([sys.executable, "-m", "ui", "grades", "--db", db, "--format", "moodle",
                      "--out", str(tmp_path / "g.csv")], env)
    assert grades.returncode == 0, grades.stderr
