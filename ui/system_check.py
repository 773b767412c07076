"""Say which Debian packages a bare machine lacks for Qt and for Chinese text.

Runs before Qt is imported (ctypes only), so a missing library becomes a clear list of
packages to install instead of a crash deep inside Qt.

    python -m ui.system_check test   # what the headless test suite needs
    python -m ui.system_check run    # what the app needs on a desktop (X11/xcb)
"""

from __future__ import annotations

import ctypes
import glob
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping

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


def main(argv: list[str]) -> int:
    profile = argv[0] if argv else "test"
    if not sys.platform.startswith("linux"):
        return 0
    if profile == "run" and not has_display():
        print("There is no display to open the window on (neither DISPLAY nor "
              "WAYLAND_DISPLAY is set): start the app from the desktop, or over SSH with "
              "ssh -X.", file=sys.stderr)
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
