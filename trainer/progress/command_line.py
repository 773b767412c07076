"""``python -m trainer.progress``: the demo classroom, CSV reports, and bundles.

    python -m trainer.progress --db PATH demo --trainees N --attempts M --seed S
    python -m trainer.progress --db PATH report --format csv (--out FILE.zip |
                                       --table NAME --out FILE.csv)
        [--trainee NAME] [--lang L] [--from DAY] [--to DAY]
    python -m trainer.progress --db PATH export-attempts --out FILE [--trainee NAME] [--lang L]
    python -m trainer.progress --db PATH export-bundle --out FILE [--trainee NAME]
                                       [--with-instructors]
    python -m trainer.progress --db PATH import-bundle FILE (--from-trainee NAME
                                       [--server-login LOGIN] |
                                       --from-instructor [--accept-instructor NAME]…)
    python -m trainer.progress --db PATH add-instructor NAME
    python -m trainer.progress --db PATH --server URL sync [--login LOGIN]
    python -m trainer.progress --db PATH --server URL sign-in NAME
    python -m trainer.progress server init --url ADMIN_URL
    python -m trainer.progress server add-desktop --url ADMIN_URL LOGIN [--address IP]
                                       [--host SERVER]
    python -m trainer.progress server add-instructor --url ADMIN_URL LOGIN [--address IP]
    python -m trainer.progress server work --db PATH --url URL --login LOGIN [--once]

(Installed: ``croupier-trainer progress …`` and ``croupier-trainer server …``.) An admin URL
on the server itself goes through the local socket as ``postgres``: ``sudo -u postgres
croupier-trainer server init --url postgresql:///school``. ``--instructor NAME`` is the
instructor acting on this desktop's own database; ``--login`` a login on the school
server (``sync`` as an instructor's desk, ``server work``), its password from
``$CROUPIER_TRAINER_PASSWORD`` (``server work``: else libpq's ``~/.pgpass``) or the prompt.

Reports, imports and everyone's bundle need an instructor: ``--instructor NAME`` (not
needed when the database has only one), with the password from ``$CROUPIER_TRAINER_PASSWORD``
or typed at the prompt. A trainee's own bundle needs no password, but their PIN when they
have one (``$CROUPIER_TRAINER_PIN`` or the prompt); so does ``sign-in``, whose server
checks it (a first PIN is changed to ``$CROUPIER_TRAINER_NEW_PIN`` or the one typed). A new
instructor's password comes from ``$CROUPIER_TRAINER_NEW_PASSWORD`` or the prompt, apart from
the acting instructor's.
Instructor accounts travel only with ``--with-instructors`` and are taken only when
accepted by name with ``--accept-instructor``. An import names whom the bundle is from: a
trainee (``--from-trainee NAME``: on this desk, or the bundle's one trainee, new here; it
must hold that trainee's rows only, and its exam sittings count once confirmed on the desk —
or, when the desk has a school server (``--server``, ``$CROUPIER_TRAINER_SERVER`` or the
desk's setting), each new one must be the sitting the server registered for them, read with
``--server-login``, password from ``$CROUPIER_TRAINER_SERVER_PASSWORD`` or the prompt)
or another instructor's desk (``--from-instructor``, vouched for by the instructor importing).
The PDF report is drawn by the app: ``python -m ui report --format pdf …``. Errors exit
non-zero with one line.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import i18n
from i18n import N_, Message, TranslatedError
from trainer.progress.logbook import start_log
from trainer.progress.people.accounts import Actor, add_instructor, find_person, has_pin, sign_in
from trainer.progress.people.class_lists import import_class_list
from trainer.progress.people.classes import SchoolClass, classes
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.figures import build_report
from trainer.progress.reports.period import Period
from trainer.progress.reports.spreadsheets import TABLES, write_attempts_csv, write_report_csv
from trainer.progress.school.status import SERVER_ENV, server_url
from trainer.progress.storage.paths import default_db_path
from trainer.progress.storage.store import Role, Store, StoreError, plain_name

if TYPE_CHECKING:  # the bundles' and the school server's modules: imported by their commands
    # only, so that a report does not wait for them (a second of imports)
    from trainer.progress.bundles.source import BundleSource
    from trainer.progress.exams.registrations import ReadRegistrations
    from trainer.progress.school.registrations import ServerRegistrations

PASSWORD_ENV = "CROUPIER_TRAINER_PASSWORD"
#: The commands that only read the database open it without the quick check of the whole
#: file (a school's 550 MB read before the first row: most of a report's time, seconds when
#: the file is not in the system's cache). A damaged page they read is still said (SQLite
#: refuses it), and the day's backup still checks the whole file first.
READING_COMMANDS = ("report", "export-attempts")
NEW_PASSWORD_ENV = "CROUPIER_TRAINER_NEW_PASSWORD"
PIN_ENV = "CROUPIER_TRAINER_PIN"
SERVER_PASSWORD_ENV = "CROUPIER_TRAINER_SERVER_PASSWORD"



def add_common_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", type=Path, default=None, help="the progress database")
    parser.add_argument("--instructor", default=None,
                        help=f"the instructor acting (password from ${PASSWORD_ENV})")
    parser.add_argument("--server", default=os.environ.get(SERVER_ENV),
                        help=f"the school server's URL (default ${SERVER_ENV})")


def add_period_options(parser: argparse.ArgumentParser) -> None:
    """``--from`` and ``--to``: the first and last local days a report covers (YYYY-MM-DD)."""
    parser.add_argument("--from", dest="first", type=_day, default=None, metavar="YYYY-MM-DD",
                        help="the first day the report covers (the desktop's local days)")
    parser.add_argument("--to", dest="last", type=_day, default=None, metavar="YYYY-MM-DD",
                        help="the last day the report covers (included)")


def add_class_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--class", dest="class_name", default=None, metavar="NAME",
                        help="a class's trainees only (instead of --trainee)")


def add_table_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--table", choices=TABLES, default=None,
                        help="one flat table as CSV (else a zip of every table's CSV)")


def check_report_out(args: argparse.Namespace) -> None:
    """Refuse a CSV report of every table (a zip) under a ``.csv`` name (a spreadsheet
    opening it would show the zip's bytes), before the database is opened: a report's
    command (here or ``python -m ui report``) is one with ``--table``, which makes the
    report that one CSV, under any name."""
    if not hasattr(args, "table"):
        return
    if args.format == "csv" and args.table is None and args.out.suffix.lower() == ".csv":
        raise StoreError(Message.of(N_(
            "The CSV report is a zip of tables, not a CSV file: give the file the .zip "
            "extension (--out {name}), or write one table as CSV with --table NAME."),
            name=args.out.with_suffix(".zip").name))


def class_of(store: Store, name: str | None) -> SchoolClass | None:
    """The class ``--class`` names (capitals and spaces aside), if it names one."""
    if name is None:
        return None
    for school_class in classes(store):
        if plain_name(school_class.name) == plain_name(name):
            return school_class
    raise StoreError(Message.of(N_("There is no class called “{name}”."), name=name))


def _day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(str(Message.of(N_(
            "{text} is not a day: write it as YYYY-MM-DD."), text=text))) from None


def period_of(args: argparse.Namespace, offset: timedelta | None = None) -> Period | None:
    """The days ``--from`` and ``--to`` name, on the desktop's local calendar."""
    if args.first is None and args.last is None:
        return None
    if offset is None:
        offset = datetime.now().astimezone().utcoffset() or timedelta(0)
    return Period(args.first, args.last, offset)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m trainer.progress",
                                  description=__doc__.split("\n\n")[0])
    add_common_options(top)
    commands = top.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="fill a new database with a demo classroom")
    demo.add_argument("--trainees", type=int, required=True)
    demo.add_argument("--attempts", type=int, required=True)
    demo.add_argument("--seed", type=int, required=True)
    demo.add_argument("--weeks", type=int, default=8)
    report = commands.add_parser("report", help="a progress report")
    report.add_argument("--format", choices=["csv", "pdf"], required=True)
    add_table_option(report)
    add_period_options(report)
    add_class_option(report)
    attempts = commands.add_parser("export-attempts", help="every answer, one line each")
    for sub in (report, attempts):
        sub.add_argument("--out", type=Path, required=True)
        sub.add_argument("--trainee", default=None)
        sub.add_argument("--lang", choices=i18n.LANGUAGES, default=None)
    bundle = commands.add_parser("export-bundle", help="progress to carry to another desktop")
    bundle.add_argument("--out", type=Path, required=True)
    bundle.add_argument("--trainee", default=None)
    bundle.add_argument("--with-instructors", action="store_true",
                        help="also the instructors' accounts, passwords, PINs and exams")
    imported = commands.add_parser("import-bundle", help="merge a bundle into this database")
    imported.add_argument("file", type=Path)
    sender = imported.add_mutually_exclusive_group(required=True)
    sender.add_argument("--from-trainee", metavar="NAME", default=None,
                        help="the trainee whose own bundle it is (their rows only; their "
                             "exam sittings count once an instructor confirms them, or at "
                             "once if the school server registered them)")
    sender.add_argument("--from-instructor", action="store_true",
                        help="exported on an instructor's desk, which you vouch for")
    imported.add_argument("--accept-instructor", action="append", default=[], metavar="NAME",
                          help="take this instructor account from the bundle (repeat for each)")
    imported.add_argument("--server-login", default=None, metavar="LOGIN",
                          help="at a school with a server: your instructor login there, which "
                               "reads its exam registrations (password from "
                               f"${SERVER_PASSWORD_ENV})")
    instructor = commands.add_parser(
        "add-instructor", help="add an instructor (the first one needs no other instructor)")
    instructor.add_argument("name")
    class_list = commands.add_parser(
        "import-class-list", help="read a class list (CSV: name, ID number) into a class")
    class_list.add_argument("file", type=Path)
    class_list.add_argument("--class", dest="class_name", required=True,
                            help="the class (made if there is none by that name)")
    synced = commands.add_parser("sync", help="sync once with the school server (--server)")
    synced.add_argument("--login", default=None,
                        help="sync as an instructor's desk with this server login (password "
                             f"from ${PASSWORD_ENV}); else as this desktop")
    signing_in = commands.add_parser(
        "sign-in", help="a trainee signs in to the school server (--server) with their PIN")
    signing_in.add_argument("name")
    server = commands.add_parser("server", help="set up or run a school server")
    tasks = server.add_subparsers(dest="task", required=True)
    init = tasks.add_parser("init", help="create or migrate the school's schema and roles")
    desktop = tasks.add_parser("add-desktop", help="a desktop's own server login (its "
                               "password is made and shown)")
    desktop.add_argument("login")
    desktop.add_argument("--host", default=None, metavar="SERVER",
                         help="the server's name or address as desktops reach it (default: "
                              "the URL's host, or this machine's name)")
    login = tasks.add_parser("add-instructor", help="an instructor's own server login")
    login.add_argument("login")
    for task in (desktop, login):
        task.add_argument("--address", default=None, metavar="IP",
                          help="the machine's IP address, for its pg_hba.conf line")
    work = tasks.add_parser("work", help="merge the inbox into the shared tables, on a timer")
    work.add_argument("--login", required=True, help="an instructor login (password from "
                      f"${PASSWORD_ENV}, else libpq's ~/.pgpass)")
    work.add_argument("--db", type=Path, default=argparse.SUPPRESS,
                      help="the desk's database, a full copy of the school (keep it private)")
    work.add_argument("--every", type=float, default=10.0, help="seconds between rounds")
    work.add_argument("--once", action="store_true", help="one round, then stop")
    for task in (init, desktop, login, work):
        task.add_argument("--url", required=True, help="postgresql://host:port/database")
    return top


