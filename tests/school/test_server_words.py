"""What a desktop says when the school server cannot be used: one translated sentence
chosen from libpq's own words (no server needed for these)."""

from __future__ import annotations

import pytest

from trainer.progress.school.server.connection import add_instructor_login, unreachable
from trainer.progress.school.server.schema import SchoolError

UNREACHABLE = "postgresql://nobody@127.0.0.1:1/none"


@pytest.mark.parametrize("libpq, said, offline", [
    ("SSL SYSCALL error: EOF detected", "certificate could not be checked", False),
    ("server certificate for \"school\" does not match host name",
     "certificate could not be checked", False),
    ("password authentication failed for user \"mestre\"", "refused the name or password",
     False),
    ("FATAL: no pg_hba.conf entry: authentication method requires", "refused the name",
     False),
    ("FATAL: database \"school\" does not exist", "has no such school database", False),
    # Peer authentication on the local socket: an OS user with no role of that name.
    ("FATAL: role \"mestre\" does not exist", "refused the name or password", False),
    ("the database system is starting up", "cannot be reached", True),
    ("connection refused: is the server running on that host", "cannot be reached", True),
])
def test_libpqs_words_become_one_sentence(libpq, said, offline):
    error = unreachable(Exception(libpq))
    assert said in str(error) and error.offline is offline


@pytest.mark.parametrize("login, password", [("", "secret"), ("mestre", ""), ("m" * 64, "x")])
def test_an_instructor_login_needs_a_name_of_63_characters_at_most_and_a_password(
        login, password):
    with pytest.raises(SchoolError, match="needs a name and a password"):
        add_instructor_login(UNREACHABLE, login, password)


def test_a_name_of_63_characters_is_taken_to_the_server():
    with pytest.raises(SchoolError, match="cannot be reached"):
        add_instructor_login(UNREACHABLE, "m" * 63, "secret")
