"""The one command the app is, installed or not: ``croupier-trainer [COMMAND] …``
(``python -m ui`` from the source).

    croupier-trainer [--db PATH] [--language CODE] …   the app's window (ui.app)
    croupier-trainer --version
    croupier-trainer progress …     the progress command line (python -m trainer.progress)
    croupier-trainer server …       the school server: same as ``progress server …``
    croupier-trainer report …       a progress report as a PDF or CSV (ui.report_pdf)
    croupier-trainer grades …       grades for the school's learning system (ui.grades_command)

Only the window needs a display; the other commands run on a server or in IT's scripts.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from trainer import __version__

#: A first word that is a command, and what runs it (imported only when used: the
#: commands start without loading Qt's widgets, the window without the school server's).
COMMANDS: dict[str, Callable[[list[str]], int]] = {}


def _command(name: str) -> Callable[[Callable[[list[str]], int]], Callable[[list[str]], int]]:
    def register(run: Callable[[list[str]], int]) -> Callable[[list[str]], int]:
        COMMANDS[name] = run
        return run
    return register


@_command("progress")
def _progress(argv: list[str]) -> int:
    from trainer.progress.command_line import main as progress_main
    return progress_main(argv)


@_command("server")
def _server(argv: list[str]) -> int:
    return _progress(["server", *argv])


@_command("report")
def _report(argv: list[str]) -> int:
    from ui.report_pdf import main as report_main
    return report_main(argv)


@_command("grades")
def _grades(argv: list[str]) -> int:
    from ui.grades_command import main as grades_main
    return grades_main(argv)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] in (["--version"], ["-V"]):
        print(f"croupier-trainer {__version__}")
        return 0
    if argv and argv[0] in COMMANDS:
        return COMMANDS[argv[0]](argv[1:])
    from ui.app import main as window_main
    return window_main(argv)