def school_admin(args: argparse.Namespace, ask: Callable[..., str]) -> str:
    """IT's ``server`` commands (:func:`trainer.progress.school.server.commands.school_admin`)."""
    from trainer.progress.school.server import commands

    return commands.school_admin(args, ask)


def school_command(args: argparse.Namespace, store: Store, ask: Callable[..., str]) -> str:
    """``sync``, ``sign-in`` and ``server work``
    (:func:`trainer.progress.school.server.commands.school_command`)."""
    from trainer.progress.school.server import commands

    return commands.school_command(args, store, ask)


def password_for(name: str, variable: str = PASSWORD_ENV) -> str:
    """A secret from ``variable``, or typed at the prompt (never echoed)."""
    password = os.environ.get(variable)
    if password is None:
        if not sys.stdin.isatty():
            raise StoreError(Message.of(N_(
                "The password or PIN of {name} is needed: set {variable} or type it at the "
                "prompt."), name=name, variable=variable))
        password = getpass.getpass(f"{name}: ")
    return password


def instructor_actor(store: Store, name: str | None) -> Actor:
    """Sign in the named instructor (or the only one) with the password from the environment."""
    if name is None:
        found = store.people(Role.INSTRUCTOR)
        if len(found) != 1:
            raise StoreError(Message.of(N_(
                "Name the instructor who is acting with --instructor.")))
        person = found[0]
    else:
        person = find_person(store, name)
        if person.role is not Role.INSTRUCTOR:
            raise StoreError(Message.of(N_("{name} is not an instructor."), name=person.name))
    return sign_in(store, person.id, password_for(person.name))


