"""A language for one thread: a report written in a worker speaks its own language while the
window keeps the user's, and neither switch reaches the other."""

import threading

import pytest

import i18n
from i18n import _, speaking


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_speaking_translates_in_the_block_only_and_tells_no_listener():
    heard = []
    i18n.on_language_change(heard.append)
    with speaking("pt_MO") as chosen:
        assert chosen == "pt_MO" and i18n.current_language() == "pt_MO"
        assert _("Yes") == "Sim" and i18n.locale_of() == "pt_MO"
        with speaking("zh_Hant_MO"):
            assert _("Yes") == "是"
        assert _("Yes") == "Sim"
    assert i18n.current_language() == "en" and _("Yes") == "Yes" and heard == []
    i18n.language._listeners.remove(heard.append)


def test_a_worker_speaking_leaves_the_window_alone_and_sees_its_switch_late():
    inside, may_go, seen = threading.Event(), threading.Event(), {}

    def worker():
        with speaking("zh_Hant_MO"):
            seen["worker"] = _("Yes")
            inside.set()
            may_go.wait(5)
            seen["worker after switch"] = _("Yes")  # the window switched meanwhile
        seen["worker after block"] = i18n.current_language()

    thread = threading.Thread(target=worker)
    thread.start()
    assert inside.wait(5)
    assert _("Yes") == "Yes"  # the window is still in English
    i18n.set_language("pt_MO")  # the user switches while the report runs
    may_go.set()
    thread.join(5)
    assert seen == {"worker": "是", "worker after switch": "是",
                    "worker after block": "pt_MO"}
    assert i18n.current_language() == "pt_MO"  # the worker did not undo the user's choice


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match=r"unknown language 'fr'"), speaking("fr"):
        pass
