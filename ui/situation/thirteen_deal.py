"""13-card game: the deal as it lies on the table (misdeal) and a bet to settle (payout)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen

from i18n import _, ngettext
from questions.thirteen.situations import Bet, BetShowdown, DealLog, Dealt
from trainer.rules.table import Outcome
from ui.drawing.cards import CARD_RATIO, paint_card
from ui.drawing.chips import paint_stack_in
from ui.drawing.text import fit_text, line_height, paint_badge, paint_lines, text_height, text_width
from ui.palette import swatch
from ui.situation.base import situation_of
from ui.situation.felt import GOLD, INK, FeltView
from ui.situation.table import paint_arrangement, paint_direction, paint_hand, tier_legend
from ui.situation.thirteen import (
    PLACES,
    ArrangementTable,
    ThirteenTable,
    paint_dice,
    tier_name,
    tiers_of,
)

#: The mark of a card that turned face up during the deal (orange: not the verdict red).
FACE_UP = swatch("face_up")


class MisdealView(ThirteenTable):
    """The deal so far: each place's cards (face up where they turned), the dice, and the
    deal log card by card, numbered, with where each card went."""

    big_side, big_edge = 0.3, 0.36

    def _log(self) -> tuple[Dealt, ...]:
        return situation_of(self.question, DealLog).log

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

    def _untraced(self, place: int) -> int:
        """Cards the place received after the log stops: face down, never named."""
        untraced = situation_of(self.question, DealLog).untraced or ()
        return untraced[place - 1] if untraced else 0

    def paint_place_content(self, painter: QPainter, place: int, room: QRectF) -> None:
        numbered = [(n, entry) for n, entry in enumerate(self._log(), 1)
                    if entry.place == place]
        hidden = self._untraced(place)
        cards: list[str | None] = [entry.card for _n, entry in numbered] + [None] * hidden
        face_up = [entry.face_up for _n, entry in numbered] + [False] * hidden
        marks = {i: FACE_UP for i, up in enumerate(face_up) if up}
        rects = paint_hand(painter, room, cards, face_up=face_up, highlights=marks, overlap=0.55)
        for rect, (number, _entry), up in zip(rects, numbered, face_up, strict=False):
            if not up:  # the deal number on the back, to find the card in the log
                visible = QRectF(rect.left(), rect.top(), rect.width() * 0.45, rect.height())
                paint_badge(painter, QPointF(visible.center().x(),
                                             rect.top() + rect.height() * 0.3),
                            str(number), pixels=10 * self.unit(), fill=swatch("lid"))

    def paint_centre(self, painter: QPainter, centre: QRectF) -> None:
        dice = situation_of(self.question, DealLog).dice
        body = self.centre_caption(painter, centre, _("The four dice total {total}.").format(
            total=sum(dice)))
        paint_dice(painter, QRectF(body.left(), body.top(), body.width() * 0.72,
                                   body.height() * 0.8), dice)
        paint_direction(self, painter, QRectF(body.left() + body.width() * 0.72, body.top(),
                                              body.width() * 0.28, body.height()))

    def _paint_log(self, painter: QPainter, panel: QRectF) -> None:
        unit = self.unit()
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(swatch("felt_shade"))
        painter.drawRoundedRect(panel, 10 * unit, 10 * unit)
        painter.restore()
        inner = panel.adjusted(8 * unit, 6 * unit, -8 * unit, -6 * unit)
        heading = _("The deal, card by card (card → place)")
        title = QRectF(inner.left(), inner.top(), inner.width(), max(
            22 * unit, text_height(heading, inner.width(), pixels=14 * unit, bold=True)))
        fit_text(painter, title, heading, pixels=14 * unit, bold=True, colour=INK)
        situation = situation_of(self.question, DealLog)
        identifiable = situation.identifiable
        if identifiable:
            flag = _("A card dealt to the wrong place can still be identified.")
        elif any(situation.untraced or ()):
            flag = _("Nobody followed the deal after card {number}: the cards dealt after it "
                     "lie face down, unnumbered, and can no longer be identified.").format(
                number=len(self._log()))
        else:
            flag = _("A card dealt to the wrong place can no longer be identified.")
        note = QRectF(inner.left(), title.bottom(), inner.width(),
                      max(36 * unit, text_height(flag, inner.width(), pixels=12 * unit)))
        fit_text(painter, note, flag, pixels=12 * unit,
                 colour=INK if identifiable else swatch("unknown"))
        words = _("turned face up during the deal")
        swatch_w = 18 * unit
        legend_h = max(18 * unit, text_height(words, inner.width() - swatch_w,
                                              pixels=12 * unit))
        legend = QRectF(inner.left(), inner.bottom() - legend_h, inner.width(), legend_h)
        sample = QRectF(legend.left(), legend.center().y() - 6 * unit, 12 * unit, 12 * unit)
        painter.save()
        painter.setPen(QPen(FACE_UP, 3 * unit))
        painter.drawRoundedRect(sample, 2 * unit, 2 * unit)
        painter.restore()
        fit_text(painter, legend.adjusted(swatch_w, 0, 0, 0), words, pixels=12 * unit,
                 colour=INK, align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        grid = QRectF(inner.left(), note.bottom() + 4 * unit, inner.width(),
                      legend.top() - note.bottom() - 8 * unit)
        self._paint_log_grid(painter, grid)

    def _paint_log_grid(self, painter: QPainter, grid: QRectF) -> None:
        """The cards of the deal in order, each with its number and place under it."""
        log = self._log()
        count = len(log)
        pixels = 11 * self.unit()
        label_h = line_height(pixels, bold=True)
        label_w = text_width(f"{count}→4", pixels, bold=True) + 2
        best_cols, best = 1, 0.0
        for cols in range(2, 17):  # the most columns that still give the largest cards
            rows = math.ceil(count / cols)
            cell_w, cell_h = grid.width() / cols, grid.height() / rows
            card_h = min(cell_h * 0.72, cell_h - label_h - 1, cell_w * 0.86 / CARD_RATIO)
            if card_h > best and (cell_w >= label_w or cols == 2):
                best_cols, best = cols, card_h
        rows = math.ceil(count / best_cols)
        cell_w, cell_h = grid.width() / best_cols, grid.height() / rows
        for index, entry in enumerate(log):
            x = grid.left() + (index % best_cols) * cell_w
            y = grid.top() + (index // best_cols) * cell_h
            card_w = best * CARD_RATIO
            card = QRectF(x + (cell_w - card_w) / 2, y, card_w, best)
            paint_card(painter, card, entry.card,
                       highlight=FACE_UP if entry.face_up else None)
            label = QRectF(x, card.bottom() + 1, cell_w, cell_h - best - 1)
            fit_text(painter, label, f"{index + 1}→{entry.place}", pixels=pixels,
                     bold=True, colour=INK, wrap=False)


class PayoutView(ArrangementTable):
    """The showdown's hands, the bet as chips at the player's place with its terms, and
    the points or tiers where the question gives them."""

    def paint_place_content(self, painter: QPainter, place: int, room: QRectF) -> None:
        bets = [bet for bet in situation_of(self.question, BetShowdown).bets if bet.place == place]
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
        arranged = situation_of(self.question, BetShowdown).arrangements[str(place)]
        paint_arrangement(self, painter, cards, tiers_of(arranged))
        self._paint_bet(painter, chips, bets[0])

    def _paint_bet(self, painter: QPainter, box: QRectF, bet: Bet) -> None:
        unit = self.unit()
        terms = bet.terms
        text = ngettext("in terms of {terms} point", "in terms of {terms} points",
                        terms).format(terms=terms)
        height = max(18 * unit, text_height(text, box.width(), pixels=12 * unit, bold=True))
        caption = QRectF(box.left(), box.bottom() - height, box.width(), height)
        fit_text(painter, caption, text, pixels=12 * unit, bold=True, colour=GOLD)
        paint_stack_in(painter, box.adjusted(0, 0, 0, -caption.height()),
                       bet.stake, max_radius=30 * unit)

    def centre_height(self) -> float:
        situation = situation_of(self.question, BetShowdown)
        rows = 1 + (situation.points is not None) + len(situation.tier_points or ())
        return line_height(12 * self.unit(), lines=min(3, rows))

    def paint_centre(self, painter: QPainter, centre: QRectF) -> None:
        situation = situation_of(self.question, BetShowdown)
        lines: list[str] = []
        if situation.points is not None:
            lines.append(_("Points: the player {player}, the banker {banker}").format(
                player=situation.points.player, banker=situation.points.banker))
        for row in situation.tier_points or ():
            side = _("the banker") if row.winner is Outcome.BANKER else _("the player")
            lines.append(ngettext("{tier}: {side}, {points} point",
                                  "{tier}: {side}, {points} points", row.points).format(
                tier=tier_name(row.tier), side=side, points=row.points))
        if not lines:
            super().paint_centre(painter, centre)
            return
        board = centre
        if situation.points is not None:  # the tiers' numbers need their legend
            legend = QRectF(centre.left(), centre.top(), centre.width(),
                            max(centre.height() * 0.4, line_height(12 * self.unit())))
            paint_lines(painter, legend, tier_legend(), pixels=12 * self.unit(), colour=INK)
            board = centre.adjusted(0, legend.height(), 0, 0)
        paint_lines(painter, board, lines, pixels=15 * self.unit(), bold=True, colour=INK)


VIEWS: dict[str, type[FeltView]] = {
    "thirteen.misdeal": MisdealView,
    "thirteen.payout": PayoutView,
}