def run(args: argparse.Namespace, store: Store) -> str:
    """Do the command; return what to tell the user."""
    if args.command in ("sync", "sign-in", "server"):
        return school_command(args, store, password_for)
    if args.command == "demo":
        from trainer.progress.demo import build_demo

        made = build_demo(store, args.trainees, args.attempts, args.seed, args.weeks)
        return (f"{made.trainees} trainees, {made.attempts} answers; instructor "
                f"“{made.instructor}”, password “{made.password}”")
    if args.command == "add-instructor":
        acting = instructor_actor(store, args.instructor) if store.people(Role.INSTRUCTOR) else None
        variable = NEW_PASSWORD_ENV if acting else PASSWORD_ENV
        person = add_instructor(store, args.name, password_for(args.name, variable), acting)
        return f"{person.name}: {person.id}"
    if (args.command == "export-bundle" and args.trainee and args.instructor is None
            and not args.with_instructors):
        trainee = find_person(store, args.trainee)
        pin = password_for(trainee.name, PIN_ENV) if has_pin(store, trainee.id) else None
        actor = sign_in(store, trainee.id, pin)
    else:
        actor = instructor_actor(store, args.instructor)
    person_id = find_person(store, args.trainee).id if getattr(args, "trainee", None) else None
    if args.command == "report":
        if args.format != "csv":
            raise StoreError(Message.of(N_(
                "The PDF report is drawn by the app: python -m ui report --format pdf …")))
        report = build_report(leave_to_see(store, actor, person_id), period=period_of(args),
                              school_class=class_of(store, args.class_name), grid_skills=())
        write_report_csv(store, actor, report, args.out, args.lang, table=args.table)
        return str(args.out)
    if args.command == "export-attempts":
        count = write_attempts_csv(store, actor, args.out, args.lang, person_id)
        return f"{args.out}: {count}"
    if args.command == "export-bundle":
        from trainer.progress.bundles.export import export_bundle

        contents = export_bundle(store, actor, args.out, person_id,
                                 with_instructors=args.with_instructors)
        return f"{contents.path}: {contents.count('people')} / {contents.count('attempts')}"
    if args.command == "import-class-list":
        done = import_class_list(store, actor, args.class_name, args.file.read_bytes())
        return (f"{done.class_name}: {done.added} added, {done.joined} joined, "
                f"{done.id_numbers} ID numbers")
    from trainer.progress.bundles.importing import import_bundle
    from trainer.progress.exams.grading import installed_grader

    source = bundle_source(store, actor, args.file, args.from_trainee,
                           school_registrations(store, args) if args.from_trainee else None)
    summary = import_bundle(store, actor, args.file, source=source,
                            accept_instructors=tuple(args.accept_instructor),
                            grader=installed_grader())
    return str(summary.message)


