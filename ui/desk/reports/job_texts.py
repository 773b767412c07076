"""What a job of the Exports page says while it runs: what it is doing, how far it got."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from babel.numbers import format_percent

import i18n
from i18n import _, ngettext
from trainer.progress.bundles.importing import import_pass
from trainer.progress.reports.words import number

#: What a running job says it is doing, given (done, total) once it told some progress.
Doing = Callable[[tuple[int, int] | None], str]


def percent_text(done: int, total: int) -> str:
    """How far a job got, as a whole percentage in the current locale ("40%", "40 %")."""
    share = Decimal(done * 100 // max(1, total)) / 100
    return format_percent(share, locale=i18n.locale_of())


def count_text(value: int) -> str:
    return number(value, i18n.current_language())


def entries_text(stage: str, done: int, total: int) -> str:
    """A counted stage of a bundle's export or import: "… {done} of {total} entries"."""
    if stage == "write":
        text = ngettext("Writing the bundle… {done} of {total} entry",
                        "Writing the bundle… {done} of {total} entries", total)
    elif stage == "read":
        text = ngettext("Reading the bundle… {done} of {total} entry",
                        "Reading the bundle… {done} of {total} entries", total)
    elif stage == "check":
        text = ngettext("Checking the bundle… {done} of {total} entry",
                        "Checking the bundle… {done} of {total} entries", total)
    else:
        text = ngettext("Adding the bundle's progress… {done} of {total} entry",
                        "Adding the bundle's progress… {done} of {total} entries", total)
    return text.format(done=count_text(done), total=count_text(total))


def writing_answers(counted: tuple[int, int] | None) -> str:
    if counted is None:
        return _("Writing every answer…")
    done, total = counted
    return ngettext("Writing every answer… {done} of {total} answer",
                    "Writing every answer… {done} of {total} answers", total).format(
        done=count_text(done), total=count_text(total))


def writing_bundle(counted: tuple[int, int] | None) -> str:
    return _("Writing the bundle…") if counted is None else entries_text("write", *counted)


def importing(counted: tuple[int, int] | None) -> str:
    """What an import is doing: which of its passes, and how far through the bundle."""
    if counted is None:
        return _("Checking the bundle, then adding its progress…")
    stage, done, rows = import_pass(*counted)
    if stage == "summaries":
        return _("Bringing the trainees' summaries up to date…")
    return entries_text(stage, done, rows)
