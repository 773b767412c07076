"""Say which Debian packages a bare machine lacks for Qt and for Chinese text.

Runs before Qt is imported (ctypes only), so a missing library becomes a clear list of
packages to install instead of a crash deep inside Qt.

    python -m ui.system_check test   # what the headless test suite needs
    python -m ui.system_check run    # what the app needs on a desktop (X11/xcb)

Every way of starting the window (``make run``, ``python -m ui``, the ``croupier-trainer``
command, the frozen app) asks :func:`window_can_open` before a ``QApplication`` is made: with
no display it says so in one sentence, in the user's language as the environment names it
(``--language``, else ``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG``), instead of Qt's
abort blaming an installed library.
"""

from __future__ import annotations

import ctypes
import glob
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping

import i18n
from i18n import N_, _

#: Shared library (by soname) → the Debian package that ships it.
HEADLESS_LIBRARIES = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
}
DESKTOP_LIBRARIES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libX11-xcb.so.1": "libx11-xcb1",
}
CJK_FONT_PACKAGE = "fonts-noto-cjk"
FONT_GLOBS = ("/usr/share/fonts/**/*CJK*", "/usr/share/fonts/**/wqy*",
              "/usr/local/share/fonts/**/*CJK*")


def missing_packages(profile: str) -> list[str]:
    libraries = dict(HEADLESS_LIBRARIES)
    if profile == "run" and os.environ.get("QT_QPA_PLATFORM", "xcb").startswith("xcb"):
        libraries |= DESKTOP_LIBRARIES
    missing = [package for soname, package in libraries.items() if not _loads(soname)]
    if not _has_chinese_font():
        missing.append(CJK_FONT_PACKAGE)
    return missing


def _loads(soname: str) -> bool:
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def _has_chinese_font() -> bool:
    if shutil.which("fc-list"):
        listed = subprocess.run(["fc-list", ":lang=zh-tw", "family"], capture_output=True,
                                text=True, check=False).stdout
        return bool(listed.strip())
    return any(glob.glob(pattern, recursive=True) for pattern in FONT_GLOBS)


def has_display(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the window has a screen to open on (Qt says otherwise only after it has
    blamed a library that is installed)."""
    environ = environ if environ is not None else os.environ
    platform = environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith(("xcb", "wayland")):
        return True  # offscreen, vnc, …: no screen needed
    return bool(environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


#: What a start without a display says (one sentence, on stderr).
NO_DISPLAY = N_("There is no display to open the window on (neither DISPLAY nor "
                "WAYLAND_DISPLAY is set): start the app from the desktop, or over SSH with "
                "ssh -X.")


def window_can_open(language: str | None = None,
                    environ: Mapping[str, str] | None = None) -> bool:
    """Whether the window has a screen to open on; if not (Linux only: elsewhere there is
    always one), say so on stderr in ``language`` or the environment's, before Qt is
    started (Qt would abort with a misleading message about a missing library)."""
    if not sys.platform.startswith("linux") or has_display(environ):
        return True
    i18n.set_language(language or i18n.system_language(
        dict(environ if environ is not None else os.environ)))
    print(_(NO_DISPLAY), file=sys.stderr)
    return False


def main(argv: list[str]) -> int:
    profile = argv[0] if argv else "test"
    if not sys.platform.startswith("linux"):
        return 0
    if profile == "run" and not window_can_open():
        return 1
    missing = missing_packages(profile)
    if missing:
        print("Missing system packages for Qt and Chinese text: " + " ".join(missing),
              file=sys.stderr)
        print("Install them with: sudo apt-get install -y " + " ".join(missing),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
