"""Refresh, compile and check the gettext catalogs with babel.

    python -m i18n.catalogs update   # extract messages.pot, merge into every .po, compile
    python -m i18n.catalogs check    # fail if a catalog lacks a translation or a .mo is stale

English is the source language: new English entries take their message id as the
translation, so only Portuguese and Chinese need a translator.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from i18n.language import DOMAIN, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parent.parent
SOURCE_PACKAGES = ("trainer", "questions", "ui", "i18n")
POT_FILE = Path(__file__).with_name("messages.pot")
#: ``Message.counted(singular, plural, count)`` is found by its last name, ``counted``.
#: A message's id or translation: one text, or a plural's forms.
Forms = str | tuple[str, ...]

KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "NP_": (1, 2), "counted": (1, 2)}


def extract() -> Catalog:
    """Every message marked in the source packages, with where it is used."""
    catalog = Catalog(project="croupier-trainer", charset="utf-8")
    for package in SOURCE_PACKAGES:
        method_map = [("**.py", "python")]
        for filename, lineno, message, comments, context in extract_from_dir(
            ROOT / package, method_map, keywords=KEYWORDS, comment_tags=("Translators:",)
        ):
            location = (f"{package}/{filename}", lineno)
            catalog.add(message, None, [location], auto_comments=comments, context=context)
    return catalog


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(language: str) -> Catalog:
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language)


def mo_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def update() -> None:
    """Extract, merge into each language's .po (creating it if new) and compile."""
    template = extract()
    with POT_FILE.open("wb") as handle:
        write_po(handle, template, omit_header=False, sort_output=True)
    for language in LANGUAGES:
        path = po_path(language)
        if path.exists():
            catalog = read_catalog(language)
            catalog.update(template, no_fuzzy_matching=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=language, project="croupier-trainer", charset="utf-8")
            catalog.update(template, no_fuzzy_matching=True)
        if language == "en":
            for message in catalog:  # English is the source: msgid (and plural) as is
                if message.id and not _translated(message):
                    message.string = message.id
        _fill_header(catalog, template)
        with path.open("wb") as handle:
            write_po(handle, catalog, sort_output=True, ignore_obsolete=True, width=100)
        path.with_suffix(".mo").write_bytes(mo_bytes(read_catalog(language)))


#: The header every catalog carries, instead of Babel's placeholders.
HEADER = {"version": "0.1", "msgid_bugs_address": "croupier-trainer@localhost",
          "copyright_holder": "the croupier-trainer team",
          "last_translator": "croupier-trainer team <croupier-trainer@localhost>"}
TEAMS = {"pt_MO": "Português (Macau)", "zh_Hant_MO": "中文（澳門）", "en": "English"}


def _fill_header(catalog: Catalog, template: Catalog) -> None:
    for name, value in HEADER.items():
        setattr(catalog, name, value)
    team = TEAMS[str(catalog.locale_identifier)]
    catalog.language_team = f"{team} <croupier-trainer@localhost>"
    catalog.revision_date = template.creation_date
    catalog.fuzzy = False
    catalog.header_comment = (
        f"# {TEAMS[str(catalog.locale_identifier)]}: the messages of croupier-trainer.\n"
        "# Copyright (C) the croupier-trainer team; distributed under the same license as "
        "croupier-trainer.\n#")


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings)


def problems() -> list[str]:
    """Everything that stops the catalogs from shipping, one line each."""
    found = []
    wanted = {m.id for m in extract() if m.id}
    for language in LANGUAGES:
        if not po_path(language).exists():
            found.append(f"{language}: no catalog at {po_path(language)}")
            continue
        catalog = read_catalog(language)
        for msgid in sorted(wanted, key=str):
            message = catalog.get(msgid if isinstance(msgid, str) else msgid[0])
            if message is None:
                found.append(f"{language}: missing {msgid!r} (run: make catalogs)")
            elif message.fuzzy or not all(message.string if isinstance(message.string, tuple)
                                          else (message.string,)):
                found.append(f"{language}: untranslated {msgid!r}")
        mo = po_path(language).with_suffix(".mo")
        if not mo_is_current(catalog, mo):
            found.append(f"{language}: {mo.name} is stale (run: make catalogs)")
        found += gnu_problems(po_path(language))
    return found


def gnu_problems(po: Path) -> list[str]:
    """What GNU ``msgfmt --check`` finds in ``po``: standard translation tools must
    accept our catalogs too (a format flag that does not fit, a placeholder header)."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        return [f"{po}: msgfmt is not installed, so the catalog cannot be checked "
                "(apt-get install gettext)"]
    run = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(po)],
                         capture_output=True, text=True, check=False)
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    if run.returncode != 0 or lines:
        return [f"msgfmt: {line}" for line in lines] or [f"{po}: msgfmt failed"]
    return []


def mo_is_current(catalog: Catalog, mo: Path) -> bool:
    """Whether the compiled file ``mo`` holds exactly the messages of ``catalog``.

    Messages, not bytes: two Babel releases write different bytes for the same catalog.
    """
    if not mo.exists():
        return False
    with mo.open("rb") as handle:
        try:
            compiled = read_mo(handle)
        except (OSError, ValueError, UnicodeDecodeError):
            return False
    return compiled_messages(compiled) == compiled_messages(catalog)


def compiled_messages(catalog: Catalog) -> dict[str | tuple[str | None, Forms], Forms]:
    """What a compiled catalog holds: the plural rule and every translated, non-fuzzy
    message by its context and id (what ``write_mo`` keeps and gettext looks up)."""
    held: dict[str | tuple[str | None, Forms], Forms] = {"plural-forms": catalog.plural_forms}
    for message in catalog:
        if message.id and message.string and not message.fuzzy:
            held[(message.context, _plain(message.id))] = _plain(message.string)
    return held


def _plain(value: Forms | list[str]) -> Forms:
    """A plural's forms as a tuple, whether read from a .po (tuple) or a .mo (list)."""
    return tuple(value) if isinstance(value, (list, tuple)) else value


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
        return 0
    if command == "check":
        found = problems()
        for line in found:
            print(line, file=sys.stderr)
        return 1 if found else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
