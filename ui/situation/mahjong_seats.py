"""The Mah-Jong table with its four seats, and the claims on a discard.

East (the banker) sits at the bottom, South at his right, West opposite and North at his
left: turns go counterclockwise E → S → W → N. Each seat shows its wind, its tiles (the
concealed ones, then the sets on view) and what the question tells of it; the discard
lies in the middle with an arrow from the discarder that keeps clear of the words there
(from the seat at the bottom it comes up beside them). Where the middle has much to
show, the seats at the top and bottom give it room. Seats and claims that are options
of the question are clicked to answer. False wins, liability and payments are drawn on
the same table by :mod:`ui.situation.mahjong_payments`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from i18n import _
from questions.mahjong.situation import Discard, TileHand
from trainer.rules.mahjong import Variant
from ui.drawing.text import (
    badge_size,
    fit_text,
    flow,
    line_height,
    paint_badge,
    paint_paragraphs,
    text_height,
    text_width,
)
from ui.drawing.tiles import TILE_RATIO, paint_tile, paint_tile_row
from ui.palette import swatch
from ui.situation import mahjong_canvas as canvas
from ui.situation.base import situation_of
from ui.situation.mahjong_canvas import TableCanvas
from ui.situation.mahjong_claimed import claimed_block
from ui.situation.mahjong_hands import paint_hand, tile_groups, variant_name, wind_name
from ui.widgets import accessible_parts as parts

SEATS = ("E", "S", "W", "N")
PANEL = swatch("felt_panel")
ASKED = swatch("asked")
TAG = swatch("tag")
#: Something drawn in the middle of the table: its height, and what paints it in a box.
Block = tuple[float, Callable[[QPainter, QRectF], None]]


@lru_cache(maxsize=64)
def _longest_word(lines: tuple[str, ...], pixels: float, _font: str) -> float:
    """How wide the longest word of ``lines`` is, in bold at ``pixels`` (in the app's font
    ``_font``): every seat's place depends on it, asked for each seat at each paint."""
    return max(text_width(word, pixels, bold=True) for word in " ".join(lines).split())


