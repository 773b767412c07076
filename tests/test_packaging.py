"""The installed package's build definition: only the Qt modules the app uses go in, only
its languages' locale data, and the .deb holds the command, the desktop entry in three
languages, the icons, the school server's service and the machine-wide settings."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "packaging"))
sys.path.insert(0, str(ROOT / "packaging" / "linux"))

import build_deb  # noqa: E402
from qt_modules import EXCLUDED_MODULES, forbidden_in, keep_data  # noqa: E402


def _frozen(tmp_path, *extra):
    folder = tmp_path / "croupier-trainer"
    for name in ("croupier-trainer", "_internal/PySide6/Qt/lib/libQt6Widgets.so.6",
                 "_internal/PySide6/Qt/plugins/platforms/libqxcb.so", *extra):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(b"\x7fELF")
    (folder / "croupier-trainer").chmod(0o755)
    return folder


def test_a_qt_module_the_app_does_not_use_is_found_in_the_build(tmp_path):
    assert forbidden_in(_frozen(tmp_path)) == []
    sneaked = _frozen(tmp_path, "_internal/PySide6/Qt/lib/libQt6Qml.so.6",
                      "_internal/PySide6/Qt/qml/QtQuick/qmldir",
                      "_internal/PySide6/QtWebEngineCore.abi3.so")
    assert forbidden_in(sneaked) == [
        "_internal/PySide6/Qt/lib/libQt6Qml.so.6", "_internal/PySide6/Qt/qml",
        "_internal/PySide6/Qt/qml/QtQuick", "_internal/PySide6/Qt/qml/QtQuick/qmldir",
        "_internal/PySide6/QtWebEngineCore.abi3.so"]


def test_a_build_holding_one_is_refused(tmp_path):
    with pytest.raises(build_deb.BuildRefused, match="Qt modules the app does not use.*Qml"):
        build_deb.build(_frozen(tmp_path, "_internal/PySide6/Qt/lib/libQt6Qml.so.6"),
                        tmp_path, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_no_module_the_app_imports_is_left_out():
    imported = set()
    for folder in ("ui", "trainer", "questions", "i18n"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module:
                    imported.add(node.module)
                elif isinstance(node, ast.Import):
                    imported.update(alias.name for alias in node.names)
    left_out = {name for name in imported
                if any(name == x or name.startswith(x + ".") for x in EXCLUDED_MODULES)}
    assert left_out == set()
    assert "PySide6.QtWidgets" in imported  # the scan saw the app's imports


@pytest.mark.parametrize(("destination", "kept"), [
    ("babel/locale-data/pt_MO.dat", True), ("babel/locale-data/zh_Hant_MO.dat", True),
    ("babel/locale-data/root.dat", True), ("babel/locale-data/en_001.dat", True),
    ("babel/locale-data/fr.dat", False), ("babel/locale-data/ja.dat", False),
    ("PySide6/Qt/translations/qtbase_zh_TW.qm", True),
    ("PySide6/Qt/translations/qtbase_pt_BR.qm", True),
    ("PySide6/Qt/translations/qtbase_fr.qm", False),
    ("PySide6/Qt/translations/qtbase_zh_CN.qm", False),
    ("i18n/locale/zh_Hant_MO/LC_MESSAGES/messages.mo", True),
    ("ui/rulebook/texts/thirteen.json", True),
])
def test_only_the_apps_languages_locale_data_goes_in(destination, kept):
    assert keep_data(destination) is kept


def test_the_package_depends_on_chinese_fonts_and_the_window_libraries():
    depends = build_deb.depends()
    assert "fonts-noto-cjk | fonts-wqy-zenhei" in depends
    assert "libxcb-cursor0" in depends and "libegl1" in depends
    assert "libglib2.0-0t64 | libglib2.0-0" in depends  # Ubuntu 24.04's name, or Debian's


def test_the_desktop_entry_names_the_app_as_it_calls_itself_in_the_three_languages():
    entry = build_deb.desktop_entry()
    assert "\nName=Croupier Trainer\n" in entry
    assert "\nName[pt]=Formação de «Croupiers»\n" in entry
    assert "\nName[zh_TW]=庄荷培訓\n" in entry and "\nName[zh_HK]=庄荷培訓\n" in entry
    assert "\nComment[zh_TW]=按澳門官方規則練習庄荷工作\n" in entry
    assert "\nExec=croupier-trainer\n" in entry and "\nIcon=croupier-trainer\n" in entry


def test_the_deb_holds_the_program_command_entry_icons_service_and_settings(tmp_path):
    icons = tmp_path / "icons" / "hicolor" / "48x48" / "apps"
    icons.mkdir(parents=True)
    (icons / "croupier-trainer.png").write_bytes(b"\x89PNG")
    deb = build_deb.build(_frozen(tmp_path), tmp_path / "icons", tmp_path / "out", "9.8.7")
    assert deb.name == "croupier-trainer_9.8.7_amd64.deb"
    listing = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True,
                             check=True).stdout
    for path in ("./opt/croupier-trainer/croupier-trainer",
                 "./usr/bin/croupier-trainer -> /opt/croupier-trainer/croupier-trainer",
                 "./usr/share/applications/croupier-trainer.desktop",
                 "./usr/share/icons/hicolor/48x48/apps/croupier-trainer.png",
                 "./lib/systemd/system/croupier-trainer-school.service",
                 "./etc/croupier-trainer/school.ini",
                 "./usr/share/doc/croupier-trainer/docs/school-server.md"):
        assert path in listing, path
    assert "root/root" in listing and "-rwxr-xr-x root/root" in listing
    fields = subprocess.run(["dpkg-deb", "-f", str(deb)], capture_output=True, text=True,
                            check=True).stdout
    assert "Version: 9.8.7" in fields and "fonts-noto-cjk" in fields
    conffiles = subprocess.run(["dpkg-deb", "-I", str(deb), "conffiles"], capture_output=True,
                               text=True, check=True).stdout
    assert conffiles == "/etc/croupier-trainer/school.ini\n"  # an update keeps IT's edits


def test_the_service_runs_the_command_the_package_installs_and_is_not_enabled():
    unit = (ROOT / "packaging/linux/croupier-trainer-school.service").read_text()
    assert "ExecStart=/usr/bin/croupier-trainer server work " in unit
    assert "systemctl enable" not in build_deb.POSTINST  # IT enables it
