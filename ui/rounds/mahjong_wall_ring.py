"""A whole hand's wall in the middle of the round's Mah-Jong table while the hand opens:
four walls of face-down stacks, East's at the bottom before East, South's at the right,
West's at the top, North's at the left (stacks counted from each wall's right end as its
owner sees it, as :mod:`ui.situation.mahjong_wall` draws them for the quiz); inside, the
banker's dice, the tiles left as a number and, once the wall is broken, the break: a line
before the stack the deal starts with, and the words saying which.

The tiles taken are the ones the deal took, from the break on in the wall's drawing order
(:mod:`trainer.rules.mahjong.play.wall`): a stack with its top tile gone shows its bottom one,
an empty place nothing. Every stack is a tile's back drawn through the kept tile painters.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen

from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.mahjong.play.wall import STACKS, WALL_ORDER
from ui.drawing import kept
from ui.drawing.text import paint_paragraphs
from ui.drawing.tiles import paint_tile
from ui.palette import swatch
from ui.situation import mahjong_canvas as canvas

SIDES = ("E", "S", "W", "N")
_BOTTOM = swatch("felt_bottom")  # a stack's bottom tile, under the top one


def taken_places(variant: Variant, left: int, broken: tuple[Wind, int] | None
                 ) -> frozenset[int]:
    """The places of the wall (the core's drawing order) taken once ``left`` tiles are
    left: from the first stack the deal takes (``broken``) on; none before the break."""
    stacks = STACKS[variant]
    size = 4 * stacks * 2
    if broken is None:
        return frozenset()
    wall, stack = broken
    start = (WALL_ORDER.index(wall) * stacks + stack - 1) * 2
    return frozenset((start + offset) % size for offset in range(size - left))


def stack_rect(ring: QRectF, variant: Variant, side: str, number: int) -> QRectF:
    """Stack ``number`` of the wall before ``side`` (1 at its right end as its owner sees
    it), in the square ``ring``."""
    stacks = STACKS[variant]
    pitch = ring.width() / (stacks + 2 * 1.4)
    depth, length = pitch * 1.4, pitch * stacks
    if side == "E":
        return QRectF(ring.left() + depth + length - number * pitch, ring.bottom() - depth,
                      pitch, depth)
    if side == "W":
        return QRectF(ring.left() + depth + (number - 1) * pitch, ring.top(), pitch, depth)
    if side == "S":
        return QRectF(ring.right() - depth, ring.top() + depth + (number - 1) * pitch, depth,
                      pitch)
    return QRectF(ring.left(), ring.top() + depth + length - number * pitch, depth, pitch)


def wall_rect(ring: QRectF, variant: Variant, side: str) -> QRectF:
    """The whole wall before ``side``: where a click names it."""
    return stack_rect(ring, variant, side, 1).united(
        stack_rect(ring, variant, side, STACKS[variant]))


def ring_in(box: QRectF) -> QRectF:
    """The square the four walls lie on, centred in ``box``."""
    side = min(box.width(), box.height())
    return QRectF(box.center().x() - side / 2, box.center().y() - side / 2, side, side)


def paint_wall_ring(painter: QPainter, box: QRectF, variant: Variant, left: int,
                    dice: tuple[int, ...], broken: tuple[Wind, int] | None,
                    words: list[str], unit: float) -> None:
    """The four walls in ``box`` with ``left`` tiles left, the dice and ``words`` (the
    tiles left, the break) inside them, the break marked once made."""
    ring = ring_in(box)
    taken = taken_places(variant, left, broken)
    stacks = STACKS[variant]
    for side in SIDES:
        first = WALL_ORDER.index(Wind(side)) * stacks * 2
        for number in range(1, stacks + 1):
            top = first + (number - 1) * 2
            if top in taken and top + 1 in taken:
                continue
            whole = top not in taken
            kept.draw(painter, stack_rect(ring, variant, side, number),
                      ("wall stack", whole, round(unit, 2)),
                      partial(_paint_stack, unit=unit, whole=whole), margin=unit * 0.3)
    pitch = ring.width() / (stacks + 2 * 1.4)
    inner = ring.adjusted(pitch * 1.8, pitch * 1.8, -pitch * 1.8, -pitch * 1.8)
    if broken is not None:
        _paint_break(painter, ring, variant, broken, unit)
    dice_box = QRectF(inner.left(), inner.top(), inner.width(), inner.height() * 0.25)
    canvas.paint_dice(painter, dice_box.adjusted(0, unit * 0.4, 0, -unit * 0.4), list(dice))
    paint_paragraphs(painter, inner.adjusted(0, dice_box.height(), 0, 0), words,
                     pixels=unit * 1.25, colour=swatch("felt_ink"), bold=True,
                     align=Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)


def _paint_stack(painter: QPainter, rect: QRectF, *, unit: float, whole: bool) -> None:
    """A stack: its bottom tile's edge, and its top tile's back unless taken (drawn once
    per size and kept: a wall is 68 of them)."""
    tile = rect.adjusted(rect.width() * 0.06, rect.height() * 0.06,
                         -rect.width() * 0.06, -rect.height() * 0.06)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(_BOTTOM)
    shadow = tile.translated(unit * 0.2, unit * 0.2)
    painter.drawRoundedRect(shadow, tile.width() * 0.12, tile.width() * 0.12)
    if whole:
        paint_tile(painter, tile, None, face_up=False)


def _paint_break(painter: QPainter, ring: QRectF, variant: Variant,
                 broken: tuple[Wind, int], unit: float) -> None:
    """A bold line across the wall before the stack the deal starts with, at its right
    end's side (the stacks set apart lie past it), reaching out of the wall both ways."""
    wall, stack = broken
    rect = stack_rect(ring, variant, wall.value, stack)
    reach = unit * 0.8
    edge = {"E": (QPointF(rect.right(), rect.top() - reach),
                  QPointF(rect.right(), rect.bottom() + reach)),
            "W": (QPointF(rect.left(), rect.top() - reach),
                  QPointF(rect.left(), rect.bottom() + reach)),
            "S": (QPointF(rect.left() - reach, rect.top()),
                  QPointF(rect.right() + reach, rect.top())),
            "N": (QPointF(rect.left() - reach, rect.bottom()),
                  QPointF(rect.right() + reach, rect.bottom()))}[wall.value]
    painter.setPen(QPen(canvas.ALERT, unit * 0.6, Qt.PenStyle.SolidLine,
                        Qt.PenCapStyle.RoundCap))
    painter.drawLine(edge[0], edge[1])
