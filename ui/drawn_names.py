"""Names as a PDF draws them: in the order they were typed, whatever bidi controls they hold,
isolated from the words around them, and every character the installed fonts can draw drawn.

A name is anyone's typing (or an old bundle's): a right-to-left override in it would reverse
the name and the text after it ("Anaexe.live"), so explicit bidi controls are taken out and
the name is put in a first-strong isolate (FSI … PDI), where an Arabic or Hebrew name still
runs right to left. A character no installed font has would be an empty box that tells the
instructor nothing; it is written as its code point instead (``[U+1230 U+120B]``), which
names it exactly. Long names wrap where they must (:func:`wrapping`), never cut.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF, QTextLayout, QTextOption

FSI, PDI = "\u2068", "\u2069"
#: Embeddings, overrides and isolates (marks such as RLM only lean neutral characters).
BIDI_CONTROLS = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))


def wrapping(align: Qt.AlignmentFlag) -> QTextOption:
    """Text wrapped between words, or anywhere in a word longer than its line."""
    option = QTextOption(align | Qt.AlignmentFlag.AlignVCenter)
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    return option


def drawn_name(name: str, font: QFont) -> str:
    """``name`` as it should be drawn in ``font`` (with its fallbacks), isolated."""
    shown: list[str] = []
    missing: list[str] = []
    for character in name.translate(BIDI_CONTROLS):
        if _drawable(character, font.family(), font.styleName(), font.bold()):
            if missing:
                shown.append(_code_points(missing))
                missing = []
            shown.append(character)
        else:
            missing.append(character)
    if missing:
        shown.append(_code_points(missing))
    return FSI + "".join(shown) + PDI


def _code_points(characters: list[str]) -> str:
    return "[" + " ".join(f"U+{ord(c):04X}" for c in characters) + "]"


@lru_cache(maxsize=4096)
def _drawable(character: str, family: str, style: str, bold: bool) -> bool:
    """Whether ``font`` or a font Qt falls back on has ``character``, and its layout draws
    it with that glyph (glyph 0 is the .notdef box). Spaces and format characters draw
    nothing and need no glyph."""
    if character.isspace() or not character.isprintable() and ord(character) > 0x7F:
        return True
    font = QFont(family)
    font.setStyleName(style)
    font.setBold(bold)
    if not QFontMetricsF(font).inFontUcs4(ord(character)):
        return False
    layout = QTextLayout(character, font)
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    runs = layout.glyphRuns()
    return bool(runs) and all(index != 0 for run in runs for index in run.glyphIndexes())
