"""Mah-Jong hands drawn as tiles: the concealed tiles, then the sets on view, apart.

:func:`paint_hand` lays a hand out in a box (one row, or the sets on view on a second
row when that gives bigger tiles). The views here show one hand: ``waits`` (is it a
win, which tiles complete it — the candidate tiles are clickable) and ``fan`` (the
winning hand with its winning tile, the seat and round winds and the circumstances).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from i18n import _
from ui.drawing.tiles import TILE_RATIO, paint_tile, paint_tile_row
from ui.situation import mahjong_canvas as canvas
from ui.situation.mahjong_canvas import TableCanvas, badge, draw_text

GROUP_GAP = 0.4  # between sets, in tile widths
TILE_GAP = 0.03


def hand_groups(hand: dict[str, Any]) -> tuple[list[str], list[list[str]], list[list[str]]]:
    """(concealed tiles, sets on view, concealed kongs) of a situation's hand."""
    return (hand.get("concealed", "").split(), [m.split() for m in hand.get("melds", ())],
            [k.split() for k in hand.get("concealed_kongs", ())])


def _units(groups: Sequence[Sequence[Any]]) -> float:
    tiles = sum(len(group) for group in groups)
    return tiles + TILE_GAP * max(0, tiles - len(groups)) + GROUP_GAP * max(0, len(groups) - 1)


def paint_hand(painter: QPainter, box: QRectF, concealed: Sequence[str | None],
               melds: Sequence[Sequence[str]] = (), kongs: Sequence[Sequence[str]] = (), *,
               face_up: bool = True, highlight: dict[int, QColor] | None = None,
               max_width: float | None = None) -> list[QRectF]:
    """The hand in ``box``, centred; returns the rectangles of the concealed tiles.

    Concealed kongs show their two end tiles face down, as they lie on the table.
    ``highlight`` rims concealed tiles by index.
    """
    first = [list(concealed)] if concealed else []
    shown = [list(meld) for meld in melds] + [list(kong) for kong in kongs]
    if not first and not shown:
        return []
    one_row = min(box.height() * TILE_RATIO, box.width() / _units(first + shown))
    two_rows = 0.0
    if first and shown:
        two_rows = min((box.height() - box.height() * 0.08) / 2 * TILE_RATIO,
                       box.width() / _units(first), box.width() / _units(shown))
    width = max(one_row, two_rows)
    rows = [first + shown] if width == one_row else [first, shown]
    if max_width is not None:
        width = min(width, max_width)
    height = width / TILE_RATIO
    gap_y = (box.height() - height * len(rows)) / (len(rows) + 1)
    rects: list[QRectF] = []
    kong_from = len(first) + len(melds)
    for row_index, row in enumerate(rows):
        y = box.top() + gap_y + row_index * (height + gap_y)
        x = box.center().x() - _units(row) * width / 2
        for group in row:
            group_index = (first + shown).index(group)
            if group_index >= len(first):  # a set on view: a lighter cloth under it
                span = width * (len(group) + TILE_GAP * (len(group) - 1))
                under = QRectF(x - width * 0.12, y - width * 0.12, span + width * 0.24,
                               height + width * 0.24)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(255, 255, 255, 50))
                painter.drawRoundedRect(under, width * 0.15, width * 0.15)
            for index, tile in enumerate(group):
                rect = QRectF(x, y, width, height)
                down = not face_up if group_index == 0 and first else (
                    group_index >= kong_from and index in (0, 3))
                colour = (highlight or {}).get(index) if group_index == 0 and first else None
                paint_tile(painter, rect, tile, face_up=not down, highlight=colour)
                if group_index == 0 and first:
                    rects.append(rect)
                x += width * (1 + TILE_GAP)
            x += width * (GROUP_GAP - TILE_GAP)
    return rects


def variant_name(variant: str) -> str:
    return _("Simplified Mah-Jong") if variant == "simplified" else _("Conventional Mah-Jong")


def wind_name(wind: str) -> str:
    return {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}[wind]


