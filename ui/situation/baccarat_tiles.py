"""Mahjong Baccarat at the table: ten places round an oval, counterclockwise from the banker.

Place 1 sits at the bottom, the places follow counterclockwise (place 2 at its right, as
the croupier sees the table from the banker's side). The banker's place carries a gold
rim and a "Banker" badge; each place shows its two tiles (face down when the question
does not show them), its bet as a stack of chips in front of it, and what the skill
needs (collected, paid, declined …). The middle of the table holds the dice, the
banker's capital and, for the first stack, the row of ten stacks. A place that is an
option of the question is picked by clicking it.
"""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from i18n import _, format_money, ngettext
from ui.drawing.chips import paint_stack, stack_height
from ui.drawing.text import badge_size, fit_text, line_height, paint_badge, text_height
from ui.drawing.tiles import paint_tile_row
from ui.situation import mahjong_canvas as canvas
from ui.situation.mahjong_canvas import TableCanvas

ASKED = QColor("#2f6fd6")


class BaccaratTable(TableCanvas):
    """The ten places; subclasses add the middle of the table and marks at the places."""

    minimum = QSize(520, 300)  # ten places round the table want this much

    #: Whether places without a hand in the situation hold two tiles face down.
    dealt = True

    def places(self) -> int:
        return int(self.situation.get("places", 10))

    def banker(self) -> int:
        return int(self.situation.get("banker", 1))

    def hands(self) -> dict[int, list[str]]:
        return {int(place): text.split()
                for place, text in self.situation.get("hands", {}).items()}

    def bets(self) -> dict[int, Decimal]:
        return {int(bet["place"]): Decimal(bet["stake"]) for bet in self.situation.get("bets", ())}

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

    def place_centre(self, table: QRectF, place: int, reach: float = 1.0) -> QPointF:
        angle = math.radians(270 + (place - 1) * 360 / self.places())
        spot_w, spot_h = self.spot_size(table)
        rx = (table.width() / 2 - spot_w / 2 - self.unit()) * reach
        ry = (table.height() / 2 - spot_h / 2 - self.unit() * 0.6) * reach
        return QPointF(table.center().x() + math.cos(angle) * rx,
                       table.center().y() - math.sin(angle) * ry)

    def spot_size(self, table: QRectF) -> tuple[float, float]:
        height = table.height() * 0.2
        width = min(table.width() * 0.13, height * 1.75)
        return width, height

    def place_rect(self, table: QRectF, place: int) -> QRectF:
        width, height = self.spot_size(table)
        centre = self.place_centre(table, place)
        return QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)

    def bet_point(self, table: QRectF, place: int) -> QPointF:
        return self.place_centre(table, place, 0.6)

    def middle_rect(self, table: QRectF) -> QRectF:
        """The free middle of the table, inside the ring of bets."""
        width, height = table.width() * 0.4, table.height() * 0.34
        return QRectF(table.center().x() - width / 2, table.center().y() - height / 2,
                      width, height)

    # Painting --------------------------------------------------------------------------

    def paint_table(self, painter: QPainter, area: QRectF) -> None:
        table = self.table_rect(area)
        canvas.paint_felt(painter, table)
        self.paint_direction(painter, table)
        bets = self.bets()
        for place in range(1, self.places() + 1):
            if place in bets:
                self.paint_bet(painter, self.bet_point(table, place), bets[place])
        for place in range(1, self.places() + 1):
            self.paint_place(painter, table, place)
        self.paint_middle(painter, self.middle_rect(table))

    def paint_direction(self, painter: QPainter, table: QRectF) -> None:
        """A faint counterclockwise arc just inside the places: the way of deal and pay."""
        rx, ry = table.width() * 0.3, table.height() * 0.27
        box = QRectF(table.center().x() - rx, table.center().y() - ry, 2 * rx, 2 * ry)
        painter.setPen(QPen(QColor(255, 255, 255, 60), self.unit() * 0.35))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawArc(box, -80 * 16, 340 * 16)
        end = QPointF(box.center().x() + rx * math.cos(math.radians(260)),
                      box.center().y() - ry * math.sin(math.radians(260)))
        tangent = QPointF(math.sin(math.radians(260)) * -1, -math.cos(math.radians(260)))
        canvas.arrow(painter, end - tangent * self.unit() * 3, end,
                     QColor(255, 255, 255, 90), self.unit() * 0.35)

    def paint_bet(self, painter: QPainter, point: QPointF, amount: Decimal,
                  highlight: QColor | None = None) -> None:
        radius = self.unit() * 1.7
        lift = stack_height(radius, amount) / 2 - radius
        paint_stack(painter, QPointF(point.x(), point.y() + lift), radius, amount,
                    highlight=highlight)

    def paint_place(self, painter: QPainter, table: QRectF, place: int) -> None:
        rect = self.place_rect(table, place)
        banker = place == self.banker()
        value = self.place_value(place)
        fill = self.state_fill(value, canvas.SPOT)
        unit = self.unit()
        if place == self.asked_place():  # the place the question is about: a blue halo
            painter.setPen(QPen(ASKED, unit * 0.45))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-unit * 0.6, -unit * 0.6, unit * 0.6,
                                                  unit * 0.6), unit * 1.4, unit * 1.4)
        painter.setPen(QPen(canvas.BANKER if banker else QColor("#333333"),
                            unit * (0.55 if banker else 0.15)))
        painter.setBrush(fill)
        painter.drawRoundedRect(rect, unit, unit)
        self.target(rect, value)
        text = canvas.INK if fill not in (canvas.RIGHT, canvas.WRONG) else QColor("white")
        top = rect.top() + 2 + (badge_size(_("Banker"), unit * 1.3).height() / 2 - 2
                                if banker else 0)  # below the "Banker" badge on the rim
        label = QRectF(rect.left() + 4, top, rect.width() - 8, rect.height() * 0.3)
        name = _("Place {place}").format(place=place)
        fit_text(painter, label, name, pixels=unit * 1.6, colour=text, bold=True)
        body = QRectF(rect.left() + 4, label.bottom(), rect.width() - 8,
                      rect.bottom() - label.bottom() - 4)
        tags = self.place_tags(place)
        if tags and self.shows_hand(place):
            self.paint_hand(painter, QRectF(body.left(), body.top(), body.width() * 0.42,
                                            body.height()), place)
            self.paint_tags(painter, QRectF(body.left() + body.width() * 0.45, body.top(),
                                            body.width() * 0.55, body.height()), tags)
        elif tags:
            self.paint_tags(painter, body, tags)
        else:
            self.paint_hand(painter, body, place)
        if banker:
            paint_badge(painter, QPointF(rect.center().x(), rect.top()), _("Banker"),
                        pixels=unit * 1.3, fill=canvas.BANKER)

    def shows_hand(self, place: int) -> bool:
        return self.dealt or place in self.hands()

    def paint_hand(self, painter: QPainter, box: QRectF, place: int) -> None:
        if not self.shows_hand(place):
            return
        hand = self.hands().get(place)
        paint_tile_row(painter, box, hand or [None, None], face_up=hand is not None,
                       baccarat=True, gap=0.1)

    def place_tags(self, place: int) -> list[tuple[str, QColor]]:
        """Short facts written on a place (subclasses): (text, colour)."""
        return []

    def paint_tags(self, painter: QPainter, box: QRectF,
                   tags: list[tuple[str, QColor]]) -> None:
        """Pills one under another in the middle of ``box``, each on as many lines as its
        words need; one line each (shortened) where the place is too small for that."""
        pixels = self.unit() * 1.25
        heights = [badge_size(text, pixels, max_width=box.width()).height()
                   for text, _colour in tags]
        if sum(heights) + 2 * (len(tags) - 1) > box.height():
            heights = [badge_size(text, pixels).height() for text, _colour in tags]
        top = box.center().y() - (sum(heights) + 2 * (len(tags) - 1)) / 2
        for (text, colour), height in zip(tags, heights, strict=True):
            pill = QRectF(box.left(), top, box.width(), height)
            radius = min(height, badge_size(text, pixels).height()) / 2
            painter.setPen(QPen(colour.darker(130), 1))
            painter.setBrush(colour)
            painter.drawRoundedRect(pill, radius, radius)
            fit_text(painter, pill.adjusted(radius * 0.6, 0, -radius * 0.6, 0), text,
                     pixels=pixels)
            top += height + 2

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
                 words, pixels=self.unit() * 1.4, colour=QColor("white"), bold=True)

    def paint_dice(self, painter: QPainter, box: QRectF, faces: list[int]) -> None:
        side = min(box.height(), self.unit() * 5)
        bowl = QRectF(box.center().x() - side * 3, box.center().y() - side * 0.85,
                      side * 6, side * 1.7)
        painter.setPen(QPen(QColor("#d8d2c0"), self.unit() * 0.3))
        painter.setBrush(QColor(255, 255, 255, 40))
        painter.drawEllipse(bowl)
        canvas.paint_dice(painter, bowl.adjusted(side * 0.6, side * 0.25, -side * 0.6,
                                                 -side * 0.25), faces)


