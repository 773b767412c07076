"""Small drawings kept as pictures: a tile's face, a card, a place's frame is drawn once
per (what it shows, size in the screen's pixels, pixel ratio, palette) and copied after that.

A table drawn again after a step paints the same faces over and over (a win laid open is
fourteen of them, a deal 52 cards); a copy of a kept picture costs a fraction of drawing the
face stroke by stroke. The copy is put on whole pixels of the screen (a copy between pixels
is blended, and is slow): a drawing moves by less than half a pixel. Where the painter is not
a screen's or a picture's (a PDF) or is turned or scaled, the drawing is drawn as before.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QPaintEngine, QPainter, QPixmap, QTransform

from ui import palette

#: How many bytes of pictures are kept (the oldest used go first): a screen shows a few
#: sizes at a time; 34 tile faces and their back at four sizes at 200 % are some 12 MB.
BUDGET = 48 * 1024 * 1024

_kept: OrderedDict[Hashable, QPixmap] = OrderedDict()
_held = 0


def _on_pixels(value: float) -> int:
    """The whole pixel nearest ``value`` (halves up, whatever the sign)."""
    return math.floor(value + 0.5)


def keeps(painter: QPainter) -> bool:
    """Whether a drawing on ``painter`` may be a kept picture's copy: a screen's, an
    image's or a picture's painter, moved at most (not turned nor scaled)."""
    engine = painter.paintEngine()
    return (engine is not None and engine.type() == QPaintEngine.Type.Raster
            and painter.worldTransform().type().value
            <= QTransform.TransformationType.TxTranslate.value)


def draw(painter: QPainter, rect: QRectF, shows: Hashable,
         paint: Callable[[QPainter, QRectF], None], *, margin: float = 0.0) -> QRectF:
    """Draw ``paint(painter, rect)`` from a kept picture of it (``shows``: everything the
    drawing depends on but its place and size); ``margin``: how far past ``rect`` the
    drawing reaches. Returns the rectangle drawn in (``rect`` on whole pixels)."""
    if not keeps(painter) or rect.width() <= 0 or rect.height() <= 0:
        paint(painter, rect)
        return rect
    ratio = painter.device().devicePixelRatioF()
    moved = painter.worldTransform()
    left = _on_pixels((rect.left() + moved.dx()) * ratio) / ratio - moved.dx()
    top = _on_pixels((rect.top() + moved.dy()) * ratio) / ratio - moved.dy()
    wide, high = max(1, _on_pixels(rect.width() * ratio)), max(1, _on_pixels(rect.height() * ratio))
    edge = math.ceil(margin * ratio)
    key = (shows, wide, high, edge, ratio, QFont().key(), palette.generation())
    picture = _picture(key, wide, high, edge, ratio, paint)
    on = QRectF(left, top, wide / ratio, high / ratio)
    painter.drawPixmap(QPointF(left - edge / ratio, top - edge / ratio), picture)
    return on


def _picture(key: Hashable, wide: int, high: int, edge: int, ratio: float,
             paint: Callable[[QPainter, QRectF], None]) -> QPixmap:
    global _held
    picture = _kept.get(key)
    if picture is not None:
        _kept.move_to_end(key)
        return picture
    picture = QPixmap(wide + 2 * edge, high + 2 * edge)
    picture.setDevicePixelRatio(ratio)
    picture.fill(Qt.GlobalColor.transparent)
    on = QPainter(picture)
    on.setRenderHint(QPainter.RenderHint.Antialiasing)
    on.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    paint(on, QRectF(edge / ratio, edge / ratio, wide / ratio, high / ratio))
    on.end()
    _kept[key] = picture
    _held += _size(picture)
    while _held > BUDGET and len(_kept) > 1:
        _old, gone = _kept.popitem(last=False)
        _held -= _size(gone)
    return picture


def _size(picture: QPixmap) -> int:
    return picture.width() * picture.height() * 4


def forget() -> None:
    """Let every kept picture go (tests; a new style)."""
    global _held
    _kept.clear()
    _held = 0
