"""Progress: people and roles, attempts, mastery, self-study, exams, reports and bundles.

SQLite through sqlite-utils, no Qt. The store itself is here: ``store`` (the database,
attempts, the one place writes begin), ``errors`` (the error a user can meet, below every
module), ``schema`` (migrations and the triggers that guard results), ``backups``,
``paths``, ``house_rules``, ``progress_steps`` (long work told and cancelled), ``demo`` and
``command_line``. Its rooms:
``people`` (names, accounts and roles, passwords and PINs, extra time), ``learning`` (summaries,
mastery and targets, self-study's spacing, the calendar), ``exams`` (sittings and their
grading), ``reports`` (figures, spreadsheets, words; the PDF is drawn in
``ui/report_pdf.py``) and ``bundles`` (progress moved between desktops).
"""

from trainer.progress.store import Attempt, Person, Role, Store, StoreError

__all__ = ["Attempt", "Person", "Role", "Store", "StoreError"]
