"""Progress: people and roles, attempts, mastery, self-study, exams, reports and bundles.

SQLite through sqlite-utils, no Qt. The storage under it is a room of its own,
``storage`` (the store and its one gate, the ledger of rows, the schema, backups, paths);
here are what the app calls besides the rooms: ``practice`` (a person's sessions and
answers), ``desktop`` (what a desktop remembers), ``house_rules``, ``progress_steps`` (long
work told and cancelled), ``demo`` and ``command_line``. Its rooms:
``people`` (names, accounts and roles, passwords and PINs, extra time), ``learning`` (summaries,
mastery and targets, self-study's spacing, the calendar), ``exams`` (sittings and their
grading), ``reports`` (figures, spreadsheets, words; the PDF is drawn in
``ui/report_pdf.py``) and ``bundles`` (progress moved between desktops).
"""

from trainer.progress.storage.store import Attempt, Person, Role, Store, StoreError

__all__ = ["Attempt", "Person", "Role", "Store", "StoreError"]