def bundle_source(store: Store, actor: Actor, path: Path, trainee: str | None,
                  registrations: ReadRegistrations | None = None) -> BundleSource:
    """Whom ``--from-trainee`` names: a trainee on this desk, or else the bundle's one
    trainee if so called (new here); ``None``: an instructor's desk. ``registrations``:
    the school server's, which the trainee's sittings must match (if the desk has one)."""
    from trainer.progress.bundles.importing import bundle_trainee
    from trainer.progress.bundles.source import INSTRUCTOR_DESK, BundleSource

    if trainee is None:
        return INSTRUCTOR_DESK
    try:
        person = find_person(store, trainee)
    except StoreError:
        brought = bundle_trainee(store, actor, path)
        if brought is None or plain_name(brought[1]) != plain_name(trainee):
            raise
        return BundleSource.of_trainee(brought[0], registrations)
    if person.role is not Role.TRAINEE:
        raise StoreError(Message.of(N_("{name} is not a trainee."), name=person.name))
    return BundleSource.of_trainee(person.id, registrations)


def school_registrations(store: Store, args: argparse.Namespace) -> ServerRegistrations | None:
    """When this desk has a school server (``--server``, ``$CROUPIER_TRAINER_SERVER`` or the
    desk's setting, as the app finds it): its exam registrations, read as ``--server-login``
    (else as the URL says)."""
    from trainer.progress.school.registrations import ServerRegistrations

    url = server_url(store, args.server)
    if url is None:
        return None
    login = args.server_login
    return ServerRegistrations(url, login,
                               password_for(login, SERVER_PASSWORD_ENV) if login else None)


def main(argv: list[str] | None = None,
         run_command: Callable[[argparse.Namespace, Store], str] = run,
         arguments: argparse.ArgumentParser | None = None) -> int:
    args = (arguments or parser()).parse_args(sys.argv[1:] if argv is None else argv)
    i18n.set_language(getattr(args, "lang", None) or i18n.system_language())
    try:
        if getattr(args, "command", None) == "server" and args.task != "work":
            print(school_admin(args, password_for))
            return 0
        check_report_out(args)
        start_log(args.db or default_db_path())  # syncs, imports, backups: for IT to read
        with Store(args.db or default_db_path(),
                   check=getattr(args, "command", None) not in READING_COMMANDS) as store:
            print(run_command(args, store))
            for note in store.damaged_rows:
                print(str(note), file=sys.stderr)
    except (TranslatedError, ValueError) as error:
        print(" ".join(str(error).split()), file=sys.stderr)
        return 1
    except OSError as error:
        print(f"{error.filename or ''}: {error.strerror or error}", file=sys.stderr)
        return 1
    return 0
