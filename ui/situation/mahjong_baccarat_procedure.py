"""Mahjong Baccarat: the croupier's rulings, each incident drawn where it happens.

A die out of the bowl or leaning on it, a tile turned up at its place, a bet placed or
changed after the dice (with an arrow when it is to move), the banker's adjusted total,
and the re-order requests written at the places that made them; at difficulty 3 a
place with a request is clicked to choose that request.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from i18n import _
from questions.mahjong_baccarat.situations import Request, TableIncident
from questions.situation import present
from ui.drawing.text import paint_badge
from ui.drawing.tiles import paint_tile_row
from ui.palette import swatch
from ui.situation import mahjong_canvas as canvas
from ui.situation.baccarat_table import BaccaratTable, open_hands
from ui.situation.base import situation_of


class Procedure(BaccaratTable):
    """The croupier's rulings: the incident drawn where it happens."""

    dealt = False

    def incident(self) -> TableIncident:
        return situation_of(self.question, TableIncident)

    def _requests(self) -> tuple[Request, ...]:
        return self.incident().requests or ()

    def place_value(self, place: int) -> Any:
        if self.incident().incident == "reorders":
            for number, request in enumerate(self._requests(), start=1):
                if request.place == place:
                    return number
        return None

    def asked_place(self) -> int | None:
        return self.incident().place

    def hands(self) -> dict[int, list[str]]:
        """A claim's hands (the banker's and the place's)."""
        hands = self.incident().hands
        return {} if hands is None else open_hands(hands)

    def shows_hand(self, place: int) -> bool:
        return self.incident().incident == "tile_exposed"

    def paint_hand(self, painter: QPainter, box: QRectF, place: int) -> None:
        s = self.incident()
        if s.incident != "tile_exposed" or box.height() <= 0:
            return
        turned = place == s.place
        paint_tile_row(painter, box, [s.tile if turned else None, None], baccarat=True,
                       gap=0.1, highlights={0: canvas.ALERT} if turned else None)

    def bets(self) -> dict[int, Decimal]:
        s = self.incident()
        if s.stake is not None and s.place is not None:
            return {s.place: s.stake}
        return {}

    def paint_table(self, painter: QPainter, area: QRectF) -> None:
        super().paint_table(painter, area)
        s = self.incident()
        moves = s.incident == "bet_on_wrong_place" or (
            s.incident == "bet_changed_after_dice" and s.change == "move")
        if moves:  # an arrow only where a bet is to move ("other" is another player elsewhere)
            self.paint_move(painter, self.table_rect(area), present(s.place),
                            present(s.other))

    def paint_move(self, painter: QPainter, table: QRectF, place: int, other: int) -> None:
        """An arrow from the place with the bet to where it belongs, bent toward the middle."""
        start, end = self.inner_point(table, place), self.inner_point(table, other)
        # Bent toward the middle, so that it passes no other place; each end meets its place
        # where the edge is nearest the bend, clear of the bet drawn inside the place.
        middle = self.middle_rect(table).center()
        halfway = (start + end) / 2
        bend = halfway + (middle - halfway) * 0.45
        points = [self.facing_point(table, place, bend), bend,
                  self.facing_point(table, other, bend)]
        gap = self.unit() * 0.5
        points[0] = canvas.toward(points[0], points[1], gap)
        points[-1] = canvas.toward(points[-1], points[-2], gap)
        canvas.connector(painter, points, canvas.FOCUS, self.unit() * 0.45)

    def place_tags(self, place: int) -> list[tuple[str, QColor]]:
        s = self.incident()
        incident = s.incident
        tags = []
        for number, request in enumerate(self._requests(), start=1):
            if request.place == place:
                how = (_("after the dice") if request.after_dice else
                       _("one hand") if request.hands == 1 else _("both hands"))
                tags.append((_("Request {number}: {how}").format(number=number, how=how),
                             swatch("tag_bet")))
        if place != s.place:
            if place == s.other and incident == "bet_on_wrong_place":
                tags.append((_("The bet was meant for here"), swatch("tag")))
            return tags
        texts = {
            "tile_exposed": _("Turned face up"),
            "bet_after_dice": _("Bet placed after the dice"),
            "bet_on_wrong_place": _("The bet lies here"),
            "player_shakes": _("Asks to shake the dice"),
        }
        if incident == "bet_changed_after_dice":
            text = {"add": _("Wants to add to the bet"),
                    "withdraw": _("Wants to take the bet back"),
                    "move": _("Wants to move the bet")}[present(s.change)]
        else:
            text = texts.get(incident, "")
        if text:
            tags.append((text, swatch("tag")))
        return tags

    def paint_middle(self, painter: QPainter, box: QRectF) -> None:
        s = self.incident()
        incident = s.incident
        if incident in ("dice_out_of_bowl", "dice_badly_settled"):
            self.paint_loose_die(painter, box, present(s.face),
                                 out=incident == "dice_out_of_bowl")
        elif incident == "total_adjusted":
            dice = present(s.dice)
            self.paint_dice(painter, QRectF(box.left(), box.top(), box.width(),
                                            box.height() * 0.6), list(dice))
            total = sum(dice)
            paint_badge(painter, QPointF(box.center().x(), box.top() + box.height() * 0.8),
                        _("Total {total}: the banker asks to count {other}").format(
                            total=total, other=total + 1), pixels=self.unit() * 1.4,
                        fill=canvas.NOTE, max_width=box.width())

    def paint_loose_die(self, painter: QPainter, box: QRectF, face: int, *,
                        out: bool) -> None:
        side = min(box.height() * 0.45, self.unit() * 5)
        bowl = QRectF(box.center().x() - side * 2.6, box.center().y() - side * 1.1,
                      side * 5.2, side * 2.2)
        painter.setPen(QPen(swatch("tray_edge"), self.unit() * 0.3))
        painter.setBrush(swatch("felt_tray"))
        painter.drawEllipse(bowl)
        for index, shown in enumerate((2, 5, 3)):  # the three dice still in the bowl
            canvas.paint_die(painter, QRectF(bowl.left() + side * (0.5 + index * 1.35),
                                             bowl.center().y() - side / 2, side, side),
                             shown, tilt=index * 15)
        if out:
            spot = QRectF(bowl.right() + side * 0.5, bowl.bottom() - side, side, side)
            caption = _("Out of the bowl")
        else:
            spot = QRectF(bowl.right() - side * 1.1, bowl.top() - side * 0.2, side, side)
            caption = _("Leaning on the bowl")
        canvas.paint_die(painter, spot, face, tilt=25 if not out else 10)
        painter.setPen(QPen(canvas.ALERT, self.unit() * 0.35))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(spot.adjusted(-side * 0.3, -side * 0.3, side * 0.3, side * 0.3))
        paint_badge(painter, QPointF(spot.center().x(), spot.bottom() + side * 0.75), caption,
                    pixels=self.unit() * 1.3, fill=canvas.NOTE)
