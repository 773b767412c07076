"""Build the Debian package (Debian 12, Ubuntu 22.04 and 24.04) from the frozen app.

    python packaging/linux/build_deb.py FROZEN_DIR ICON_DIR OUT_DIR

FROZEN_DIR is PyInstaller's folder (build/dist/croupier-trainer), ICON_DIR what
packaging/icons.py wrote. The package installs the program read-only under
/opt/croupier-trainer, the command /usr/bin/croupier-trainer, a desktop entry and icons in
the three languages, the school server's service (disabled), the machine-wide settings
file /etc/croupier-trainer/school.ini (a conffile: an update keeps IT's edits) and the
documentation; it depends on the system's CJK fonts and the libraries Qt's window needs.
Each user's progress is never in the package: it stays in their home through updates and
removal. Uses only dpkg-deb (no network, no fakeroot: --root-owner-group).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "packaging"))

from qt_modules import forbidden_in  # noqa: E402

import i18n  # noqa: E402
from trainer import __version__  # noqa: E402
from ui.system_check import CJK_FONT_PACKAGE, DESKTOP_LIBRARIES, HEADLESS_LIBRARIES  # noqa: E402

PACKAGE = "croupier-trainer"
#: The issue's targets: the package file and what it installs, in bytes.
MAX_DEB = 90 * 1024 * 1024
MAX_INSTALLED = 250 * 1024 * 1024
PROGRAM_DIR = Path("opt") / PACKAGE
#: Debian names a package differently where Ubuntu 24.04 renamed it (the 64-bit time_t
#: transition): either satisfies the dependency.
RENAMED = {"libglib2.0-0": "libglib2.0-0t64 | libglib2.0-0"}
FONTS = f"{CJK_FONT_PACKAGE} | fonts-wqy-zenhei"

#: The menu entry's comment, in the glossary's words (the name is the app's own, from its
#: catalogs: :func:`desktop_entry`).
COMMENTS = {
    "": "Practise dealing Macau's table games by the official rules",
    "pt": "Pratique os jogos de mesa de Macau segundo as regras oficiais",
    "zh_TW": "按澳門官方規則練習庄荷工作",
    "zh_HK": "按澳門官方規則練習庄荷工作",
}
#: Each desktop locale key and the app's language that names it.
ENTRY_LANGUAGES = {"pt": "pt_MO", "zh_TW": "zh_Hant_MO", "zh_HK": "zh_Hant_MO"}


def desktop_entry() -> str:
    """The menu entry, its name in the three languages as the app calls itself."""
    lines = ["[Desktop Entry]", "Type=Application", "Version=1.5", "Name=Croupier Trainer"]
    for key, language in ENTRY_LANGUAGES.items():
        with i18n.speaking(language):
            lines.append(f"Name[{key}]={i18n._('Croupier Trainer')}")
    lines += [f"Comment{f'[{key}]' if key else ''}={text}" for key, text in COMMENTS.items()]
    lines += ["Exec=croupier-trainer", "Icon=croupier-trainer", "Terminal=false",
              "Categories=Education;Game;CardGame;",
              "Keywords=croupier;baccarat;mahjong;dealer;Macau;",
              "StartupWMClass=croupier-trainer"]
    return "\n".join(lines) + "\n"


SCHOOL_INI = """# Croupier Trainer: the school's settings for every user of this desktop (IT's).
# The app reads them at each start; a user's own settings on the instructor desk, the
# environment ($CROUPIER_TRAINER_SERVER) and --server come before them.
[school]
# The school server this desktop syncs with: the desktop's own login, never a password
# (the password goes in each user's ~/.pgpass; see the README's school section).
#server = postgresql://room1_pc01@trainer.school.lan:5432/school?sslmode=require
"""

POSTINST = """#!/bin/sh
set -e
if [ "$1" = configure ]; then
    # The school server's service runs as its own system user (disabled until IT enables it).
    if ! getent passwd croupier-trainer >/dev/null; then
        adduser --system --group --home /var/lib/croupier-trainer --no-create-home \\
            --quiet croupier-trainer
    fi
    if [ -d /run/systemd/system ]; then
        systemctl daemon-reload >/dev/null 2>&1 || true
        # An update restarts the service if IT had it running.
        if systemctl is-active --quiet croupier-trainer-school.service; then
            systemctl restart croupier-trainer-school.service || true
        fi
    fi
    command -v update-desktop-database >/dev/null && update-desktop-database -q || true
    command -v gtk-update-icon-cache >/dev/null && \\
        gtk-update-icon-cache -q -t /usr/share/icons/hicolor || true
fi
exit 0
"""

PRERM = """#!/bin/sh
set -e
if [ "$1" = remove ] && [ -d /run/systemd/system ]; then
    systemctl stop croupier-trainer-school.service >/dev/null 2>&1 || true
