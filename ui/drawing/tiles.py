"""Mah-Jong tiles and Mahjong Baccarat tiles painted with QPainter, crisp at any size.

A Mah-Jong tile is an ivory face on a green back whose edge shows below and to the right,
as a tile standing on the table does. Tiles are written in the rules core's notation:
``1m``–``9m`` characters (萬), ``1p``–``9p`` circles, ``1s``–``9s`` bamboos, winds
``E S W N`` (東 南 西 北), dragons ``C`` red 中, ``F`` green 發, ``P`` white (a blue frame).
The simplified set is a subset of these and is drawn the same.

A Mahjong Baccarat tile (K, 9 … 2, A) has the taller shape of a Chinese domino: its value
written large at the top and, below it, the circles of that value (one big circle for
the ace); the king carries a blue "K" over a blank white-dragon frame. Faces are told
apart by shape and characters, not only colour (see ``tile_faces``).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from i18n import _
from trainer.rules.mahjong.hands.tile_words import tile_words
from trainer.rules.mahjong.hands.tiles import parse_tile, tile_name
from ui.drawing import kept
from ui.drawing import tile_faces as faces
from ui.palette import swatch
from ui.translated import Retranslating
from ui.widgets import accessible_parts as parts

#: Width : height of a Mah-Jong tile, and of a Mahjong Baccarat (domino-shaped) tile.
TILE_RATIO = 0.74
BACCARAT_RATIO = 0.56
BACCARAT_TILES = ("K", "9", "8", "7", "6", "5", "4", "3", "2", "A")

_FACE = swatch("tile_face")
_FACE_EDGE = swatch("tile_edge")
_BACK = swatch("tile_back")
_BACK_DARK = swatch("tile_back_dark")
_BACK_LINE = swatch("tile_back_line")


def all_tiles() -> list[str]:
    """The 34 kinds in the core's order: characters, circles, bamboos, winds, dragons."""
    return [tile_name(index) for index in range(34)]


def tile_rect(box: QRectF, ratio: float = TILE_RATIO) -> QRectF:
    """The largest tile of ``ratio`` (width : height) centred in ``box``."""
    width = min(box.width(), box.height() * ratio)
    height = width / ratio
    return QRectF(box.center().x() - width / 2, box.center().y() - height / 2, width, height)


def paint_body(painter: QPainter, rect: QRectF, face_up: bool) -> QRectF:
    """The body of a tile of either game filling ``rect`` (its back showing as the edge),
    returning the face's rectangle; every tile painted goes through here."""
    radius = rect.width() * 0.12
    depth = rect.width() * 0.07
    painter.setPen(QPen(_BACK_DARK, max(0.6, rect.width() / 50)))
    painter.setBrush(_BACK)
    painter.drawRoundedRect(rect, radius, radius)
    face = rect.adjusted(0, 0, -depth, -depth * 1.4)
    if not face_up:
        _paint_back(painter, face, radius)
        return face
    painter.setPen(QPen(_FACE_EDGE, max(0.6, rect.width() / 60)))
    painter.setBrush(_FACE)
    painter.drawRoundedRect(face, radius, radius)
    return face


