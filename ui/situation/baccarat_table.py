"""The Mahjong Baccarat table: ten places round its edge, counterclockwise from the banker.

Place 1 sits in the middle of the bottom edge; the places follow counterclockwise as
the croupier sees the table from the banker's side: place 2 at his right, 3 and 4 up the
right end, 5, 6 and 7 along the far edge, 8 and 9 down the left end and 10 at his left.
The places are cards laid out in five columns (the two ends, and three columns of a
place at the far edge and one at the near edge), as large as the table allows, so that
their words are written whole even on a narrow table; a faint track round the middle
shows the way of deal and pay.

Each place shows its name, what the skill writes there (collected, paid, declined …)
and its two tiles (face down when the question does not show them), and its bet as a
stack of chips with the amount written beside it. The banker's place carries a gold rim
and a "Banker" badge. A place that is an option of the question is picked by clicking
it. The middle holds the dice, the banker's capital and the like (subclasses).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from i18n import _, format_money
from questions import Question
from questions.mahjong_baccarat.situations import (
    BankAfterRound,
    Hands,
    OneBet,
    Table,
    TableIncident,
    Throw,
)
from ui.drawing.chips import label_size, paint_stack, paint_stack_beside, stack_height
from ui.drawing.text import badge_size, fit_text, line_height, paint_badge, text_height
from ui.drawing.tiles import describe_baccarat_tile, paint_tile_row
from ui.palette import swatch
from ui.situation import mahjong_canvas as canvas
from ui.situation.mahjong_canvas import TableCanvas
from ui.widgets import accessible_parts as parts
from ui.widgets.accessible_parts import listed

#: Every Mahjong Baccarat skill's situation: each has the places and the banker's.
MahjongBaccaratSituation = Throw | Hands | OneBet | Table | BankAfterRound | TableIncident

ASKED = swatch("asked")
#: Which column (0 the left end … 4 the right end) and row (0 far, 1 near) each place
#: takes; the ends hold two places, one above the other.
RING = {1: (2, 1), 2: (3, 1), 3: (4, 1), 4: (4, 0), 5: (3, 0), 6: (2, 0), 7: (1, 0),
        8: (0, 0), 9: (0, 1), 10: (1, 1)}


def baccarat_situation(question: Question) -> MahjongBaccaratSituation:
    """A Mahjong Baccarat question's situation, whichever skill's."""
    situation = question.situation
    if not isinstance(situation, Throw | Hands | OneBet | Table | BankAfterRound
                      | TableIncident):
        raise TypeError(f"{question.skill}: a {type(situation).__name__} is not a Mahjong "
                        "Baccarat situation")
    return situation


def open_hands(hands: Mapping[str, str]) -> dict[int, list[str]]:
    """A situation's hands (``{"1": "K 9"}``) as the tiles drawn at each place."""
    return {int(place): text.split() for place, text in hands.items()}


