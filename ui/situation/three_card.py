"""Three-card baccarat's situations: the hands dealt, and the bets as chips on the layout."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen

from i18n import _
from questions.three_card.payout import bet_label
from questions.three_card.situations import ClassedHand, Coup, Hands
from ui.drawing.cards import CARD_RATIO, paint_card_row
from ui.drawing.chips import paint_stack_in
from ui.drawing.text import fit_text, paint_badge, text_height
from ui.palette import swatch
from ui.situation.base import situation_of
from ui.situation.felt import FELT_LINE, GOLD, INK, FeltView, Spot

_ZONE = swatch("felt_place")


def _hand_name(key: Any) -> str:
    if key == "player":
        return _("Player")
    if key == "banker":
        return _("Banker")
    return _("Hand {number}").format(number=key)


class HandsView(FeltView):
    """Hands side by side, each named; a hand that is an answer option is clickable."""

    #: The share of the view's height the hands take (the rest is for bets).
    hands_share = 1.0

    def hands(self) -> list[tuple[Any, str]]:
        """(value or name, cards) of each hand, in the order drawn."""
        situation = self.question.situation
        if isinstance(situation, ClassedHand):
            return [(None, situation.hand)]
        if isinstance(situation, Hands) and situation.hands is not None:
            return [(int(key), cards) for key, cards in situation.hands.items()]
        if isinstance(situation, Hands | Coup) and situation.player and situation.banker:
            return [("player", situation.player), ("banker", situation.banker)]
        raise TypeError(f"{type(self).__name__}: no hands in {situation!r}")

    def _boxes(self) -> list[tuple[Any, str, QRectF]]:
        area = self.area()
        unit = self.unit()
        room = QRectF(area.left(), area.top(), area.width(), area.height() * self.hands_share)
        hands = self.hands()
        if hands[0][0] is None:  # one hand alone: large, but not the whole table
            return [(None, hands[0][1], room.adjusted(room.width() * 0.12, room.height() * 0.1,
                                                      -room.width() * 0.12,
                                                      -room.height() * 0.1))]
        best_cols, best = 1, 0.0
        for cols in range(1, len(hands) + 1):  # the grid that shows the largest cards
            rows = math.ceil(len(hands) / cols)
            cell_w, cell_h = room.width() / cols, room.height() / rows - 48 * unit
            size = min(cell_h, (cell_w - 36 * unit) / (3.3 * CARD_RATIO))
            if size > best * 1.02:
                best_cols, best = cols, size
        rows = math.ceil(len(hands) / best_cols)
        width, height = room.width() / best_cols, room.height() / rows
        return [(key, cards, QRectF(room.left() + (i % best_cols) * width + 8 * unit,
                                    room.top() + (i // best_cols) * height + 6 * unit,
                                    width - 16 * unit, height - 12 * unit))
                for i, (key, cards) in enumerate(hands)]

    def spots(self) -> list[Spot]:
        return [Spot(box, key, _hand_name(key)) for key, _cards, box in self._boxes()
                if key is not None]

    def paint_situation(self, painter: QPainter, area: QRectF) -> None:
        unit = self.unit()
        for key, cards, box in self._boxes():
            top = box.top()
            if key is not None:
                painter.save()
                painter.setPen(QPen(FELT_LINE, 1.5 * unit))
                painter.setBrush(_ZONE)
                painter.drawRoundedRect(box, 12 * unit, 12 * unit)
                painter.restore()
                paint_badge(painter, QPointF(box.center().x(), box.top() + 18 * unit),
                            _hand_name(key), pixels=16 * unit,
                            fill=GOLD if key == "banker" else swatch("spot"),
                            max_width=box.width() - 8 * unit)
                top += 36 * unit
            cards_box = QRectF(box.left() + 10 * unit, top + 4 * unit,
                               box.width() - 20 * unit, box.bottom() - top - 12 * unit)
            paint_card_row(painter, cards_box, cards.split(), max_overlap=0)
        self.paint_bets(painter, QRectF(area.left(), area.top() + area.height() *
                                        self.hands_share, area.width(),
                                        area.height() * (1 - self.hands_share)))

    def paint_bets(self, painter: QPainter, room: QRectF) -> None:
        """The bets on the layout below the hands (none by default)."""


class ClassifyView(HandsView):
    """One three-card hand, large."""


class OrderView(HandsView):
    """The player and the banker (or hands 1–4): click the one that wins."""


class PayoutView(HandsView):
    """The coup's hands, and each of the bettor's bets as chips on its betting area."""

    hands_share = 0.56

    def paint_bets(self, painter: QPainter, room: QRectF) -> None:
        unit = self.unit()
        bets = situation_of(self.question, Coup).bets
        width = room.width() / len(bets)
        for index, bet in enumerate(bets):
            zone = QRectF(room.left() + index * width + 10 * unit, room.top() + 6 * unit,
                          width - 20 * unit, room.height() - 12 * unit)
            painter.save()
            painter.setPen(QPen(FELT_LINE, 2 * unit, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(zone, 14 * unit, 14 * unit)
            painter.restore()
            words = str(bet_label(bet))
            label = QRectF(zone.left() + 8 * unit, zone.top() + 4 * unit,
                           zone.width() - 16 * unit, 40 * unit)
            label.setHeight(max(label.height(), text_height(words, label.width(),
                                                            pixels=15 * unit, bold=True)))
            fit_text(painter, label, words, pixels=15 * unit, bold=True,
                     colour=INK)
            chips = zone.adjusted(4 * unit, label.height() + 4 * unit, -4 * unit, -4 * unit)
            paint_stack_in(painter, chips, bet.stake, max_radius=34 * unit)


VIEWS: dict[str, type[FeltView]] = {
    "three_card.classify": ClassifyView,
    "three_card.order": OrderView,
    "three_card.payout": PayoutView,
}
