"""``python -m ui grades …``: the grades for the school's learning system from the command
line — a Moodle grade CSV or xAPI statements (the skills' names come from the questions,
which the trainer core may not import, hence here) — or, with ``--lrs``, the desk's xAPI
outbox sent to the learning record store set on the desk."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import i18n
from trainer.progress import Store, StoreError, command_line
from trainer.progress.people.id_numbers import id_numbers
from trainer.progress.record_store.sending import send_statements
from trainer.progress.reports.gradebooks import moodle_grades, xapi_statements
from trainer.progress.xapi_home_page import home_page
from ui.report_pdf import skill_titles


def parser() -> argparse.ArgumentParser:
    arguments = argparse.ArgumentParser(prog="python -m ui grades")
    command_line.add_common_options(arguments)
    arguments.add_argument("--format", choices=["moodle", "xapi"])
    arguments.add_argument("--out", type=Path)
    arguments.add_argument("--lrs", action="store_true",
                           help="send the xAPI statements waiting on the desk to its learning "
                                "record store instead of writing a file")
    arguments.add_argument("--lang", choices=i18n.LANGUAGES, default=None,
                           help="the language of the skills' names in a Moodle file")
    return arguments


def _run(args: argparse.Namespace, store: Store) -> str:
    actor = command_line.instructor_actor(store, args.instructor)
    if args.lrs:
        done = send_statements(store, actor, skill_titles())
        return str(i18n.Message.of(i18n.N_(
            "Sent to the learning record store: {sent}; refused: {refused}; still queued: "
            "{queued} (sent in all: {total}, refused in all: {refusals})."),
            sent=done.sent, refused=done.refused, queued=done.counts.queued,
            total=done.counts.sent, refusals=done.counts.refused))
    if args.format is None or args.out is None:
        raise StoreError(i18n.Message.of(i18n.N_(
            "Give --format and --out to write the grades, or --lrs to send them.")))
    numbers = id_numbers(store)
    if args.format == "moodle":
        book = moodle_grades(store, actor, args.out, numbers, args.lang, skill_titles())
    else:
        address = home_page(store)
        if not address:
            raise StoreError(i18n.Message.of(i18n.N_(
                "xAPI statements name each trainee on the school's learning system: type its "
                "address first.")))
        book = xapi_statements(store, actor, args.out, numbers, address, skill_titles())
    return f"{book.path}: {book.written} / {book.without_id_number}"


def main(argv: list[str] | None = None) -> int:
    return command_line.main(sys.argv[1:] if argv is None else argv, _run, parser())
