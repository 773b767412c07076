"""One real PostgreSQL per test session (see :mod:`tests.school.cluster`), a fresh database
per test. Where PostgreSQL is truly missing the school tests are skipped with one clear line;
in CI (``CI=true``) a missing PostgreSQL fails the run instead."""

from __future__ import annotations

import contextlib
import itertools
import os

import psycopg
import pytest

from tests.school.cluster import Cluster, binaries

_numbers = itertools.count()


@pytest.fixture(scope="session")
def cluster():
    bindir = binaries()
    if bindir is None:
        message = ("PostgreSQL is not installed (no initdb in `pg_config --bindir` or "
                   "/usr/lib/postgresql/*/bin): the school server tests cannot run")
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    started = Cluster.start(bindir)
    yield started
    started.stop()


@pytest.fixture
def school(cluster):
    """A new, empty database on the tests' server: its name, as a school's IT would create."""
    name = f"school{next(_numbers)}"
    with psycopg.connect(cluster.url(), autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    return name


@pytest.fixture
def school_setup(cluster, school, tmp_path):
    """A school: its server set up, an instructor desk with its instructor, and a way to
    open trainee desktops (see :mod:`tests.school.school`)."""
    from tests.school.school import make_school
    with contextlib.ExitStack() as stack:
        yield make_school(cluster, school, tmp_path, stack)
