"""The faces of Mah-Jong tiles, drawn in a tile's face rectangle (see ``tiles.py``).

Every face is told apart by its shape and its characters, not only by its colour:
characters (萬) carry the Chinese numeral, circles a pattern of rings, bamboos a pattern of
sticks (1 bamboo a bird), the winds and the red and green dragons their characters, and
the white dragon a framed blank. Glyphs are painted as outlines fitted to their box, so
they stay crisp at any size.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QTransform

from ui.palette import swatch

RED = swatch("tile_red")
GREEN = swatch("tile_green")
BLUE = swatch("tile_blue")
INK = swatch("tile_ink")
_IVORY = swatch("tile_face")

NUMERALS = "一二三四五六七八九"
HONOUR_GLYPHS = {"E": "東", "S": "南", "W": "西", "N": "北", "C": "中", "F": "發"}
_CJK_FAMILIES = ["Noto Serif CJK TC", "Noto Sans CJK TC", "Noto Sans CJK HK",
                 "WenQuanYi Zen Hei", "Noto Sans CJK SC"]
_NOMINAL = 100.0  # glyph outlines are made at this pixel size and then scaled


@cache
def _glyph(text: str, cjk: bool) -> tuple[QPainterPath, float]:
    """The outline of ``text`` at the nominal size, and its advance width."""
    font = QFont()
    if cjk:
        font.setFamilies(_CJK_FAMILIES)
    font.setPixelSize(int(_NOMINAL))
    font.setWeight(QFont.Weight.Bold)
    path = QPainterPath()
    path.addText(0, 0, font, text)
    return path, QFontMetricsF(font).horizontalAdvance(text)


def paint_glyph(painter: QPainter, box: QRectF, text: str, colour: QColor, *,
                cjk: bool = True, tight: bool = False) -> None:
    """``text`` filled in ``colour``, as large as fits in ``box``, centred.

    The size is set by the font's em box (so 一 is as wide as 萬, not stretched tall),
    or by the glyph's own outline when ``tight``.
    """
    path, advance = _glyph(text, cjk)
    bounds = path.boundingRect()
    if bounds.isEmpty() or box.width() <= 0 or box.height() <= 0:
        return
    if tight:
        scale = min(box.width() / bounds.width(), box.height() / bounds.height())
    else:
        scale = min(box.width() / max(advance, bounds.width()),
                    box.height() / max(_NOMINAL, bounds.height()))
    transform = QTransform()
    transform.translate(box.center().x(), box.center().y())
    transform.scale(scale, scale)
    transform.translate(-bounds.center().x(), -bounds.center().y())
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawPath(transform.map(path))
    painter.restore()


def _at(face: QRectF, x: float, y: float) -> QPointF:
    return QPointF(face.left() + x * face.width(), face.top() + y * face.height())


# Characters ----------------------------------------------------------------------------


def paint_characters(painter: QPainter, face: QRectF, value: int) -> None:
    """The numeral over 萬: the numeral in ink, 萬 in red."""
    top = QRectF(face.left(), face.top(), face.width(), face.height() * 0.42)
    bottom = QRectF(face.left(), face.top() + face.height() * 0.44, face.width(),
                    face.height() * 0.56)
    paint_glyph(painter, top.adjusted(face.width() * 0.08, 0, -face.width() * 0.08, 0),
                NUMERALS[value - 1], INK)
    paint_glyph(painter, bottom, "萬", RED)


# Circles -------------------------------------------------------------------------------

_B, _G, _R = "b", "g", "r"
#: (x, y, colour) of each ring, in the face's unit box; and the rings' radius (of width).
CIRCLES: dict[int, tuple[float, list[tuple[float, float, str]]]] = {
    1: (0.46, [(0.5, 0.5, _R)]),
    2: (0.25, [(0.5, 0.26, _G), (0.5, 0.74, _B)]),
    3: (0.2, [(0.22, 0.17, _B), (0.5, 0.5, _R), (0.78, 0.83, _G)]),
    4: (0.21, [(0.27, 0.25, _B), (0.73, 0.25, _G), (0.27, 0.75, _G), (0.73, 0.75, _B)]),
    5: (0.18, [(0.24, 0.2, _B), (0.76, 0.2, _G), (0.5, 0.5, _R), (0.24, 0.8, _G),
               (0.76, 0.8, _B)]),
    6: (0.17, [(0.28, 0.16, _G), (0.72, 0.16, _G), (0.28, 0.55, _R), (0.72, 0.55, _R),
               (0.28, 0.85, _R), (0.72, 0.85, _R)]),
    7: (0.14, [(0.19, 0.11, _G), (0.5, 0.22, _G), (0.81, 0.33, _G), (0.28, 0.6, _R),
               (0.72, 0.6, _R), (0.28, 0.87, _R), (0.72, 0.87, _R)]),
    8: (0.15, [(x, y, _B) for y in (0.12, 0.375, 0.625, 0.88) for x in (0.28, 0.72)]),
    9: (0.15, [(x, y, colour) for y, colour in ((0.15, _B), (0.5, _R), (0.85, _G))
               for x in (0.18, 0.5, 0.82)]),
}
_COLOURS = {_B: BLUE, _G: GREEN, _R: RED}


def paint_ring(painter: QPainter, centre: QPointF, radius: float, colour: QColor) -> None:
    """One circle of the circles suit: a coloured ring, a light ring, a dotted heart."""
    painter.setPen(QPen(INK, max(0.6, radius * 0.06)))
    painter.setBrush(colour)
    painter.drawEllipse(centre, radius, radius)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(_IVORY)
    painter.drawEllipse(centre, radius * 0.68, radius * 0.68)
    painter.setBrush(colour)
    painter.drawEllipse(centre, radius * 0.42, radius * 0.42)
    painter.setBrush(_IVORY)
    painter.drawEllipse(centre, radius * 0.14, radius * 0.14)


def paint_circles(painter: QPainter, face: QRectF, value: int) -> None:
    radius, rings = CIRCLES[value]
    size = radius * face.width()
    for x, y, colour in rings:
        paint_ring(painter, _at(face, x, y), size, _COLOURS[colour])
    if value == 1:  # the big one: petals round a red heart, as on the real tile
        centre = face.center()
        painter.setPen(QPen(GREEN, max(0.8, size * 0.05)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for step in range(12):
            painter.save()
            painter.translate(centre)
            painter.rotate(step * 30)
            painter.drawEllipse(QPointF(0, -size * 0.84), size * 0.06, size * 0.1)
            painter.restore()


# Bamboos -------------------------------------------------------------------------------

#: (x, y, angle°, red) of each stick, and the sticks' length (of the face's height).
STICKS: dict[int, tuple[float, list[tuple[float, float, float, bool]]]] = {
    2: (0.4, [(0.5, 0.26, 0, False), (0.5, 0.74, 0, False)]),
    3: (0.4, [(0.5, 0.26, 0, False), (0.28, 0.74, 0, False), (0.72, 0.74, 0, False)]),
    4: (0.4, [(x, y, 0.0, False) for y in (0.26, 0.74) for x in (0.28, 0.72)]),
    5: (0.4, [(0.18, 0.26, 0, False), (0.82, 0.26, 0, False), (0.5, 0.5, 0, True),
              (0.18, 0.74, 0, False), (0.82, 0.74, 0, False)]),
    6: (0.4, [(x, y, 0.0, False) for y in (0.26, 0.74) for x in (0.18, 0.5, 0.82)]),
    7: (0.28, [(0.5, 0.16, 0, True)] + [(x, y, 0.0, False) for y in (0.5, 0.84)
                                        for x in (0.18, 0.5, 0.82)]),
    8: (0.4, [(0.12, 0.26, 0, False), (0.38, 0.26, 22, False), (0.62, 0.26, -22, False),
              (0.88, 0.26, 0, False), (0.12, 0.74, 0, False), (0.38, 0.74, -22, False),
              (0.62, 0.74, 22, False), (0.88, 0.74, 0, False)]),
    9: (0.28, [(x, y, 0, x == 0.5) for y in (0.16, 0.5, 0.84) for x in (0.18, 0.5, 0.82)]),
}


def paint_stick(painter: QPainter, centre: QPointF, length: float, width: float,
                colour: QColor, angle: float = 0.0) -> None:
    """A bamboo stick: a rod with swollen ends and a node in the middle."""
    painter.save()
    painter.translate(centre)
    painter.rotate(angle)
    pen = QPen(colour.darker(150), max(0.5, width * 0.12))
    painter.setPen(pen)
    painter.setBrush(colour)
    rod = QRectF(-width * 0.32, -length / 2, width * 0.64, length)
    painter.drawRoundedRect(rod, width * 0.3, width * 0.3)
    for y in (-length / 2 + width * 0.2, 0.0, length / 2 - width * 0.2):
        painter.drawRoundedRect(QRectF(-width / 2, y - width * 0.14, width, width * 0.28),
                                width * 0.12, width * 0.12)
    painter.setPen(QPen(_IVORY, max(0.5, width * 0.12)))
    for sign in (-1, 1):
        top = sign * width * 0.3
        painter.drawLine(QPointF(0, top), QPointF(0, sign * (length / 2 - width * 0.4)))
    painter.restore()


def paint_bamboos(painter: QPainter, face: QRectF, value: int) -> None:
    if value == 1:
        paint_bird(painter, face)
        return
    length, sticks = STICKS[value]
    stick_length = length * face.height()
    width = face.width() * (0.17 if value != 8 else 0.15)
    for x, y, angle, red in sticks:
        paint_stick(painter, _at(face, x, y), stick_length, width, RED if red else GREEN,
                    angle)


def paint_bird(painter: QPainter, face: QRectF) -> None:
    """The 1 of bamboos: a bird (the sparrow) perched on a bamboo stem."""
    w, h = face.width(), face.height()
    # the stem it sits on
    paint_stick(painter, _at(face, 0.5, 0.82), h * 0.3, w * 0.16, GREEN, 90)
    # tail: three long feathers fanned down to the left
    painter.setPen(QPen(INK, max(0.6, w * 0.02)))
    for angle, colour in ((-40, BLUE), (-25, GREEN), (-10, RED)):
        painter.save()
        painter.translate(_at(face, 0.36, 0.52))
        painter.rotate(angle)
        painter.setBrush(colour)
        painter.drawEllipse(QRectF(-w * 0.08, 0, w * 0.16, h * 0.36))
        painter.restore()
    # body and wing
    painter.setBrush(GREEN)
    painter.drawEllipse(QRectF(face.left() + w * 0.28, face.top() + h * 0.3, w * 0.5, h * 0.34))
    painter.setBrush(BLUE)
    wing = QPainterPath()
    wing.moveTo(_at(face, 0.38, 0.42))
    wing.quadTo(_at(face, 0.6, 0.36), _at(face, 0.68, 0.52))
    wing.quadTo(_at(face, 0.52, 0.6), _at(face, 0.38, 0.42))
    painter.drawPath(wing)
    # head, eye and beak
    painter.setBrush(RED)
    head = _at(face, 0.72, 0.26)
    painter.drawEllipse(head, w * 0.13, w * 0.13)
    painter.setBrush(_IVORY)
    painter.drawEllipse(head + QPointF(w * 0.04, -w * 0.02), w * 0.04, w * 0.04)
    painter.setBrush(INK)
    painter.drawEllipse(head + QPointF(w * 0.05, -w * 0.02), w * 0.018, w * 0.018)
    beak = QPainterPath()
    beak.moveTo(head + QPointF(w * 0.11, -w * 0.05))
    beak.lineTo(head + QPointF(w * 0.25, w * 0.02))
    beak.lineTo(head + QPointF(w * 0.11, w * 0.05))
    beak.closeSubpath()
    painter.setBrush(swatch("tile_flower"))
    painter.drawPath(beak)
    # feet on the stem
    painter.setPen(QPen(INK, max(0.8, w * 0.03)))
    for x in (0.48, 0.6):
        painter.drawLine(_at(face, x, 0.62), _at(face, x, 0.76))


# Honours -------------------------------------------------------------------------------


def paint_white_dragon(painter: QPainter, face: QRectF) -> None:
    """白: a blank face in a blue double frame."""
    w = face.width()
    outer = face.adjusted(w * 0.06, w * 0.06, -w * 0.06, -w * 0.06)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(BLUE, max(1.2, w * 0.07)))
    painter.drawRoundedRect(outer, w * 0.06, w * 0.06)
    inner = outer.adjusted(w * 0.14, w * 0.14, -w * 0.14, -w * 0.14)
    painter.setPen(QPen(BLUE, max(0.8, w * 0.03)))
    painter.drawRect(inner)


def paint_honour(painter: QPainter, face: QRectF, tile: str) -> None:
    if tile == "P":
        paint_white_dragon(painter, face)
        return
    colour = RED if tile == "C" else GREEN if tile == "F" else INK
    paint_glyph(painter, face.adjusted(0, face.height() * 0.08, 0, -face.height() * 0.08),
                HONOUR_GLYPHS[tile], colour)
