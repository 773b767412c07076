"""Every screen in the three languages at 1280×800 and 1920×1080, saved for a person to look
at: tests/screenshots/app-<size>-<language>-<screen>.png (no clipped text, no boxes for
Chinese, nothing overlapping)."""

import pytest
from screens_support import SCREENS, an_exam, walk_every_screen

import i18n

SIZES = {"1280x800": (1280, 800), "1920x1080": (1920, 1080)}


@pytest.fixture
def exam(store):
    return an_exam(store)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_screen(qtbot, window, store, exam, screenshot_dir, monkeypatch, language, size):
    window.resize(*SIZES[size])
    window.switch_language(language)
    saved = []

    def shot(name):
        path = screenshot_dir / f"app-{size}-{language}-{name}.png"
        picture = window.grab()
        assert picture.width() == SIZES[size][0] and picture.save(str(path))
        saved.append(name)

    walk_every_screen(qtbot, window, store, monkeypatch, shot)
    assert saved == SCREENS
