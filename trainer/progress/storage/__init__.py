"""The storage under progress: the store (one SQLite file per desktop, opened through
sqlite-utils) and its one gate (``database``), the rows written without a check of who
acts (``ledger``), the schema and its migrations, the checks of stored values, damaged
rows, the error a user can meet (``errors``), the rolling backups and where the file is
kept (``paths``). The rooms of ``trainer.progress`` build on it; the UI reaches it only
through them (an import contract)."""
