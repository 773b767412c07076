"""13-card game: the deal as it lies on the table (misdeal) and a bet to settle (payout)."""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from i18n import _, ngettext
from ui.drawing.cards import CARD_RATIO, paint_card
from ui.drawing.chips import paint_stack_in
from ui.situation.felt import GOLD, INK, FeltView
from ui.situation.table import paint_arrangement, paint_direction, paint_hand, tier_legend
from ui.situation.thirteen import PLACES, ArrangementTable, ThirteenTable, paint_dice, tier_name

#: The mark of a card that turned face up during the deal (orange: not the verdict red).
FACE_UP = QColor("#ff9f1c")


class MisdealView(ThirteenTable):
    """The deal so far: each place's cards (face up where they turned), the dice, and the
    deal log card by card, numbered, with where each card went."""

    big_side, big_edge = 0.3, 0.36

    def _log(self) -> list[dict[str, Any]]:
        return self.question.situation["log"]

    def table_area(self) -> QRectF:
        area = self.area()
        return QRectF(area.left(), area.top(), area.width() * 0.58, area.height())

    def _log_area(self) -> QRectF:
        area = self.area()
        gap = 8 * self.unit()
        return QRectF(area.left() + area.width() * 0.58 + gap, area.top(),
                      area.width() * 0.42 - gap, area.height())

    def featured(self) -> set[int]:
        return set(PLACES)

    def paint_situation(self, painter: QPainter, area: QRectF) -> None:
        self.paint_table(painter)
        self._paint_log(painter, self._log_area())

    def paint_place_content(self, painter: QPainter, place: int, room: QRectF) -> None:
        numbered = [(n, entry) for n, entry in enumerate(self._log(), 1)
                    if entry["place"] == place]
        cards = [entry["card"] for _n, entry in numbered]
        face_up = [bool(entry["face_up"]) for _n, entry in numbered]
        marks = {i: FACE_UP for i, up in enumerate(face_up) if up}
        rects = paint_hand(painter, room, cards, face_up=face_up, highlights=marks, overlap=0.55)
        for rect, (number, _entry), up in zip(rects, numbered, face_up, strict=False):
            if not up:  # the deal number on the back, to find the card in the log
                visible = QRectF(rect.left(), rect.top(), rect.width() * 0.45, rect.height())
                self.draw_badge(painter, QPointF(visible.center().x(),
                                                 rect.top() + rect.height() * 0.3),
                                str(number), fill=QColor("#fbf7ee"), pixels=10)

    def paint_centre(self, painter: QPainter, centre: QRectF) -> None:
        dice = self.question.situation["dice"]
        caption = QRectF(centre.left(), centre.top(), centre.width(), centre.height() * 0.3)
        self.draw_text(painter, caption, _("The four dice total {total}.").format(
            total=sum(dice)), pixels=14, bold=True)
        body = centre.adjusted(0, caption.height(), 0, 0)
        paint_dice(painter, QRectF(body.left(), body.top(), body.width() * 0.72,
                                   body.height() * 0.8), dice)
        paint_direction(self, painter, QRectF(body.left() + body.width() * 0.72, body.top(),
                                              body.width() * 0.28, body.height()))

    def _paint_log(self, painter: QPainter, panel: QRectF) -> None:
        unit = self.unit()
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 60))
        painter.drawRoundedRect(panel, 10 * unit, 10 * unit)
        painter.restore()
        inner = panel.adjusted(8 * unit, 6 * unit, -8 * unit, -6 * unit)
        title = QRectF(inner.left(), inner.top(), inner.width(), 22 * unit)
        self.draw_text(painter, title, _("The deal, card by card (card → place)"),
                       pixels=14, bold=True)
        identifiable = self.question.situation["identifiable"]
        flag = (_("A card dealt to the wrong place can still be identified.") if identifiable
                else _("A card dealt to the wrong place can no longer be identified."))
        note = QRectF(inner.left(), title.bottom(), inner.width(), 36 * unit)
        self.draw_text(painter, note, flag, pixels=12, wrap=True,
                       colour=INK if identifiable else QColor("#ffd27f"))
        legend = QRectF(inner.left(), inner.bottom() - 18 * unit, inner.width(), 18 * unit)
        swatch = QRectF(legend.left(), legend.top() + 3 * unit, 12 * unit, 12 * unit)
        painter.save()
        painter.setPen(QPen(FACE_UP, 3 * unit))
        painter.drawRoundedRect(swatch, 2 * unit, 2 * unit)
        painter.restore()
        self.draw_text(painter, legend.adjusted(18 * unit, 0, 0, 0),
                       _("turned face up during the deal"), pixels=12,
                       align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        grid = QRectF(inner.left(), note.bottom() + 4 * unit, inner.width(),
                      legend.top() - note.bottom() - 8 * unit)
        self._paint_log_grid(painter, grid)

    def _paint_log_grid(self, painter: QPainter, grid: QRectF) -> None:
        log = self._log()
        count = len(log)
        best_cols, best = 1, 0.0
        for cols in range(2, 17):  # the most columns that still give the largest cards
            rows = math.ceil(count / cols)
            cell_w, cell_h = grid.width() / cols, grid.height() / rows
            card_h = min(cell_h * 0.72, cell_w * 0.86 / CARD_RATIO)
            if card_h > best:
                best_cols, best = cols, card_h
        rows = math.ceil(count / best_cols)
        cell_w, cell_h = grid.width() / best_cols, grid.height() / rows
        for index, entry in enumerate(log):
            x = grid.left() + (index % best_cols) * cell_w
            y = grid.top() + (index // best_cols) * cell_h
            card_w = best * CARD_RATIO
            card = QRectF(x + (cell_w - card_w) / 2, y, card_w, best)
            paint_card(painter, card, entry["card"],
                       highlight=FACE_UP if entry["face_up"] else None)
            label = QRectF(x, card.bottom() + 1, cell_w, cell_h - best - 1)
            self.draw_text(painter, label, f"{index + 1}→{entry['place']}", pixels=11,
                           bold=True)


class PayoutView(ArrangementTable):
    """The showdown's hands, the bet as chips at the player's place with its terms, and
    the points or tiers where the question gives them."""

    def paint_place_content(self, painter: QPainter, place: int, room: QRectF) -> None:
        bets = [bet for bet in self.question.situation["bets"] if bet["place"] == place]
        if not bets:
            super().paint_place_content(painter, place, room)
            return
        unit = self.unit()
        wide = room.width() > room.height() * 1.6
        if wide:
            chips = QRectF(room.right() - room.width() * 0.24, room.top(),
                           room.width() * 0.24, room.height())
            cards = room.adjusted(0, 0, -chips.width() - 4 * unit, 0)
        else:
            chips = QRectF(room.left(), room.bottom() - room.height() * 0.3, room.width(),
                           room.height() * 0.3)
            cards = room.adjusted(0, 0, 0, -chips.height() - 4 * unit)
        paint_arrangement(self, painter, cards, self.question.situation["arrangements"]
                          [str(place)])
        self._paint_bet(painter, chips, bets[0])

    def _paint_bet(self, painter: QPainter, box: QRectF, bet: dict[str, Any]) -> None:
        unit = self.unit()
        terms = int(bet["terms"])
        text = ngettext("in terms of {terms} point", "in terms of {terms} points",
                        terms).format(terms=terms)
        caption = QRectF(box.left(), box.bottom() - 18 * unit, box.width(), 18 * unit)
        self.draw_text(painter, caption, text, pixels=12, bold=True, colour=GOLD)
        paint_stack_in(painter, box.adjusted(0, 0, 0, -caption.height()),
                       Decimal(bet["stake"]), max_radius=30 * unit)

    def paint_centre(self, painter: QPainter, centre: QRectF) -> None:
        situation = self.question.situation
        lines: list[str] = []
        if "points" in situation:
            lines.append(_("Points: the player {player}, the banker {banker}").format(
                player=situation["points"]["player"], banker=situation["points"]["banker"]))
        for row in situation.get("tier_points", ()):
            side = _("the banker") if row["winner"] == "banker" else _("the player")
            lines.append(_("{tier}: {side}, {points} point(s)").format(
                tier=tier_name(row["tier"]), side=side, points=row["points"]))
        if not lines:
            super().paint_centre(painter, centre)
            return
        board = centre
        if "points" in situation:  # the tiers' numbers need their legend
            legend = QRectF(centre.left(), centre.top(), centre.width(), centre.height() * 0.4)
            self.draw_text(painter, legend, tier_legend(), pixels=12, wrap=True)
            board = centre.adjusted(0, legend.height(), 0, 0)
        line_h = board.height() / max(1, len(lines))
        for index, line in enumerate(lines):
            self.draw_text(painter, QRectF(board.left(), board.top() + index * line_h,
                                           board.width(), line_h), line, pixels=15,
                           bold=True)


VIEWS: dict[str, type[FeltView]] = {
    "thirteen.misdeal": MisdealView,
    "thirteen.payout": PayoutView,
}