fi
exit 0
"""

POSTRM = """#!/bin/sh
set -e
# Each user's progress (~/.local/share/croupier-trainer) is theirs and stays; on purge the
# service's copy of the school in /var/lib/croupier-trainer stays too (IT backs it up).
if [ -d /run/systemd/system ]; then
    systemctl daemon-reload >/dev/null 2>&1 || true
fi
exit 0
"""


def depends() -> str:
    packages = sorted({*HEADLESS_LIBRARIES.values(), *DESKTOP_LIBRARIES.values()})
    return ", ".join([*(RENAMED.get(name, name) for name in packages), FONTS, "adduser"])


def control(installed_kib: int, version: str) -> str:
    return (f"Package: {PACKAGE}\nVersion: {version}\nArchitecture: amd64\n"
            "Maintainer: Croupier Trainer team <trainer@localhost>\n"
            f"Installed-Size: {installed_kib}\nSection: education\nPriority: optional\n"
            f"Depends: {depends()}\n"
            "Description: trains Macau croupiers on the official rules of the table games\n"
            " Deals hands of the 13-card game, Mahjong Baccarat, three-card baccarat, Sap I\n"
            " Chi and Mah-Jong and grades each answer with the article of the regulation\n"
            " behind it; table rounds; exams; progress synced with a school server.\n"
            " In English, Portuguese and Traditional Chinese. Python and Qt are inside.\n")


def _write(path: Path, text: str, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.chmod(mode)


def stage(frozen: Path, icons: Path, tree: Path) -> None:
    shutil.copytree(frozen, tree / PROGRAM_DIR, symlinks=True)
    (tree / "usr" / "bin").mkdir(parents=True)
    (tree / "usr" / "bin" / PACKAGE).symlink_to(Path("/") / PROGRAM_DIR / PACKAGE)
    _write(tree / "usr/share/applications" / f"{PACKAGE}.desktop", desktop_entry())
    shutil.copytree(icons / "hicolor", tree / "usr/share/icons/hicolor")
    linux = ROOT / "packaging" / "linux"
    (tree / "lib/systemd/system").mkdir(parents=True)
    shutil.copy(linux / "croupier-trainer-school.service", tree / "lib/systemd/system")
    _write(tree / "etc" / PACKAGE / "school.ini", SCHOOL_INI)
    doc = tree / "usr/share/doc" / PACKAGE
    (doc / "docs").mkdir(parents=True)
    shutil.copy(ROOT / "README.md", doc / "README.md")
    for page in (ROOT / "docs").glob("*.md"):
        shutil.copy(page, doc / "docs" / page.name)
    shutil.copy(linux / "school-server.env.example", doc / "school-server.env.example")
    _write(doc / "copyright", "Croupier Trainer. Proprietary; the regulations' texts quoted are"
           " the Macau SAR's official texts.\n")
    for path in tree.rglob("*"):  # read-only for users; the program's files as shipped
        if not path.is_symlink():
            mode = path.stat().st_mode
            path.chmod(0o755 if path.is_dir() or mode & 0o111 else 0o644)


class BuildRefused(Exception):
    """The frozen app holds what it must not, or the package is over its size."""


def build(frozen: Path, icons: Path, out_dir: Path, version: str = __version__) -> Path:
    forbidden = forbidden_in(frozen)
    if forbidden:
        raise BuildRefused("Qt modules the app does not use went into the build: "
                           + ", ".join(forbidden[:10]))
    with tempfile.TemporaryDirectory() as work:
        tree = Path(work) / "tree"
        stage(frozen, icons, tree)
        installed_bytes = sum(p.lstat().st_size for p in tree.rglob("*"))
        if installed_bytes > MAX_INSTALLED:
            raise BuildRefused(f"installed size {installed_bytes / 2**20:.0f} MB > 250 MB")
        installed = installed_bytes // 1024 + 1
        debian = tree / "DEBIAN"
        _write(debian / "control", control(installed, version))
        _write(debian / "conffiles", f"/etc/{PACKAGE}/school.ini\n")
        for name, text in (("postinst", POSTINST), ("prerm", PRERM), ("postrm", POSTRM)):
            _write(debian / name, text, 0o755)
        out_dir.mkdir(parents=True, exist_ok=True)
        deb = out_dir / f"{PACKAGE}_{version}_amd64.deb"
        subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(tree),
                        str(deb)], check=True, env={**os.environ, "SOURCE_DATE_EPOCH": "0"},
                       stdout=subprocess.DEVNULL)
        if deb.stat().st_size > MAX_DEB:
            raise BuildRefused(f"package {deb.stat().st_size / 2**20:.0f} MB > 90 MB")
        print(f"{deb}: {deb.stat().st_size / 2**20:.1f} MB, installs "
              f"{installed_bytes / 2**20:.0f} MB", file=sys.stderr)
        return deb


if __name__ == "__main__":
    frozen_dir, icon_dir, out = (Path(arg) for arg in sys.argv[1:4])
    try:
        print(build(frozen_dir, icon_dir, out, *(sys.argv[4:5])))
    except BuildRefused as refused:
        sys.exit(f"package not built: {refused}")
