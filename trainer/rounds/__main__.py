"""The command line: replay a round from a file of actions, or print its right actions.

    python -m trainer.rounds play GAME --seed N [--mode MODE] [--house FILE]
                                       (--actions FILE | --solve) [--language LANGUAGE]

``--actions`` prints one JSON line per action (``step``, ``action``, ``correct``, ``article``;
``expected`` and ``mistake`` when wrong); blank lines and lines starting with ``#`` are
skipped; a file that stops before the round's end says on stderr at which step it stops.
``--solve`` prints the right actions, one a line. A file that cannot be read, a line
that is not an action or an unknown game: a message and exit code 2. The only module of the
engine that reads files.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from i18n import LANGUAGES, N_, Message, TranslatedError, speaking
from trainer.rounds.games import GAMES, start
from trainer.rounds.modes import Mode
from trainer.rounds.play import RoundPlay, StepVerdict, solve
from trainer.rules.house import HouseRules

#: The exit code of a command that could not be carried out as given.
BAD_INPUT = 2


def main(argv: Sequence[str] | None = None) -> int:
    arguments = _parser().parse_args(argv)
    with speaking(arguments.language):
        try:
            return _play(arguments)
        except TranslatedError as error:
            print(error, file=sys.stderr)
            return BAD_INPUT
        except BrokenPipeError:  # the reader stopped early (``| head``): nothing is wrong
            sys.stderr.close()  # and nothing more to say on the closed pipe
            return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m trainer.rounds",
                                     description="Replay or solve a table round.")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="replay a round, or print its right actions")
    play.add_argument("game", help=f"the game id: {', '.join(GAMES)}")
    play.add_argument("--seed", type=int, required=True)
    play.add_argument("--mode", choices=[mode.value for mode in Mode], default=Mode.PRACTICE)
    play.add_argument("--house", type=Path, help="house rules, as JSON")
    play.add_argument("--language", choices=LANGUAGES, default="en")
    given = play.add_mutually_exclusive_group(required=True)
    given.add_argument("--actions", type=Path, help="the actions, one a line")
    given.add_argument("--solve", action="store_true", help="print the right actions")
    return parser


def _play(arguments: argparse.Namespace) -> int:
    round_ = start(arguments.game, arguments.seed, Mode(arguments.mode),
                   _house(arguments.house) if arguments.house else None)
    if arguments.solve:
        for action in solve(round_):
            print(action)
        return 0
    played = RoundPlay(round_)
    for number, line in _lines(arguments.actions):
        try:
            verdict = played.give(line)
        except TranslatedError as error:
            raise TranslatedError(Message.of(N_("{file}, line {line}: {error}"),
                                             file=str(arguments.actions), line=number,
                                             error=error.message)) from error
        print(json.dumps(_verdict_json(verdict), ensure_ascii=False))
    if not played.finished:
        print(Message.of(N_("The actions stop after step {done} of {steps}: the round goes on "
                            "at step {next}."), done=len(played.verdicts),
                         steps=len(round_.steps), next=len(played.verdicts) + 1),
              file=sys.stderr)
    return 0


def _house(path: Path) -> HouseRules:
    try:
        rules = HouseRules.from_json(json.loads(path.read_text(encoding="utf-8")))
        _same_kinds(rules.to_json(), HouseRules().to_json())
    except ArithmeticError as error:  # decimal.InvalidOperation: a number that is not one
        raise TranslatedError(Message.of(N_(
            "The house rules in {file} cannot be read: a setting that is a number is not "
            "written as one."), file=str(path))) from error
    except (OSError, UnicodeDecodeError, ValueError, TypeError) as error:
        raise TranslatedError(Message.of(N_(
            "The house rules in {file} cannot be read: {error}"),
            file=str(path), error=str(error))) from error
    return rules


def _same_kinds(given: dict[str, Any], defaults: dict[str, Any], within: str = "") -> None:
    """Every setting of the kind of its default (a count a number, a choice a word): the
    file was written by hand, and reading house rules checks names, not every value."""
    for name, default in defaults.items():
        if isinstance(default, dict):
            _same_kinds(given[name], default, f"{within}{name}.")
        elif type(given[name]) is not type(default):
            raise ValueError(f"house rule {within}{name} cannot be {given[name]!r}")


def _lines(path: Path) -> list[tuple[int, str]]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise TranslatedError(Message.of(N_("The actions in {file} cannot be read: {error}"),
                                         file=str(path), error=str(error))) from error
    return [(number, line) for number, line in enumerate(text.splitlines(), 1)
            if line.strip() and not line.lstrip().startswith("#")]


def _verdict_json(verdict: StepVerdict) -> dict[str, Any]:
    data: dict[str, Any] = {"step": verdict.step, "action": str(verdict.given),
                            "correct": verdict.correct, "article": str(verdict.article.cite())}
    if not verdict.correct:
        data["expected"] = str(verdict.expected)
        data["mistake"] = str(verdict.mistake)
        data["reasons"] = [str(reason.text) for reason in verdict.reasons]
    return data


if __name__ == "__main__":
    sys.exit(main())
