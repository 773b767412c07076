"""The statements that set up a school server, as psycopg runs them."""

from __future__ import annotations

from psycopg import sql

#: One statement for ``execute``: plain SQL, or SQL composed with quoted names and values
#: (never text pasted together).
Statement = sql.SQL | sql.Composed
