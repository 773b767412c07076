"""The 13-card table seen from above: four places in the real counterclockwise order.

The trainee sits where the banker sits, at the bottom edge (place 1, the banker, marked
in gold). Counterclockwise from there: place 2 at the banker's right (screen right),
place 3 opposite, place 4 at his left. Places with something to show get a large frame;
the others a small plaque. Cards are laid out in as few rows as give the largest cards,
and a 13-card hand set in tiers shows its front (1), middle (2) and back (3) tiers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from i18n import _
from ui.drawing import kept
from ui.drawing.cards import CARD_RATIO, paint_card_row
from ui.drawing.text import fit, fit_text, line_height, paint_badge, text_height
from ui.palette import swatch
from ui.situation.felt import DARK_INK, FELT_LINE, GOLD, INK, FeltView

#: Where each place sits, counterclockwise from the banker at the bottom.
SIDES = {1: "bottom", 2: "right", 3: "top", 4: "left"}
TIERS = ("front", "middle", "back")
_PLACE_FILL = swatch("felt_place")


@dataclass(frozen=True)
class TableLayout:
    frames: dict[int, QRectF]  # each place's frame
    centre: QRectF  # the free middle of the table


def table_layout(area: QRectF, featured: set[int], *, big_side: float = 0.28,
                 big_edge: float = 0.42, centre_height: float = 0.0) -> TableLayout:
    """Frames of the four places in ``area``; ``featured`` places get room for cards.

    The places at the bottom and top leave at least ``centre_height`` between them (for
    the words in the middle of the table).
    """
    w, h = area.width(), area.height()
    gap = min(w, h) * 0.02
    opposite = {1: 3, 3: 1, 2: 4, 4: 2}
    # A place whose opposite place is empty may reach further into the table.
    side_w = {p: w * (0.13 if p not in featured else big_side if opposite[p] in featured
                      else big_side + 0.08) for p in (2, 4)}
    edge_h = {p: h * (0.14 if p not in featured else big_edge if opposite[p] in featured
                      else min(0.6, big_edge + 0.14)) for p in (1, 3)}
    spare = h - 2 * gap - centre_height
    if edge_h[1] + edge_h[3] > spare:
        scale = max(0.5, spare / (edge_h[1] + edge_h[3]))
        edge_h = {p: height * scale for p, height in edge_h.items()}
    left = area.left() + side_w[4] + gap
    right = area.right() - side_w[2] - gap
    frames: dict[int, QRectF] = {}
    for place in (1, 3):
        width = right - left if place in featured else min(right - left, w * 0.3)
        x = (left + right) / 2 - width / 2
        y = area.bottom() - edge_h[1] if place == 1 else area.top()
        frames[place] = QRectF(x, y, width, edge_h[place])
    for place in (2, 4):
        height = h * 0.9 if place in featured else h * 0.24
        x = area.right() - side_w[2] if place == 2 else area.left()
        frames[place] = QRectF(x, area.center().y() - height / 2, side_w[place], height)
    centre = QRectF(left, frames[3].bottom() + gap, right - left,
                    frames[1].top() - frames[3].bottom() - 2 * gap)
    return TableLayout(frames, centre)


def place_name(place: int, banker: int = 1) -> str:
    if place == banker:
        return _("Place {place} (banker)").format(place=place)
    return _("Place {place}").format(place=place)


def paint_place(view: FeltView, painter: QPainter, frame: QRectF, place: int, *,
                banker: int = 1, in_question: bool = False) -> QRectF:
    """A place's frame and name plate; returns the room left inside for its cards. The
    frame and plate are drawn once at a size and copied after that (:mod:`ui.drawing.kept`):
    a deal draws every place again, and a large rounded frame costs a millisecond at 200 %."""
    unit = view.unit()
    is_banker = place == banker
    name = place_name(place, banker)
    plate_w = frame.width() - 12 * unit
    side = max(24 * unit * 0.8, line_height(11 * unit, bold=True)) if is_banker else 0.0
    words_w = plate_w - side * 1.25
    plate_h = min(max(24 * unit, text_height(name, words_w, pixels=15 * unit, bold=True)),
                  frame.height() * 0.6)
    reach = 3.5 * unit if is_banker else 2.5 * unit  # the frame's line, half outside
    kept.draw(painter, frame, ("place", name, is_banker, in_question and not is_banker, unit,
                               plate_h, side),
              lambda on, at: _paint_frame(on, at, name, unit, is_banker,
                                          in_question and not is_banker, plate_h, side),
              margin=reach)
    return frame.adjusted(6 * unit, plate_h + 5 * unit, -6 * unit, -5 * unit)


def _paint_frame(painter: QPainter, frame: QRectF, name: str, unit: float, is_banker: bool,
                 dashed: bool, plate_h: float, side: float) -> None:
    painter.save()
    pen = QPen(GOLD if is_banker else FELT_LINE, (3.5 if is_banker else 1.5) * unit)
    if dashed:
        pen = QPen(INK, 2.5 * unit, Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(_PLACE_FILL)
    painter.drawRoundedRect(frame, 10 * unit, 10 * unit)
    plate = QRectF(frame.left() + 6 * unit, frame.top() + 3 * unit, frame.width() - 12 * unit,
                   plate_h)
    if is_banker:  # beside the first line of the name
        first = min(plate_h, max(24 * unit, line_height(15 * unit, bold=True)))
        side = min(side, first)
        chip = QRectF(plate.left(), plate.top() + (first - side) / 2, side, side)
        painter.setPen(QPen(swatch("gold_edge"), 1))
        painter.setBrush(GOLD)
        painter.drawEllipse(chip)  # the banker's button
        fit_text(painter, chip, "B", pixels=11 * unit, bold=True, colour=DARK_INK)
        plate = plate.adjusted(side * 1.25, 0, 0, 0)
    painter.restore()
    fit_text(painter, plate, name, pixels=15 * unit, bold=True,
             colour=GOLD if is_banker else INK,
             align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)


def paint_direction(view: FeltView, painter: QPainter, box: QRectF) -> None:
    """A counterclockwise arrow: the way cards, payments and turns go round the table.

    Its words go inside the circle where they fit there, else under a smaller circle;
    where neither has room for them whole the arrow is drawn alone.
    """
    pixels = 11 * view.unit()
    text = _("counter-clockwise")
    radius = min(box.width(), box.height()) * 0.42
    inside = fit(_inside(box.center(), radius), text, pixels=pixels)
    if not inside.shortened:
        _paint_arrow(painter, box.center(), radius)
        fit_text(painter, inside.box, text, pixels=pixels, colour=FELT_LINE)
        return
    caption = QRectF(box.left(), box.bottom() - line_height(pixels, lines=2), box.width(),
                     line_height(pixels, lines=2))
    under_align = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
    under = fit(caption, text, pixels=pixels, align=under_align)
    rest = QRectF(box.left(), box.top(), box.width(), caption.top() - box.top())
    if under.shortened or min(rest.width(), rest.height()) * 0.42 < 8:
        _paint_arrow(painter, box.center(), radius)  # no room for the words
        return
    _paint_arrow(painter, rest.center(), min(rest.width(), rest.height()) * 0.42)
    fit_text(painter, caption, text, pixels=pixels, colour=FELT_LINE, align=under_align)


def _inside(centre: QPointF, radius: float) -> QRectF:
    """The widest box for two lines of words inside the arrow's circle."""
    inner = radius - max(1.5, radius / 12) * 1.5
    return QRectF(centre.x() - inner * 0.8, centre.y() - inner * 0.6, inner * 1.6, inner * 1.2)


