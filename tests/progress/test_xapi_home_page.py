"""The school's learning record store address: checked, saved by instructors, shared."""

import pytest

from trainer.progress import StoreError
from trainer.progress.people.accounts import NotAllowed
from trainer.progress.school.sync import take_settings
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import stored_setting
from trainer.progress.xapi_home_page import (
    SETTING,
    check_home_page,
    home_page,
    is_home_page,
    save_home_page,
)


@pytest.mark.parametrize("text", ["https://lms.school.edu.mo", "http://10.0.0.5:8080/moodle",
                                  "https://lms.example.mo/?school=1"])
def test_addresses_that_are_home_pages(text):
    assert is_home_page(text)


@pytest.mark.parametrize("text", ["lms.school.edu.mo", "ftp://lms.school.edu.mo", "https://",
                                  "https://lms school.mo", "mailto:a@b.mo", "",
                                  "https://[::1", "https://a.mo/" + "x" * 500])
def test_addresses_that_are_not(text):
    assert not is_home_page(text)


def test_an_instructor_saves_it_and_a_bad_one_is_refused_in_words(store, instructor):
    assert home_page(store) == ""
    assert save_home_page(store, instructor, "  https://lms.school.edu.mo ") == \
        "https://lms.school.edu.mo"
    assert home_page(store) == "https://lms.school.edu.mo"
    with pytest.raises(StoreError, match="beginning with https://"):
        check_home_page("lms.school.edu.mo")
    assert home_page(store) == "https://lms.school.edu.mo"
    save_home_page(store, instructor, "")
    assert home_page(store) == ""


def test_only_an_instructor_sets_it(store, ana):
    with pytest.raises(NotAllowed, match="Only an instructor"):
        save_home_page(store, ana, "https://lms.school.edu.mo")


def test_it_is_a_school_setting_sent_to_the_server(store, instructor):
    save_home_page(store, instructor, "https://lms.school.edu.mo")
    assert connection(store).execute("SELECT count(*) FROM school_outbox WHERE tbl = 'settings' "
                            "AND key = ?", [SETTING]).fetchone()[0] == 1


def test_one_from_the_server_is_taken_only_if_it_is_an_address(store):
    connection(store).execute("DELETE FROM school_outbox")
    take_settings(connection(store), [(SETTING, "not an address")])
    assert stored_setting(store, SETTING) is None
    take_settings(connection(store), [(SETTING, "https://lms.school.edu.mo")])
    assert stored_setting(store, SETTING) == "https://lms.school.edu.mo"
