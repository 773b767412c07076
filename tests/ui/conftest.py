import pytest

from ui.app import build_window


@pytest.fixture
def window(qtbot, qapp, store):
    """The main window on a fresh store, in English, with one trainee."""
    store.add_person("Chan Tai Man")
    main = build_window(store, qapp, "en")
    qtbot.addWidget(main)
    main.resize(1280, 800)
    main.show()
    qtbot.waitExposed(main)
    return main