def _paint_arrow(painter: QPainter, centre: QPointF, radius: float) -> None:
    if radius < 8:
        return
    circle = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
    path = QPainterPath()
    path.arcMoveTo(circle, -60)
    path.arcTo(circle, -60, 300)
    painter.save()
    painter.setPen(QPen(FELT_LINE, max(1.5, radius / 12)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)
    tip = path.currentPosition()
    angle = math.radians(330)
    head = radius * 0.3
    for side in (-0.45, 0.45):
        painter.drawLine(tip, QPointF(tip.x() - head * math.cos(angle + side),
                                      tip.y() + head * math.sin(angle + side)))
    painter.restore()


# Cards in a place ------------------------------------------------------------------------


def _row_card_height(width: float, height: float, count: int, overlap: float) -> float:
    """The tallest card that fits ``count`` in a row of ``width`` × ``height``."""
    flat = width / (count + (count - 1) * 0.08)
    squeezed = width / (1 + (count - 1) * (1 - overlap))
    return min(height, max(flat, squeezed if count > 1 else flat) / CARD_RATIO)


def paint_hand(painter: QPainter, rect: QRectF, cards: list[str | None], *,
               face_up: bool | list[bool] = True,
               highlights: dict[int, QColor] | None = None,
               overlap: float = 0.5) -> list[QRectF]:
    """Cards in one to three rows, whichever shows them largest; returns each card's rect."""
    count = len(cards)
    if count == 0 or rect.width() <= 0 or rect.height() <= 0:
        return []
    best_rows, best = 1, 0.0
    for rows in (1, 2, 3):
        per_row = math.ceil(count / rows)
        row_h = (rect.height() - (rows - 1) * rect.height() * 0.04) / rows
        size = _row_card_height(rect.width(), row_h, per_row, overlap)
        # How much of each card shows: a fan hiding most of every card scores less.
        step = (rect.width() - size * CARD_RATIO) / max(1, per_row - 1)
        shown = min(1.0, step / (size * CARD_RATIO)) if per_row > 1 else 1.0
        score = size * (0.6 + 0.4 * shown)
        if score > best * 1.05:
            best_rows, best = rows, score
    per_row = math.ceil(count / best_rows)
    row_h = rect.height() / best_rows
    rects: list[QRectF] = []
    for row in range(best_rows):
        indices = range(row * per_row, min(count, (row + 1) * per_row))
        box = QRectF(rect.left(), rect.top() + row * row_h, rect.width(), row_h * 0.96)
        ups = face_up if isinstance(face_up, bool) else [face_up[i] for i in indices]
        marks = {i - indices[0]: c for i, c in (highlights or {}).items() if i in indices}
        rects += paint_card_row(painter, box, [cards[i] for i in indices], face_up=ups,
                                highlights=marks, max_overlap=overlap)
    return rects


def paint_arrangement(view: FeltView, painter: QPainter, rect: QRectF,
                      tiers: dict[str, str], *,
                      highlights: dict[str, QColor] | None = None) -> dict[str, QRectF]:
    """A hand set in three tiers, front (1) to back (3); returns each tier's rect.

    Stacked (front on top) or in one row of 3 + 5 + 5, whichever shows larger cards.
    """
    unit = view.unit()
    badge_w = 26 * unit
    stacked_h = min((rect.height() - 8 * unit) / 3,
                    _row_card_height(rect.width() - badge_w, 1e9, 5, 0.3))
    inline_h = min(rect.height() - 22 * unit, (rect.width() - 24 * unit) / (13.5 * CARD_RATIO))
    boxes: dict[str, QRectF] = {}
    stacked = stacked_h >= inline_h
    if stacked:
        total = 3 * stacked_h + 8 * unit
        top = rect.center().y() - total / 2
        for index, tier in enumerate(TIERS):
            y = top + index * (stacked_h + 4 * unit)
            boxes[tier] = QRectF(rect.left() + badge_w, y, rect.width() - badge_w, stacked_h)
    else:
        card_w = inline_h * CARD_RATIO
        gap = 12 * unit
        total = 13 * card_w * 1.04 + 2 * gap
        x = rect.center().x() - total / 2
        top = rect.center().y() - (inline_h + 22 * unit) / 2
        for tier in TIERS:
            width = (3 if tier == "front" else 5) * card_w * 1.04
            boxes[tier] = QRectF(x, top + 22 * unit, width, inline_h)
            x += width + gap
    for index, tier in enumerate(TIERS):
        colour = (highlights or {}).get(tier)
        cards = tiers[tier].split()
        rects = paint_card_row(painter, boxes[tier], cards, max_overlap=0.3,
                               highlights=dict.fromkeys(range(len(cards)), colour)
                               if colour is not None else None)
        if not rects:
            continue
        boxes[tier] = rects[0].united(rects[-1])
        badge = (QPointF(boxes[tier].left() - badge_w * 0.55, boxes[tier].center().y())
                 if stacked else
                 QPointF(boxes[tier].center().x(), boxes[tier].top() - 11 * unit))
        paint_badge(painter, badge, str(index + 1), pixels=12 * unit, fill=GOLD,
                    ink=DARK_INK)
    return boxes


def tier_legend() -> list[str]:
    """ "1 = Front tier (1st)", "2 = Middle tier (2nd)", "3 = Back tier (3rd)" """
    return [f"{index} = {name}" for index, name in enumerate(
        (_("Front tier (1st)"), _("Middle tier (2nd)"), _("Back tier (3rd)")), 1)]