def money(amount: Decimal | str) -> str:
    return format_money(Decimal(amount))


class FirstPlace(BaccaratTable):
    """Which place the dice pick: the dice in the bowl and the row of ten stacks."""

    dealt = False

    def paint_middle(self, painter: QPainter, box: QRectF) -> None:
        top = QRectF(box.left(), box.top(), box.width(), box.height() * 0.5)
        self.paint_dice(painter, top, list(self.situation["dice"]))
        row = QRectF(box.left(), box.top() + box.height() * 0.58, box.width(),
                     box.height() * 0.42)
        asked = int(self.situation.get("stack", 1))
        caption_h = max(self.unit() * 1.8, line_height(self.unit() * 1.2, bold=True))
        tiles_box = row.adjusted(0, 0, 0, -caption_h)
        rects = paint_tile_row(painter, tiles_box, [None] * self.places(), face_up=False,
                               baccarat=True, gap=0.25)
        for number, rect in enumerate(rects, start=1):
            colour = QColor("white") if number != asked else canvas.FOCUS
            fit_text(painter, QRectF(rect.left() - 6, rect.bottom(), rect.width() + 12,
                                     caption_h), str(number), pixels=self.unit() * 1.2,
                     colour=colour, bold=number == asked)
            if number == asked and asked > 1:
                painter.setPen(QPen(canvas.FOCUS, self.unit() * 0.35))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 4, 4)
        words = _("The ten stacks, in the order they are dealt")
        height = max(self.unit() * 2, text_height(words, box.width(), pixels=self.unit() * 1.2))
        fit_text(painter, QRectF(box.left(), row.top() - height - self.unit() * 0.2,
                                 box.width(), height),
                 words, pixels=self.unit() * 1.2, colour=QColor("white"))