def _paint_back(painter: QPainter, face: QRectF, radius: float) -> None:
    """The back seen from above: the green, a lighter inner frame and a lattice."""
    painter.setPen(QPen(_BACK_DARK, max(0.6, face.width() / 50)))
    painter.setBrush(_BACK.lighter(115))
    painter.drawRoundedRect(face, radius, radius)
    inset = face.width() * 0.14
    inner = face.adjusted(inset, inset, -inset, -inset)
    painter.save()
    clip = QPainterPath()
    clip.addRoundedRect(inner, radius * 0.5, radius * 0.5)
    painter.setClipPath(clip)
    painter.setPen(QPen(_BACK_LINE, max(0.5, face.width() / 40)))
    step = max(3.0, inner.width() / 4)
    x = inner.left() - inner.height()
    while x < inner.right():
        painter.drawLine(QPointF(x, inner.top()), QPointF(x + inner.height(), inner.bottom()))
        painter.drawLine(QPointF(x, inner.bottom()), QPointF(x + inner.height(), inner.top()))
        x += step
    painter.restore()
    painter.setPen(QPen(_BACK_LINE, max(0.8, face.width() / 25)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(inner, radius * 0.5, radius * 0.5)


def _highlight(painter: QPainter, rect: QRectF, colour: QColor | None) -> None:
    if colour is None:
        return
    width = max(2.0, rect.width() * 0.08)
    painter.setPen(QPen(colour, width))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    outer = rect.adjusted(-width / 2, -width / 2, width / 2, width / 2)
    radius = rect.width() * 0.12 + width / 2
    painter.drawRoundedRect(outer, radius, radius)


def paint_tile(painter: QPainter, rect: QRectF, tile: str | None, *, face_up: bool = True,
               highlight: QColor | None = None) -> None:
    """Paint the Mah-Jong ``tile`` ("3m", "E", "P") filling ``rect``.

    ``None`` or ``face_up=False`` paints the back. Use :func:`tile_rect` to keep the
    tile's shape inside a box of another shape. Each face (and the back) is drawn once at
    a size and copied after that (:mod:`ui.drawing.kept`).
    """
    name = tile_name(parse_tile(tile)) if tile else None
    shown = name if face_up else None
    if parts.recording():
        parts.note(painter, parts.Role.Graphic, describe_tile(tile if face_up else None), rect)
    kept.draw(painter, rect, ("tile", shown, _rgba(highlight)),
              lambda on, at: _paint_tile(on, at, shown, highlight),
              margin=_reach(rect, highlight))


def _rgba(colour: QColor | None) -> int | None:
    return None if colour is None else colour.rgba()


def _reach(rect: QRectF, highlight: QColor | None) -> float:
    """How far past its rectangle a tile is drawn: its edge's line, its highlight's rim."""
    return 1.0 + (max(2.0, rect.width() * 0.08) if highlight is not None else 0.0)


def _paint_tile(painter: QPainter, rect: QRectF, name: str | None,
                highlight: QColor | None) -> None:
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    face = paint_body(painter, rect, name is not None)
    if name is not None:
        pad = face.width() * 0.1
        inner = face.adjusted(pad, pad * 0.9, -pad, -pad * 0.9)
        if name[0].isdigit():
            value, suit = int(name[0]), name[1]
            {"m": faces.paint_characters, "p": faces.paint_circles,
             "s": faces.paint_bamboos}[suit](painter, inner, value)
        else:
            faces.paint_honour(painter, inner, name)
    _highlight(painter, rect, highlight)
    painter.restore()


def paint_baccarat_tile(painter: QPainter, rect: QRectF, tile: str | None, *,
                        face_up: bool = True, highlight: QColor | None = None) -> None:
    """Paint a Mahjong Baccarat tile ("K", "9" … "2", "A") filling ``rect`` (drawn once at
    a size, then copied: :mod:`ui.drawing.kept`)."""
    value = (tile or "").strip().upper().replace("R", "K")
    if value and value not in BACCARAT_TILES:
        raise ValueError(f"not a Mahjong Baccarat tile: {tile!r}")
    shown = value if face_up else ""
    if parts.recording():
        parts.note(painter, parts.Role.Graphic, describe_baccarat_tile(shown or None), rect)
    kept.draw(painter, rect, ("baccarat tile", shown, _rgba(highlight)),
              lambda on, at: _paint_baccarat_tile(on, at, shown, highlight),
              margin=_reach(rect, highlight))


def _paint_baccarat_tile(painter: QPainter, rect: QRectF, value: str,
                         highlight: QColor | None) -> None:
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    face = paint_body(painter, rect, bool(value))
    if value:
        pad = face.width() * 0.1
        inner = face.adjusted(pad, pad * 0.8, -pad, -pad)
        top = QRectF(inner.left(), inner.top(), inner.width(), inner.height() * 0.34)
        side = min(inner.width(), inner.height() * 0.62)
        low = QRectF(inner.center().x() - side / 2, inner.bottom() - side, side, side)
        colour = faces.BLUE if value == "K" else faces.RED if value == "A" else faces.INK
        faces.paint_glyph(painter, top, value, colour, cjk=False)
        painter.setPen(QPen(_FACE_EDGE, max(0.5, face.width() / 70)))
        y = top.bottom() + (low.top() - top.bottom()) / 2
        painter.drawLine(QPointF(inner.left(), y), QPointF(inner.right(), y))
        if value == "K":
            faces.paint_white_dragon(painter, low)
        else:
            faces.paint_circles(painter, low, 1 if value == "A" else int(value))
    _highlight(painter, rect, highlight)
    painter.restore()


def describe_tile(tile: str | None) -> str:
    """A Mah-Jong tile in words, for screen readers and tooltips."""
    if not tile:
        return _("a tile face down")
    return _sentence_start(str(tile_words(parse_tile(tile))))


def _sentence_start(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe_baccarat_tile(tile: str | None) -> str:
    if not tile:
        return _("a tile face down")
    if tile == "K":
        return _("K (counts 0 points, the highest tile)")
    if tile == "A":
        return _("A (counts 1 point)")
    return _("{value} (counts {value} points)").format(value=tile)


#: Tiles in a row take widths on a ladder of this many pixels: a row that grows by a tile
#: (the discards in sight) keeps its tiles' size most of the time, so that each face is a
#: kept picture's copy (:mod:`ui.drawing.kept`) rather than drawn again at a new size.
WIDTH_STEP = 2.0


def _on_the_ladder(width: float) -> float:
    """``width`` down to the ladder's rung below it (never below one step)."""
    return max(WIDTH_STEP, width - width % WIDTH_STEP) if width > 2 * WIDTH_STEP else width


def paint_tile_row(painter: QPainter, box: QRectF, tiles: Sequence[str | None], *,
                   face_up: bool = True, baccarat: bool = False, gap: float = 0.04,
                   highlights: dict[int, QColor] | None = None,
                   align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignHCenter) -> list[QRectF]:
    """Tiles side by side in ``box``, as large as fit (``gap`` of a tile's width between
    them); returns each tile's rectangle."""
    count = len(tiles)
    if count == 0 or box.width() <= 0 or box.height() <= 0:
        return []
    ratio = BACCARAT_RATIO if baccarat else TILE_RATIO
    width = _on_the_ladder(min(box.height() * ratio, box.width() / (count + (count - 1) * gap)))
    height = width / ratio
    step = width * (1 + gap)
    total = width + step * (count - 1)
    if align == Qt.AlignmentFlag.AlignLeft:
        x = box.left()
    elif align == Qt.AlignmentFlag.AlignRight:
        x = box.right() - total
    else:
        x = box.center().x() - total / 2
    y = box.center().y() - height / 2
    rects = []
    paint = paint_baccarat_tile if baccarat else paint_tile
    for index, tile in enumerate(tiles):
        rect = QRectF(x + index * step, y, width, height)
        paint(painter, rect, tile, face_up=face_up, highlight=(highlights or {}).get(index))
        rects.append(rect)
    return rects


class TileWidget(Retranslating, QWidget):
    """One tile as a widget, keeping its shape inside whatever size it gets.

    ``baccarat=True`` shows a Mahjong Baccarat tile (K, 9 … A) instead of a Mah-Jong one.
    """

    def __init__(self, tile: str | None, parent: QWidget | None = None, *,
                 face_up: bool = True, baccarat: bool = False):
        super().__init__(parent)
        self._tile = tile
        self._face_up = face_up
        self._baccarat = baccarat
        self._highlight: QColor | None = None
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setMinimumSize(18, 24)
        self.retranslate()

    def tile(self) -> str | None:
        return self._tile

    def set_tile(self, tile: str | None, *, face_up: bool = True) -> None:
        self._tile, self._face_up = tile, face_up
        self.retranslate()
        self.update()

    def set_highlight(self, colour: QColor | None) -> None:
        self._highlight = colour
        self.update()

    def retranslate(self) -> None:
        shown = self._tile if self._face_up else None
        name = describe_baccarat_tile(shown) if self._baccarat else describe_tile(shown)
        self.setAccessibleName(name)
        self.setToolTip(name)

    def _ratio(self) -> float:
        return BACCARAT_RATIO if self._baccarat else TILE_RATIO

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(48, round(48 / self._ratio()))

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return round(width / self._ratio())

    def paintEvent(self, event: object) -> None:  # noqa: N802
        painter = QPainter(self)
        margin = 3.0
        box = QRectF(margin, margin, self.width() - 2 * margin, self.height() - 2 * margin)
        rect = tile_rect(box, self._ratio())
        paint = paint_baccarat_tile if self._baccarat else paint_tile
        paint(painter, rect, self._tile, face_up=self._face_up, highlight=self._highlight)
        painter.end()
