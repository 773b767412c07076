"""What the mutation runs of issue 32 found untested in a trainee's sign-in at a school
(:mod:`trainer.progress.school.identity`), each test naming the behaviour it guards."""

from __future__ import annotations

import psycopg
import pytest

from tests.school import test_identity
from tests.school.school import PIN
from trainer.progress.school.identity import sign_in_at_school, sign_in_trainee
from trainer.progress.school.server.schema import SchoolError

#: Ana and Eve signed in on their desktops, an exam asking for the PIN.
classroom = test_identity.classroom


def test_a_server_failing_under_a_trainees_sign_in_is_offline_and_the_pin_kept_here_checks(
        school_setup, classroom):
    """Once connected, any failure of the server under a PIN try (here the PINs' table is
    gone, as halfway through a botched upgrade) is told as the server not answering — so a
    trainee who signed in here before is checked against the PIN check kept here, as when
    the server cannot be reached at all."""
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    store, url = ana_desktop.store, ana_desktop.url
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
        admin.execute("ALTER TABLE trainee_pins RENAME TO trainee_pins_away")
        try:
            with pytest.raises(SchoolError, match="stopped answering; try again in a "
                               "moment") as stopped:
                sign_in_at_school(store, url, ana.id, PIN)
            assert stopped.value.offline
            assert sign_in_trainee(store, url, ana.id, PIN).proven
        finally:
            admin.execute("ALTER TABLE trainee_pins_away RENAME TO trainee_pins")
