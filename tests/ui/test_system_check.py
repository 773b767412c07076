"""make run says there is no display before Qt blames an installed library."""

import pytest

from ui import system_check


@pytest.mark.parametrize(("environ", "shown"), [
    ({}, False),
    ({"DISPLAY": ":0"}, True),
    ({"WAYLAND_DISPLAY": "wayland-0"}, True),
    ({"QT_QPA_PLATFORM": "xcb"}, False),
    ({"QT_QPA_PLATFORM": "offscreen"}, True),
])
def test_a_display_is_looked_for_first(environ, shown):
    assert system_check.has_display(environ) is shown


def test_run_without_a_display_says_so(monkeypatch, capsys):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    assert system_check.main(["run"]) == 1
    assert "no display" in capsys.readouterr().err