class Showdown(BaccaratTable):
    """Who wins: the banker's tiles against a place's (or all ten)."""

    def asked_place(self) -> int | None:
        return self.situation.get("place")

    def place_value(self, place: int) -> Any:
        if "place" not in self.situation:
            return place
        if place == self.banker():
            return "banker"
        return "player" if place == self.situation["place"] else None


class Payout(BaccaratTable):
    """One place's bet against the banker: both hands and the stake."""

    def asked_place(self) -> int | None:
        return int(self.situation["place"])

    def bets(self) -> dict[int, Decimal]:
        return {int(self.situation["place"]): Decimal(self.situation["stake"])}


class Settlement(BaccaratTable):
    """The whole table: ten hands, the bets, the dice and the banker's capital."""

    def asked_place(self) -> int | None:
        return int(self.situation["asked"])

    def paint_middle(self, painter: QPainter, box: QRectF) -> None:
        left = QRectF(box.left(), box.top(), box.width() * 0.5, box.height())
        self.paint_dice(painter, left, list(self.situation["dice"]))
        right = QRectF(box.center().x(), box.top(), box.width() * 0.5, box.height())
        self.paint_capital(painter, right, Decimal(self.situation["capital"]))


class Bank(BaccaratTable):
    """The bank: the round's collections and payments and the capital, or the turn of
    the bank (who declined, who bet last round)."""

    dealt = False

    def place_tags(self, place: int) -> list[tuple[str, QColor]]:
        s = self.situation
        tags = []
        if s["kind"] == "capital":
            tags += [(_("Collected {amount}").format(amount=money(entry["amount"])),
                      QColor("#cfe8d6")) for entry in s.get("collected", ())
                     if int(entry["place"]) == place]
            tags += [(_("Paid {amount}").format(amount=money(entry["amount"])),
                      QColor("#f3d2cc")) for entry in s.get("paid", ())
                     if int(entry["place"]) == place]
            return tags
        if place in s.get("declined", ()):
            tags.append((_("Declines the bank"), QColor("#e6e0d0")))
        if place in s.get("bet_last_round", ()):
            tags.append((_("Bet last round"), QColor("#cfe0f3")))
        return tags

    def paint_middle(self, painter: QPainter, box: QRectF) -> None:
        s = self.situation
        if s["kind"] == "capital":
            left = QRectF(box.left(), box.top(), box.width() * 0.5, box.height())
            self.paint_capital(painter, left, Decimal(s["capital"]))
            change = Decimal(s.get("change", "0"))
            if change:
                text = (_("Asks to add {amount}") if change > 0 else
                        _("Asks to take off {amount}")).format(amount=money(abs(change)))
                right = QRectF(box.center().x(), box.top(), box.width() * 0.5, box.height())
                paint_badge(painter, right.center(), text, pixels=self.unit() * 1.4,
                            fill=canvas.NOTE, max_width=right.width())
            return
        held = int(s["rounds_held"])
        lines = [
            ngettext("The banker has banked {count} round in a row",
                     "The banker has banked {count} rounds in a row", held).format(count=held),
            _("He wants to keep the bank") if s["keeps"] else _("He gives up the bank"),
            _("All other places agree") if s["all_others_agree"]
            else _("Not all other places agree"),
        ]
        canvas.note_box(painter, box, lines, pixels=self.unit() * 1.5)


VIEWS = {
    "mahjong_baccarat.first_seat": FirstPlace,
    "mahjong_baccarat.compare": Showdown,
    "mahjong_baccarat.payout": Payout,
    "mahjong_baccarat.settlement": Settlement,
    "mahjong_baccarat.bank": Bank,
}
