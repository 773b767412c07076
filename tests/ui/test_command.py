"""``croupier-trainer`` (``python -m ui``): one command for the window and the command lines."""

from __future__ import annotations

import pytest

import ui.command
from trainer import __version__


def test_version_is_the_packages(capsys):
    assert ui.command.main(["--version"]) == 0
    assert capsys.readouterr().out == f"croupier-trainer {__version__}\n"
    from importlib.metadata import version
    assert version("croupier-trainer") == __version__


@pytest.mark.parametrize(("argv", "runs", "given"), [
    (["progress", "--db", "x", "sync"], "progress", ["--db", "x", "sync"]),
    (["server", "init", "--url", "u"], "progress", ["server", "init", "--url", "u"]),
    (["report", "--format", "csv"], "report", ["--format", "csv"]),
    (["grades", "--format", "xapi"], "grades", ["--format", "xapi"]),
])
def test_a_first_word_that_is_a_command_runs_it(monkeypatch, argv, runs, given):
    ran = []
    targets = {"progress": "trainer.progress.command_line.main",
               "report": "ui.report_pdf.main", "grades": "ui.grades_command.main"}
    monkeypatch.setattr(targets[runs], lambda rest: ran.append(rest) or 7)
    assert ui.command.main(argv) == 7
    assert ran == [given]


def test_anything_else_opens_the_window(monkeypatch):
    opened = []
    monkeypatch.setattr("ui.app.main", lambda rest: opened.append(rest) or 0)
    assert ui.command.main(["--db", "p.sqlite3", "--language", "pt_MO"]) == 0
    assert opened == [["--db", "p.sqlite3", "--language", "pt_MO"]]