class OneHand(TableCanvas):
    """A hand on a square of felt, with its form written in the corner."""

    def felt(self, painter: QPainter, area: QRectF) -> QRectF:
        margin = self.unit()
        table = area.adjusted(margin, margin, -margin, -margin)
        canvas.paint_felt(painter, table, oval=False)
        corner = QRectF(table.left() + self.unit() * 1.5, table.top() + self.unit(),
                        table.width() * 0.5, self.unit() * 2.4)
        draw_text(painter, corner, variant_name(self.situation.get("variant", "")),
                  pixels=self.unit() * 1.6, colour=QColor("white"), bold=True,
                  align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        return table.adjusted(self.unit() * 1.5, self.unit() * 3.6, -self.unit() * 1.5,
                              -self.unit())


class Waits(OneHand):
    """The hand, and for "which tiles complete it" the candidate tiles to click."""

    def describe(self) -> str:
        return _("A Mah-Jong hand: {tiles}").format(tiles=self.situation["hand"]["concealed"])

    def paint_table(self, painter: QPainter, area: QRectF) -> None:
        inside = self.felt(painter, area)
        concealed, melds, kongs = hand_groups(self.situation["hand"])
        candidates = self.situation.get("candidates") if self.situation["ask"] == "waits" \
            else None
        hand_box = QRectF(inside.left(), inside.top(), inside.width(),
                          inside.height() * (0.55 if candidates else 0.9))
        paint_hand(painter, hand_box, concealed, melds, kongs, max_width=self.unit() * 10)
        if not candidates:
            return
        caption = QRectF(inside.left(), hand_box.bottom() + self.unit() * 0.6, inside.width(),
                         self.unit() * 2.4)
        draw_text(painter, caption, _("Tiles that might complete it: click each that does"),
                  pixels=self.unit() * 1.5, colour=QColor("white"))
        height = min(inside.bottom() - caption.bottom() - self.unit() * 3, self.unit() * 11)
        row = QRectF(inside.left(), caption.bottom() + self.unit() * 0.5, inside.width(),
                     height)
        rects = paint_tile_row(painter, row, candidates, gap=0.35)
        for tile, rect in zip(candidates, rects, strict=True):
            self.target(rect.adjusted(-3, -3, 3, 3), tile)
            marked = self.mark(tile)
            if marked == canvas.RIGHT:
                marked = canvas.RIGHT_ON_FELT
            if marked is not None or tile == self._hover_value:
                painter.setPen(QPen(marked or canvas.FOCUS, self.unit() * 0.5))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(rect.adjusted(-4, -4, 4, 4), 6, 6)
            draw_text(painter, QRectF(rect.left() - rect.width() * 0.3, rect.bottom() + 2,
                                      rect.width() * 1.6, self.unit() * 2), tile,
                      pixels=self.unit() * 1.4, colour=QColor("white"), bold=True)


def circumstance_name(name: str) -> str:
    texts = {
        "self_drawn": _("Self-drawn"),
        "robbing_kong": _("Robbing a kong"),
        "kong_replacement": _("On a kong's replacement tile"),
        "kong_on_kong": _("Kong upon kong"),
        "last_tile": _("On the last tile"),
        "heavenly": _("Heavenly hand (banker's deal)"),
        "earthly": _("Earthly hand (first discard)"),
    }
    return texts.get(name, name)


class Fan(OneHand):
    """The winning hand: its winning tile apart, the winds and the circumstances."""

    def describe(self) -> str:
        return _("A winning Mah-Jong hand: {tiles}").format(
            tiles=self.situation["hand"]["concealed"])

    def paint_table(self, painter: QPainter, area: QRectF) -> None:
        s = self.situation
        inside = self.felt(painter, area)
        concealed, melds, kongs = hand_groups(s["hand"])
        winning = s["winning_tile"]
        if winning in concealed:
            concealed.remove(winning)
        side = inside.width() * 0.26
        hand_box = QRectF(inside.left(), inside.top(), inside.width() - side - self.unit(),
                          inside.height() - self.unit() * 3)
        rects = paint_hand(painter, hand_box, concealed + [winning], melds, kongs,
                           highlight={len(concealed): canvas.FOCUS},
                           max_width=self.unit() * 9)
        if rects:
            last = rects[-1]
            badge(painter, QPointF(last.center().x(), last.bottom() + self.unit() * 1.6),
                  _("Winning tile"), pixels=self.unit() * 1.3, fill=canvas.FOCUS)
        lines = max(1, len(s.get("circumstances", ())))
        height = min(inside.height(), self.unit() * (14.5 + 2.6 * lines))
        panel = QRectF(inside.right() - side, inside.center().y() - height / 2, side, height)
        self.paint_circumstances(painter, panel)

    def paint_circumstances(self, painter: QPainter, panel: QRectF) -> None:
        s = self.situation
        unit = self.unit()
        painter.setPen(QPen(QColor("#b9ae92"), 1))
        painter.setBrush(canvas.NOTE)
        painter.drawRoundedRect(panel, unit, unit)
        tile_h = min(unit * 6, panel.height() * 0.3)
        tile_w = tile_h * TILE_RATIO
        y = panel.top() + unit * 0.8
        for label, wind in ((_("Seat wind"), s["seat_wind"]),
                            (_("Round wind"), s["round_wind"])):
            paint_tile(painter, QRectF(panel.left() + unit, y, tile_w, tile_h), wind)
            draw_text(painter, QRectF(panel.left() + unit * 1.8 + tile_w, y,
                                      panel.width() - tile_w - unit * 2.6, tile_h),
                      _("{what}: {wind}").format(what=label, wind=wind_name(wind)),
                      pixels=unit * 1.5, align=Qt.AlignmentFlag.AlignLeft
                      | Qt.AlignmentFlag.AlignVCenter, wrap=True)
            y += tile_h + unit * 0.6
        lines = [circumstance_name(name) for name in s.get("circumstances", ())]
        if not lines:
            lines = [_("Won on a discard")]
        line_h = min(unit * 2.4, (panel.bottom() - y - unit * 0.5) / len(lines))
        for text in lines:
            draw_text(painter, QRectF(panel.left() + unit, y, panel.width() - unit * 2, line_h),
                      "• " + text, pixels=unit * 1.45, bold=True,
                      align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            y += line_h
