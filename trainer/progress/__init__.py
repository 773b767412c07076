"""Progress: people and roles, attempts, mastery, self-study, exams, reports and bundles.

SQLite through sqlite-utils, no Qt. The modules, by what they are about:
``store`` (the database, attempts), ``people`` (roles, passwords, who may see what),
``mastery`` and ``targets``, ``self_study`` (FSRS spacing), ``exams``, ``reports`` with
``report_csv`` (the PDF is drawn in ``ui/report_pdf.py``), ``bundle_export`` and
``bundle_import`` (moving progress between desktops), ``backups`` and ``demo``.
"""

from trainer.progress.store import Attempt, Person, Role, Store, StoreError

__all__ = ["Attempt", "Person", "Role", "Store", "StoreError"]