class SeatsTable(TableCanvas):
    """Four seats round a square table; subclasses say what each seat shows."""

    def variant(self) -> Variant:
        raise NotImplementedError

    def banker(self) -> str:
        """The banker's seat: East (Art. 3)."""
        return "E"

    def hand(self, seat: str) -> TileHand | None:
        """The hand shown at ``seat`` (None: its tiles face down)."""
        return None

    def players(self) -> tuple[str, ...] | None:
        """The seats of a simplified table of 2 or 3 (None: all four play)."""
        return None

    def round_wind(self) -> str | None:
        """The round's wind, where the question tells it."""
        return None

    def present(self, seat: str) -> bool:
        """Whether ``seat`` plays: a simplified table of 2 or 3 lists its ``players``."""
        players = self.players()
        return not players or seat in players

    def hidden_count(self, seat: str) -> int:
        """How many face-down tiles a seat without a shown hand holds (none if empty)."""
        if not self.present(seat):
            return 0
        simplified = self.variant() is Variant.SIMPLIFIED
        count = 4 if simplified else 13
        return count + (1 if seat == self.banker() and not simplified else 0)

    def seat_value(self, seat: str) -> Any:
        return seat

    def seat_tags(self, seat: str) -> list[tuple[str, QColor]]:
        return []

    def seat_mark(self, seat: str) -> QColor | None:
        """A coloured rim round a seat (the discarder, the winner …)."""
        return None

    def asked_seat(self) -> str | None:
        return None

    def corner_lines(self) -> list[str]:
        """Texts in the table's top left corner: the form of the game, the round wind."""
        lines = [variant_name(self.variant())]
        round_wind = self.round_wind()
        if round_wind is not None:
            lines.append(_("Round wind: {wind}").format(wind=wind_name(round_wind)))
        return lines

    def corner_width(self) -> float:
        """The width the corner's words need: their longest word, and a little."""
        return _longest_word(tuple(self.corner_lines()), self.unit() * 1.4, QFont().key()) \
            + self.unit()

    def describe(self) -> str:
        return _("Mah-Jong table: East (banker) at the bottom, South at his right, West "
                 "opposite, North at his left.")

    # Geometry --------------------------------------------------------------------------

    def table_rect(self, area: QRectF) -> QRectF:
        margin = self.unit()
        return area.adjusted(margin, margin, -margin, -margin)

    def band(self, table: QRectF) -> float:
        """How high the seats at the top and bottom are: 30 % of the table, less where the
        middle needs the room for its words (down to 20 %)."""
        pad = self.unit() * 1.2
        band = table.height() * 0.3
        need = self.centre_need(table.width() - 2 * pad - 2 * self.side_width(table)
                                - 2 * self.unit())
        if need:
            room = (table.height() - 4 * pad - need) / 2
            band = min(band, max(table.height() * 0.2, room))
        return band

    def side_width(self, table: QRectF) -> float:
        return (table.width() - 2 * self.unit() * 1.2) * 0.37

    def seat_rect(self, table: QRectF, seat: str) -> QRectF:
        pad = self.unit() * 1.2
        band = self.band(table)
        inner = table.adjusted(pad, pad, -pad, -pad)
        side_w = self.side_width(table)
        if seat in ("E", "W"):
            width = inner.width() * 0.66
            left = inner.center().x() - width / 2
            if seat == "W":  # clear of the words in the top left corner
                left = max(left, table.left() + canvas.felt_corner(table) + self.corner_width())
                width = min(width, inner.right() - left)
            top = inner.bottom() - band if seat == "E" else inner.top()
            return QRectF(left, top, width, band)
        left = inner.left() if seat == "N" else inner.right() - side_w
        return QRectF(left, inner.top() + band + pad, side_w,
                      inner.height() - 2 * band - 2 * pad)

    def centre_rect(self, table: QRectF) -> QRectF:
        west, east = self.seat_rect(table, "N"), self.seat_rect(table, "S")
        return QRectF(west.right() + self.unit(), west.top(),
                      east.left() - west.right() - 2 * self.unit(), west.height())

    # Painting --------------------------------------------------------------------------

    def paint_table(self, painter: QPainter, area: QRectF) -> None:
        table = self.table_rect(area)
        canvas.paint_felt(painter, table, oval=False)
        unit = self.unit()
        west, north = self.seat_rect(table, "W"), self.seat_rect(table, "N")
        inset = canvas.felt_corner(table)
        corner = QRectF(table.left() + inset, table.top() + inset,
                        west.left() - table.left() - inset - unit * 0.6,
                        north.top() - table.top() - inset - unit * 0.6)
        paint_paragraphs(painter, corner, self.corner_lines(), pixels=unit * 1.4,
                         colour=swatch("felt_ink"), bold=True,
                         align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        for seat in SEATS:
            self.paint_seat(painter, self.seat_rect(table, seat), seat)
        self.paint_centre(painter, self.centre_rect(table), table)

    def paint_seat(self, painter: QPainter, rect: QRectF, seat: str) -> None:
        unit = self.unit()
        value = self.seat_value(seat)
        fill = self.state_fill(value, PANEL) if value is not None else PANEL
        if fill is canvas.HOVER:
            fill = swatch("seat_hover")
        elif fill in (canvas.RIGHT, canvas.WRONG):
            fill = QColor(fill.red(), fill.green(), fill.blue(), 170)
        rim = self.seat_mark(seat)
        if seat == self.asked_seat():
            painter.setPen(QPen(ASKED, unit * 0.45))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-unit * 0.5, -unit * 0.5, unit * 0.5,
                                                  unit * 0.5), unit * 1.2, unit * 1.2)
        painter.setPen(QPen(rim, unit * 0.45) if rim is not None else Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawRoundedRect(rect, unit, unit)
        if parts.recording():
            parts.note(painter, parts.Role.Grouping, self.seat_words(seat), rect,
                       value=value, description=self.seat_description(seat))
        if value is not None:
            self.target(rect, value)
        bottom = self.paint_header(painter, rect.adjusted(unit * 0.6, unit * 0.4, -unit * 0.6,
                                                          0), seat)
        body = QRectF(rect.left() + unit * 0.6, bottom + unit * 0.3,
                      rect.width() - unit * 1.2, rect.bottom() - bottom - unit * 0.7)
        self.paint_body(painter, body, seat)

    def seat_words(self, seat: str) -> str:
        """The seat's name for a screen reader: its wind and its tags ("East, Banker")."""
        tags = ([_("Banker")] if seat == self.banker() else []) \
            + [text for text, _colour in self.seat_tags(seat)]
        if not self.present(seat):
            tags.append(_("nobody sits here"))
        return ", ".join([wind_name(seat), *tags])

    def seat_description(self, seat: str) -> str:
        """What a screen reader adds about a seat: the one asked about."""
        return _("The seat the question is about") if seat == self.asked_seat() else ""

    def paint_header(self, painter: QPainter, room: QRectF, seat: str) -> float:
        """The seat's wind tile and name, its badge and tags, then its claims at the right,
        on as many rows as they need; returns where the header ends."""
        unit = self.unit()
        pixels = unit * 1.3
        name = wind_name(seat)
        row_h = max(unit * 2.6, line_height(unit * 1.7, bold=True), badge_size(name, pixels)
                    .height())
        tile = QRectF(room.left(), room.top(), row_h * TILE_RATIO, row_h)
        paint_tile(painter, tile, seat)
        words = QRectF(tile.right() + unit * 0.6, room.top(), min(
            text_width(name, unit * 1.7, bold=True) + 1, room.right() - tile.right()), row_h)
        fit_text(painter, words, name, pixels=unit * 1.7, colour=swatch("felt_ink"), bold=True,
                 align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        tags = ([(_("Banker"), canvas.BANKER)] if seat == self.banker() else []) \
            + self.seat_tags(seat)
        pills = [(text, colour, None) for text, colour in tags] \
            + [(text, None, value) for text, value in self.header_buttons(seat)]
        sizes = [badge_size(text, pixels, max_width=room.width()) for text, _c, _v in pills]
        rows = flow([size.width() for size in sizes], room.left(), room.right(),
                    words.right() + unit * 1.2, unit * 0.5, right_from=len(tags))
        heights = [row_h] * (max((row for row, _x in rows), default=0) + 1)
        for (row, _x), size in zip(rows, sizes, strict=True):
            heights[row] = max(heights[row], size.height())
        tops = [room.top() + sum(heights[:row]) + row * unit * 0.4 for row in range(len(heights))]
        for (text, colour, value), (row, x), size in zip(pills, rows, sizes, strict=True):
            pill = QRectF(x, tops[row] + (heights[row] - size.height()) / 2, size.width(),
                          size.height())
            if colour is not None:
                paint_badge(painter, pill.center(), text, pixels=pixels, fill=colour,
                            max_width=room.width())
            else:
                self.paint_button(painter, pill, text, value)
        return tops[-1] + heights[-1]

    def header_buttons(self, seat: str) -> list[tuple[str, Any]]:
        """Claims a seat may make, (words, option), as buttons at the right of its header
        (subclasses)."""
        return []

    def paint_button(self, painter: QPainter, pill: QRectF, text: str, value: Any) -> None:
        """A claim one clicks to answer: a light pill, marked once answered."""
        fill = self.state_fill(value, swatch("spot"))
        radius = min(pill.height() / 2, line_height(self.unit() * 1.3, bold=True) * 0.6)
        painter.setPen(QPen(swatch("spot_edge"), 1))
        painter.setBrush(fill)
        painter.drawRoundedRect(pill, radius, radius)
        colour = swatch("badge_ink") if fill in (canvas.RIGHT, canvas.WRONG) else canvas.INK
        fit_text(painter, pill.adjusted(radius * 0.6, 0, -radius * 0.6, 0), text,
                 pixels=self.unit() * 1.3, colour=colour, bold=True)
        self.target(pill, value)

    def paint_body(self, painter: QPainter, body: QRectF, seat: str) -> None:
        hand = self.hand(seat)
        if hand is None:  # a hand nobody is asked about: its backs, not too large
            height = min(body.height(), self.unit() * 6)
            row = QRectF(body.left(), body.center().y() - height / 2, body.width(), height)
            paint_tile_row(painter, row, [None] * self.hidden_count(seat), face_up=False,
                           gap=0.02)
            return
        concealed, melds, kongs = tile_groups(hand)
        paint_hand(painter, body, concealed, melds, kongs)

    def paint_centre(self, painter: QPainter, box: QRectF, table: QRectF) -> None:
        """The middle of the table: the discard, if there is one (subclasses add more)."""
        if self.discard() is not None:
            self.paint_discard(painter, box, table)

    # The discard in the middle ------------------------------------------------------

    def discard(self) -> tuple[str, str] | None:
        """(discarder, tile) of the discard lying in the middle, if any (subclasses)."""
        return None

    def under_discard(self, width: float) -> list[Block]:
        """What the middle shows under the discard and its caption, top down, in
        ``width``: (height, painter) of each (subclasses)."""
        return []

    def centre_need(self, width: float) -> float:
        """The height the middle's contents need in ``width`` (0: whatever it gets)."""
        if self.discard() is None:
            return 0.0
        return self.column_height(width) + self.unit() * 6

    def strip(self, discarder: str) -> float:
        """The lane either side of the middle's contents kept for the line from the
        discarder at the bottom, which comes up beside them."""
        return self.unit() * 2.4 if discarder == "E" else 0.0

    def route(self, discarder: str, seat: QRectF, tile: QRectF, lane: float) -> list[QPointF]:
        """The line from the discarder's seat to the discard: straight from above or the
        side, up the lane at ``lane`` and across from the seat at the bottom."""
        gap = self.unit() * 0.4
        middle = tile.center()
        return {"W": [QPointF(middle.x(), seat.bottom()), QPointF(middle.x(), tile.top() - gap)],
                "N": [QPointF(seat.right(), middle.y()), QPointF(tile.left() - gap, middle.y())],
                "S": [QPointF(seat.left(), middle.y()), QPointF(tile.right() + gap, middle.y())],
                "E": [QPointF(lane, seat.top()), QPointF(lane, middle.y()),
                      QPointF(tile.left() - gap, middle.y())]}[discarder]

    def discard_caption(self, discarder: str) -> str:
        return _("{seat} discards").format(seat=wind_name(discarder))

    def column_height(self, width: float) -> float:
        """How high the middle's contents are in ``width``, but for the discard itself."""
        discarder, _tile = self.discard() or ("", "")
        unit = self.unit()
        inner = width - 2 * self.strip(discarder)
        caption = max(unit * 2.2, text_height(self.discard_caption(discarder), inner,
                                              pixels=unit * 1.4, bold=True))
        reach = unit * 3 if discarder == "W" else unit * 0.5
        return reach + unit * 0.3 + caption + sum(unit * 0.5 + height for height, _paint
                                                  in self.under_discard(inner))

    def paint_discard(self, painter: QPainter, box: QRectF, table: QRectF) -> None:
        """The discard, a line to it from its discarder that keeps clear of every word,
        its caption under it and what the question adds under that.

        The line comes straight from a seat above or at the side; from the seat at the
        bottom it comes up the lane at the left of the middle and turns to the tile.
        """
        discarder, tile = self.discard() or ("", "")
        unit = self.unit()
        strip = self.strip(discarder)
        inner = box.adjusted(strip, 0, -strip, 0)
        height = max(unit * 3, min(unit * 8, box.height() - self.column_height(box.width())))
        width = height * TILE_RATIO
        top = box.top() + (unit * 3 if discarder == "W" else unit * 0.5)
        rect = QRectF(inner.center().x() - width / 2, top, width, height)
        canvas.connector(painter, self.route(discarder, self.seat_rect(table, discarder),
                                             rect, box.left() + strip / 2),
                         canvas.FOCUS, unit * 0.4)
        paint_tile(painter, rect, tile, highlight=canvas.FOCUS)
        caption = self.discard_caption(discarder)
        words = QRectF(inner.left(), rect.bottom() + unit * 0.3, inner.width(), max(
            unit * 2.2, text_height(caption, inner.width(), pixels=unit * 1.4, bold=True)))
        fit_text(painter, words, caption, pixels=unit * 1.4, colour=swatch("felt_ink"), bold=True)
        y = words.bottom()
        for block_height, paint in self.under_discard(inner.width()):
            y += unit * 0.5
            paint(painter, QRectF(inner.left(), y, inner.width(), block_height))
            y += block_height


class Claim(SeatsTable):
    """Who takes the discard: every hand, the bars, and a button per possible claim."""

    KINDS = ("win", "kong", "pung", "chow")

    def dealt(self) -> Discard:
        return situation_of(self.question, Discard)

    def variant(self) -> Variant:
        return self.dealt().variant

    def hand(self, seat: str) -> TileHand | None:
        return self.dealt().hands.get(seat)

    def seat_value(self, seat: str) -> Any:
        return None

    def seat_mark(self, seat: str) -> QColor | None:
        return canvas.FOCUS if seat == self.dealt().discarder else None

    def seat_tags(self, seat: str) -> list[tuple[str, QColor]]:
        s = self.dealt()
        tags = []
        if seat == s.discarder:
            tags.append((_("Discards"), canvas.FOCUS))
        if seat in s.bars.withdrew_pung:
            tags.append((_("Withdrew a pung call"), TAG))
        if seat in s.bars.saw_tiles:
            tags.append((_("Saw another's tiles"), TAG))
        return tags

    def claim_label(self, kind: str) -> str:
        return {"win": _("Win"), "kong": _("Kong"), "pung": _("Pung"), "chow": _("Chow")}[kind]

    def header_buttons(self, seat: str) -> list[tuple[str, Any]]:
        return [(self.claim_label(kind), f"{seat}-{kind}") for kind in self.KINDS
                if f"{seat}-{kind}" in self.options]

    def discard(self) -> tuple[str, str] | None:
        return self.dealt().discarder, self.dealt().discard

    def under_discard(self, width: float) -> list[Block]:
        model = claimed_block(self.dealt(), self.expected, self.unit()) \
            if self.answered else []
        if "nobody" not in self.options:
            return model
        text = _("Nobody")
        unit = self.unit()
        size = badge_size(text, unit * 1.4, max_width=width)
        height = max(size.height(), unit * 2.6)

        def nobody(painter: QPainter, room: QRectF) -> None:
            pill = QRectF(room.center().x() - size.width() / 2, room.top(), size.width(),
                          height)
            self.paint_button(painter, pill, text, "nobody")

        return [(height, nobody), *model]


VIEWS = {"mahjong.claim": Claim}
