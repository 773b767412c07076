"""The learning record store on the desk's export page: its settings typed and saved, an
address that is not one, "Send now" against Ralph's LRS run locally (read back), the sends
of the desk's timer and after the school server's sync, a failure in the status bar, and
refused statements sent again."""

import itertools

import pytest
from PySide6.QtCore import Qt

from tests.progress.ralph_lrs import KEYS, SECRET, free_port, ralph
from trainer.progress import Role
from trainer.progress.people.id_numbers import set_id_number
from trainer.progress.record_store import sending
from trainer.progress.record_store.outbox import counts
from trainer.progress.record_store.settings import record_store, save_record_store
from trainer.progress.xapi_home_page import save_home_page
from ui.desk.jobs import running_jobs

pytest_plugins = ["tests.ui.desk_support"]
LEFT = Qt.MouseButton.LeftButton
HOME = "https://lms.school.edu.mo"
_keys = itertools.count(10)  # apart from tests/progress/test_record_store.py's


@pytest.fixture(scope="module")
def lrs(tmp_path_factory):
    server = ralph(tmp_path_factory.mktemp("ralph"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def key():
    return KEYS[next(_keys)]


@pytest.fixture
def graded(store, instructor, classroom):
    """The trainees with ID numbers and the learning system's address: statements can go."""
    save_home_page(store, instructor, HOME)
    for n, person in enumerate(store.people(Role.TRAINEE)):
        set_id_number(store, instructor, person.id, f"S{1001 + n}")


@pytest.fixture
def box(desk):
    desk.open_page(desk.exports)
    return desk.exports.record_store


def type_settings(qtbot, box, endpoint, key, secret):
    for field, text in ((box.endpoint, endpoint), (box.key, key), (box.secret, secret)):
        field.clear()
        qtbot.keyClicks(field, text)


def test_the_settings_are_saved_and_read_back_the_secret_never_shown(
        qtbot, desk, box, store, instructor):
    type_settings(qtbot, box, "https://lrs.school.edu.mo/xAPI", "desk-7", "s3cret words")
    assert box.secret.echoMode() == box.secret.EchoMode.Password
    qtbot.mouseClick(box.save_button, LEFT)
    assert record_store(store, instructor) == sending.RecordStore(
        "https://lrs.school.edu.mo/xAPI", "desk-7", "s3cret words")
    assert box.result.text() == "The learning record store was saved."
    assert box.secret.text() == ""
    box.endpoint.clear()
    box.reload()  # as the page opened again
    assert (box.endpoint.text(), box.key.text(), box.secret.text()) == (
        "https://lrs.school.edu.mo/xAPI", "desk-7", "")
    assert box.secret.placeholderText() == "saved; type a new one to change it"
    from PySide6.QtWidgets import QLabel, QLineEdit
    shown = [w.text() for kind in (QLabel, QLineEdit) for w in box.findChildren(kind)]
    assert not [text for text in shown if "s3cret" in text]
    box.key.setText("desk-8")  # the secret typed empty: the saved one is kept
    qtbot.mouseClick(box.save_button, LEFT)
    assert record_store(store, instructor).secret == "s3cret words"


def test_an_address_that_is_not_one_is_said_and_nothing_is_lost(
        qtbot, box, store, instructor):
    type_settings(qtbot, box, "lrs.school.edu.mo", "desk-7", "s3cret")
    qtbot.mouseClick(box.send_button, LEFT)  # saves what was typed first
    assert box.endpoint_problem.isVisible()
    assert box.endpoint_problem.text().startswith(
        "Type the whole address of the learning record store's xAPI endpoint")
    assert box.result.text().startswith("The learning record store cannot be saved")
    assert (box.endpoint.text(), box.key.text(), box.secret.text()) == (
        "lrs.school.edu.mo", "desk-7", "s3cret")
    assert box.endpoint.hasFocus() and record_store(store, instructor) is None
    assert running_jobs() == 0 and desk_sends(box) == 0


def desk_sends(box):
    return box._sender.started


def test_send_now_sends_to_the_record_store_and_says_the_counts(
        qtbot, desk, box, store, instructor, graded, lrs, key):
    box.reload()
    waiting = counts(store).queued
    assert waiting > 10
    assert box.counts.text() == (f"Statements waiting to be sent: {waiting}; sent: 0; refused "
                                 "by the record store: 0.")
    type_settings(qtbot, box, lrs.endpoint, key, SECRET)
    with qtbot.waitSignal(desk.record_store_sync.sent, timeout=60_000):
        qtbot.mouseClick(box.send_button, LEFT)
        assert not box.send_button.isEnabled()  # one send at a time
    assert box.result.text() == f"{waiting} statements sent to the learning record store."
    assert box.counts.text() == (f"Statements waiting to be sent: 0; sent: {waiting}; refused "
                                 "by the record store: 0.")
    assert box.send_button.isEnabled() and not box.again_button.isVisible()
    back = lrs.statements(key)
    assert len(back) == len({s["id"] for s in back}) == waiting
    assert {s["actor"]["account"]["homePage"] for s in back} == {HOME}


def test_the_desks_timer_sends_once_what_is_queued(qtbot, desk, store, instructor, graded,
                                                   lrs, key):
    sender = desk.record_store_sync
    assert sender.every.isActive()  # no school server: the desk's own timer
    waiting = counts(store).queued
    save_record_store(store, instructor, lrs.endpoint, key, SECRET)
    with qtbot.waitSignal(sender.sent, timeout=60_000) as first:
        sender.every.timeout.emit()
        sender.every.timeout.emit()  # while the first runs: after it, not beside it
    assert first.args[0].sent == waiting
    qtbot.waitUntil(lambda: not sender.running and running_jobs() == 0, timeout=60_000)
    assert sender.started == 2 and counts(store).sent == waiting
    back = [s["id"] for s in lrs.statements(key)]
    assert len(back) == len(set(back)) == waiting
    assert sender.label.text() == "Learning record store: up to date"


def test_nothing_is_sent_while_no_record_store_is_set(desk):
    desk.record_store_sync.every.timeout.emit()
    desk.record_store_sync.opened()
    assert desk.record_store_sync.started == 0 and running_jobs() == 0


def test_after_the_school_servers_sync_the_queue_goes_too(
        qtbot, desk, store, instructor, graded, lrs, key):
    sender = desk.record_store_sync
    save_record_store(store, instructor, lrs.endpoint, key, SECRET)
    school = desk._school
    with qtbot.waitSignal(sender.sent, timeout=60_000):
        school.use_url(f"http://127.0.0.1:{free_port()}")  # offline: its sync fails
    assert not sender.every.isActive()  # the school server's sync sets the pace
    school.use_url(None)
    assert sender.every.isActive()
    assert lrs.statements(key) and counts(store).queued == 0


def test_a_failed_send_says_its_sentence_in_the_status_bar_and_keeps_the_queue(
        qtbot, qapp, store, instructor, graded):
    from ui.app import build_window
    from ui.desk.desk import InstructorDesk
    window = build_window(store, qapp, "en")
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    address = f"127.0.0.1:{free_port()}"
    save_record_store(store, instructor, f"http://{address}/xAPI", "desk", SECRET)
    waiting = counts(store).queued
    desk = InstructorDesk(store, instructor, window.school)
    with qtbot.waitSignal(desk.record_store_sync.failed, timeout=60_000):
        window.show_desk(desk)  # an instructor opens the desk: it sends
    label = desk.record_store_sync.label
    assert label.isVisible() and label.parent() is window.statusBar()
    assert label.text().startswith(
        f"Learning record store: The learning record store at {address} cannot be reached "
        "now")
    assert counts(store).queued == waiting and counts(store).sent == 0
    qtbot.waitUntil(lambda: running_jobs() == 0, timeout=30_000)
    window.close_desk()
    from PySide6.QtWidgets import QLabel
    qtbot.waitUntil(lambda: not window.statusBar().findChildren(QLabel, "recordStore"))


def test_refused_statements_are_sent_again_when_the_instructor_asks(
        qtbot, desk, box, store, instructor, graded, lrs, key, monkeypatch):
    real, refused = sending._request, []

    def refusing_one(target, method, url, body):
        if method == "POST" and not refused:
            return 400, "one statement is not valid"
        if method == "PUT" and not refused:
            refused.append(body["id"])
            return 400, "score out of range"
        return real(target, method, url, body)

    monkeypatch.setattr(sending, "_request", refusing_one)
    type_settings(qtbot, box, lrs.endpoint, key, SECRET)
    with qtbot.waitSignal(desk.record_store_sync.sent, timeout=60_000):
        qtbot.mouseClick(box.send_button, LEFT)
    assert box.result.text().endswith("1 statement was refused by it.")
    assert box.counts.text().endswith(
        "refused by the record store: 1. The latest refusal: HTTP 400: score out of range")
    assert box.again_button.isVisible()
    qtbot.mouseClick(box.again_button, LEFT)
    assert box.result.text() == "1 refused statement is queued again; it goes with the next send."
    assert not box.again_button.isVisible() and counts(store).queued == 1
    with qtbot.waitSignal(desk.record_store_sync.sent, timeout=60_000):
        qtbot.mouseClick(box.send_button, LEFT)
    assert box.result.text() == "1 statement sent to the learning record store."
    assert refused[0] in {s["id"] for s in lrs.statements(key)}


def test_sentences_are_joined_without_a_space_after_a_chinese_full_stop():
    from ui.desk.record_store_sync import joined
    assert joined("Sent: 3.", "Refused: 1.") == "Sent: 3. Refused: 1."
    assert joined("已傳送 3 條。", "其中 1 條被拒絕。") == "已傳送 3 條。其中 1 條被拒絕。"
