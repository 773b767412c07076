"""What the frozen app leaves out: only the Qt modules the app uses go in (no QML, Quick,
WebEngine, Designer…), and only its languages' locale data. The build's spec
excludes the rest; a test checks none sneaks in."""

from pathlib import Path

#: Python modules never frozen into the app (PySide6's and pyqtgraph's optional parts).
EXCLUDED_MODULES = [
    "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtQuickWidgets", "PySide6.QtQuickControls2",
    "PySide6.QtQuick3D", "PySide6.QtWebEngineCore", "PySide6.QtWebEngineWidgets",
    "PySide6.QtWebEngineQuick", "PySide6.QtWebChannel", "PySide6.QtWebSockets",
    "PySide6.QtDesigner", "PySide6.QtUiTools", "PySide6.QtHelp", "PySide6.QtMultimedia",
    "PySide6.QtMultimediaWidgets", "PySide6.QtNetwork", "PySide6.QtOpenGLWidgets",
    "PySide6.QtOpenGL", "PySide6.QtSql", "PySide6.QtTest", "PySide6.QtXml",
    "PySide6.QtConcurrent", "PySide6.QtDBus", "PySide6.QtPdf", "PySide6.QtPdfWidgets",
    "PySide6.QtSvgWidgets", "PySide6.Qt3DCore", "PySide6.QtCharts", "PySide6.QtDataVisualization",
    "pyqtgraph.opengl", "pyqtgraph.examples", "pyqtgraph.jupyter", "pyqtgraph.canvas",
    "OpenGL", "matplotlib", "scipy", "IPython", "tkinter", "pytest", "hypothesis",
    "mahjong", "ralph",
]

#: Qt libraries, plugins and files that must not be in the built app (file name parts).
FORBIDDEN_FILES = ["Qt6Qml", "Qt6Quick", "Qt6WebEngine", "Qt6Designer", "Qt6Pdf",
                   "qml/", "QtQml", "QtQuick", "QtWebEngine", "QtDesigner", "Qt6Multimedia"]

#: The locales the app's languages (en, pt_MO, zh_Hant_MO) are formatted in or fall back on.
LANGUAGE_PREFIXES = ("en", "pt", "zh", "root")


def keep_data(destination: str) -> bool:
    """Whether a data file goes into the frozen app: Babel's locale data and Qt's
    translations only for the app's languages."""
    parts = destination.replace("\\", "/").split("/")
    name = parts[-1]
    if "locale-data" in parts:
        return name.startswith(LANGUAGE_PREFIXES)
    if "translations" in parts and name.endswith(".qm"):
        return any(name.endswith((f"_{code}.qm", f"_{code}_TW.qm", f"_{code}_HK.qm"))
                   for code in ("en", "pt", "pt_BR", "pt_PT", "zh"))
    return True


def forbidden_in(folder: Path) -> list[str]:
    """The files of the frozen app at ``folder`` that belong to a Qt module it must not
    hold (relative paths, sorted): empty when only what the app uses went in."""
    found = []
    for path in folder.rglob("*"):
        relative = path.relative_to(folder).as_posix()
        if any(part in relative + ("/" if path.is_dir() else "") for part in FORBIDDEN_FILES):
            found.append(relative)
    return sorted(found)