class BaccaratTable(TableCanvas):
    """The ten places; subclasses add the middle of the table and words at the places."""

    minimum = QSize(520, 300)  # the ten places and their words want this much
    #: Where each place sits on the grid of five columns and two rows: (column, row).
    ring = RING

    #: Whether places without a hand in the situation hold two tiles face down.
    dealt = True

    def places(self) -> int:
        return baccarat_situation(self.question).places

    def banker(self) -> int:
        return baccarat_situation(self.question).banker

    def hands(self) -> dict[int, list[str]]:
        """The hands open at the places, by place (none by default)."""
        return {}

    def bets(self) -> dict[int, Decimal]:
        """The bets at the places, by place (none by default)."""
        return {}

    def asked_place(self) -> int | None:
        return None

    def place_value(self, place: int) -> Any:
        """The option value clicking ``place`` gives (the place number by default)."""
        return place

    def describe(self) -> str:
        return _("Mahjong Baccarat table: ten places counterclockwise, the banker at place "
                 "{place}.").format(place=self.banker())

    # Geometry --------------------------------------------------------------------------

    def table_rect(self, area: QRectF) -> QRectF:
        margin = self.unit() * 1.2
        return area.adjusted(margin, margin, -margin, -margin)

    def _grid(self, table: QRectF) -> tuple[QRectF, float, float, float]:
        """The room inside the rail, the width of a column, the height of a place at an
        edge and the gap between places."""
        inset = canvas.felt_corner(table)
        room = table.adjusted(inset, inset, -inset, -inset)
        gap = self.unit()
        width = (room.width() - 4 * gap) / 5
        height = min(room.height() * 0.3, width * 0.9)
        return room, width, height, gap

    def place_rect(self, table: QRectF, place: int) -> QRectF:
        room, width, height, gap = self._grid(table)
        column, row = self.ring[place]
        left = room.left() + column * (width + gap)
        if column in (0, 4):  # the ends: two places, each in the middle of its half
            half = (room.height() - gap) / 2
            tall = min(half, height * 1.4)
            top = room.top() + row * (half + gap) + (half - tall) / 2
            return QRectF(left, top, width, tall)
        top = room.top() if row == 0 else room.bottom() - height
        return QRectF(left, top, width, height)

    def middle_rect(self, table: QRectF) -> QRectF:
        """The free middle of the table, inside the track round it."""
        room, width, height, gap = self._grid(table)
        track = self.unit() * 1.8
        return QRectF(room.left() + width + gap + track, room.top() + height + gap + track,
                      3 * width + 2 * gap - 2 * track, room.height() - 2 * (height + gap + track))

    def inner_point(self, table: QRectF, place: int) -> QPointF:
        """The middle of a place's edge that faces the middle of the table."""
        rect = self.place_rect(table, place)
        column, row = self.ring[place]
        if column == 0:
            return QPointF(rect.right(), rect.center().y())
        if column == 4:
            return QPointF(rect.left(), rect.center().y())
        return QPointF(rect.center().x(), rect.bottom() if row == 0 else rect.top())

    def facing_point(self, table: QRectF, place: int, toward: QPointF) -> QPointF:
        """The point of a place's edge facing the middle that is nearest ``toward`` (kept a
        little in from the corners): where a line to or from the place meets it."""
        rect = self.place_rect(table, place)
        edge = self.inner_point(table, place)
        margin = min(rect.width(), rect.height()) * 0.15
        column, _row = self.ring[place]
        if column in (0, 4):  # a side place: its edge runs up and down
            y = min(max(toward.y(), rect.top() + margin), rect.bottom() - margin)
            return QPointF(edge.x(), y)
        x = min(max(toward.x(), rect.left() + margin), rect.right() - margin)
        return QPointF(x, edge.y())

    # Painting --------------------------------------------------------------------------

    def paint_table(self, painter: QPainter, area: QRectF) -> None:
        table = self.table_rect(area)
        canvas.paint_felt(painter, table, oval=False)
        self.paint_direction(painter, self.middle_rect(table))
        for place in range(1, self.places() + 1):
            self.paint_place(painter, table, place)
        self.paint_middle(painter, self.middle_rect(table))

    def paint_direction(self, painter: QPainter, middle: QRectF) -> None:
        """A faint track round the middle with two chevrons: the way of deal and pay
        (rightwards along the near edge, leftwards along the far one)."""
        unit = self.unit()
        track = middle.adjusted(-unit * 0.9, -unit * 0.9, unit * 0.9, unit * 0.9)
        colour = swatch("felt_hover")
        painter.save()
        painter.setPen(QPen(colour, unit * 0.35, Qt.PenStyle.SolidLine,
                            Qt.PenCapStyle.RoundCap))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        radius = min(track.height() / 2, unit * 3)
        painter.drawRoundedRect(track, radius, radius)
        size = unit * 1.1
        for y, way in ((track.bottom(), 1), (track.top(), -1)):
            x = track.center().x() + way * track.width() * 0.2
            path = QPainterPath(QPointF(x - way * size, y - size))
            path.lineTo(QPointF(x, y))
            path.lineTo(QPointF(x - way * size, y + size))
            painter.drawPath(path)
        painter.restore()

    def paint_place(self, painter: QPainter, table: QRectF, place: int) -> None:
        rect = self.place_rect(table, place)
        banker = place == self.banker()
        value = self.place_value(place)
        fill = self.state_fill(value, canvas.SPOT)
        unit = self.unit()
        if place == self.asked_place():  # the place the question is about: a blue halo
            painter.setPen(QPen(ASKED, unit * 0.45))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-unit * 0.5, -unit * 0.5, unit * 0.5,
                                                  unit * 0.5), unit * 1.3, unit * 1.3)
        painter.setPen(QPen(canvas.BANKER if banker else swatch("spot_edge"),
                            unit * (0.55 if banker else 0.15)))
        painter.setBrush(fill)
        painter.drawRoundedRect(rect, unit, unit)
        if parts.recording():
            parts.note(painter, parts.Role.Grouping, self.place_words(place), rect,
                       value=value, description=_("The place the question is about")
                       if place == self.asked_place() else "")
        self.target(rect, value)
        ink = canvas.INK if fill not in (canvas.RIGHT, canvas.WRONG) else swatch("badge_ink")
        pixels = unit * 1.6
        top = rect.top() + 2 + (badge_size(_("Banker"), unit * 1.3).height() / 2 - 2
                                if banker else 0)  # below the "Banker" badge on the rim
        name = _("Place {place}").format(place=place)
        label = QRectF(rect.left() + 4, top, rect.width() - 8, max(
            line_height(pixels, bold=True), text_height(name, rect.width() - 8, pixels=pixels,
                                                         bold=True)))
        fit_text(painter, label, name, pixels=pixels, colour=ink, bold=True)
        self.paint_contents(painter, QRectF(rect.left() + 4, label.bottom() + 2,
                                            rect.width() - 8, rect.bottom() - label.bottom() - 6),
                            place)
        if banker:
            paint_badge(painter, QPointF(rect.center().x(), rect.top()), _("Banker"),
                        pixels=unit * 1.3, fill=canvas.BANKER)

    def place_words(self, place: int) -> str:
        """A place for a screen reader: "Place 3: banker, 8 and 9, bet MOP$600.00"."""
        facts = [_("Banker")] if place == self.banker() else []
        hand = self.hands().get(place)
        if hand and self.shows_hand(place):
            facts.append(listed([describe_baccarat_tile(tile) for tile in hand]))
        bet = self.bets().get(place)
        if bet is not None:
            facts.append(_("bet {amount}").format(amount=format_money(bet)))
        facts += [text for text, _colour in self.place_tags(place)]
        if not facts:
            return _("Place {place}").format(place=place)
        return _("Place {place}: {facts}").format(place=place, facts=", ".join(facts))

    def paint_contents(self, painter: QPainter, body: QRectF, place: int) -> None:
        """What lies at a place under its name: the words written there at the top, the
        bet at the bottom and the tiles in between (beside the words where the place is
        wide)."""
        tags = self.place_tags(place)
        bet = self.bets().get(place)
        if bet is not None:
            row = self.bet_height()
            self.paint_bet(painter, QRectF(body.left(), body.bottom() - row, body.width(), row),
                           bet)
            body = body.adjusted(0, 0, 0, -row - 2)
        if not tags:
            self.paint_hand(painter, body, place)
            return
        if not self.shows_hand(place):
            self.paint_tags(painter, body, tags)
            return
        if body.width() >= body.height() * 2.2:
            self.paint_hand(painter, QRectF(body.left(), body.top(), body.width() * 0.42,
                                            body.height()), place)
            self.paint_tags(painter, QRectF(body.left() + body.width() * 0.45, body.top(),
                                            body.width() * 0.55, body.height()), tags)
            return
        height = self.tags_height(body.width(), tags)
        self.paint_tags(painter, QRectF(body.left(), body.top(), body.width(), height), tags)
        self.paint_hand(painter, body.adjusted(0, height + 2, 0, 0), place)

    def shows_hand(self, place: int) -> bool:
        return self.dealt or place in self.hands()

    def paint_hand(self, painter: QPainter, box: QRectF, place: int) -> None:
        if not self.shows_hand(place) or box.height() <= 0:
            return
        hand = self.hands().get(place)
        paint_tile_row(painter, box, hand or [None, None], face_up=hand is not None,
                       baccarat=True, gap=0.1)

    def place_tags(self, place: int) -> list[tuple[str, QColor]]:
        """Short facts written on a place (subclasses): (text, colour)."""
        return []

    def tag_pixels(self) -> float:
        return self.unit() * 1.25

    def tags_height(self, width: float, tags: list[tuple[str, QColor]]) -> float:
        """How high the pills of ``tags`` are, each on as many lines as its words need."""
        return sum(badge_size(text, self.tag_pixels(), bold=False, max_width=width).height()
                   for text, _colour in tags) + 2 * (len(tags) - 1)

    def paint_tags(self, painter: QPainter, box: QRectF,
                   tags: list[tuple[str, QColor]]) -> None:
        """Pills one under another in the middle of ``box``, each on as many lines as its
        words need."""
        pixels = self.tag_pixels()
        top = box.center().y() - self.tags_height(box.width(), tags) / 2
        for text, colour in tags:
            size = badge_size(text, pixels, bold=False, max_width=box.width())
            pill = QRectF(box.center().x() - size.width() / 2, top, size.width(), size.height())
            radius = min(size.height(), badge_size(text, pixels, bold=False).height()) / 2
            painter.setPen(QPen(colour.darker(130), 1))
            painter.setBrush(colour)
            painter.drawRoundedRect(pill, radius, radius)
            fit_text(painter, pill.adjusted(radius * 0.6, 0, -radius * 0.6, 0), text,
                     pixels=pixels)
            top += size.height() + 2

    def bet_height(self) -> float:
        """How high the row with a place's bet is."""
        return max(self.unit() * 3.4, label_size(Decimal(1), self.unit() * 1.2).height())

    def paint_bet(self, painter: QPainter, row: QRectF, amount: Decimal) -> None:
        """A bet at a place: its stack of chips, and its amount beside it."""
        paint_stack_beside(painter, row, amount, self.unit() * 1.2)

    def paint_middle(self, painter: QPainter, box: QRectF) -> None:
        """The middle of the table (subclasses)."""

    def paint_capital(self, painter: QPainter, box: QRectF, amount: Decimal) -> None:
        """The banker's capital: a stack of chips with its amount, and what it is."""
        words = _("Banker's capital")
        caption_h = max(self.unit() * 2, text_height(words, box.width(),
                                                     pixels=self.unit() * 1.4, bold=True))
        radius = min(box.height() * 0.2, self.unit() * 2.2)
        height = stack_height(radius, amount)
        top = box.center().y() - (height + caption_h) / 2
        bounds = paint_stack(painter, QPointF(box.center().x(), top + height - radius * 1.3),
                             radius, amount)
        fit_text(painter, QRectF(box.left(), bounds.bottom() + 2, box.width(), caption_h),
                 words, pixels=self.unit() * 1.4, colour=swatch("felt_ink"), bold=True)

    def paint_dice(self, painter: QPainter, box: QRectF, faces: list[int]) -> None:
        side = min(box.height() / 1.7, box.width() / 6, self.unit() * 5)
        bowl = QRectF(box.center().x() - side * 3, box.center().y() - side * 0.85,
                      side * 6, side * 1.7)
        painter.setPen(QPen(swatch("tray_edge"), self.unit() * 0.3))
        painter.setBrush(swatch("felt_tray"))
        painter.drawEllipse(bowl)
        canvas.paint_dice(painter, bowl.adjusted(side * 0.6, side * 0.25, -side * 0.6,
                                                 -side * 0.25), faces)
