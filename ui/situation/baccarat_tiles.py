"""Mahjong Baccarat's skills at the table (:mod:`ui.situation.baccarat_table`): what the
middle holds and what is written at the places for each.

The first stack: the dice in the bowl and the row of ten stacks. Who wins and paying a
bet: the hands (and the stake) at the places. Settling the table: every hand and bet,
the dice and the banker's capital. The bank: what each place collected or was paid and
the capital, or who declined the bank and who bet last round.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from i18n import _, format_money, ngettext
from questions.mahjong_baccarat.situations import (
    BankAfterRound,
    Hands,
    OneBet,
    Table,
    Throw,
)
from questions.situation import present
from ui.drawing.text import fit_text, line_height, paint_badge, text_height
from ui.drawing.tiles import paint_tile_row
from ui.palette import swatch
from ui.situation import mahjong_canvas as canvas
from ui.situation.baccarat_table import BaccaratTable, open_hands
from ui.situation.base import situation_of


class FirstPlace(BaccaratTable):
    """Which place the dice pick: the dice in the bowl and the row of ten stacks."""

    dealt = False

    def paint_middle(self, painter: QPainter, box: QRectF) -> None:
        """Top down: the dice in their bowl, what the row is, the row of ten stacks and
        their numbers (the stack asked about in gold); as high as the middle allows."""
        unit = self.unit()
        words = _("The ten stacks, in the order they are dealt")
        pixels = unit * 1.2
        caption_h = max(unit * 2, text_height(words, box.width(), pixels=pixels))
        number_h = max(unit * 1.8, line_height(pixels, bold=True))
        free = box.height() - caption_h - number_h - unit * 0.6
        dice_h = min(free * 0.5, unit * 8.5)
        row_h = min(free - dice_h, unit * 6)
        top = box.center().y() - (dice_h + row_h + caption_h + number_h + unit * 0.6) / 2
        throw = situation_of(self.question, Throw)
        self.paint_dice(painter, QRectF(box.left(), top, box.width(), dice_h), list(throw.dice))
        caption = QRectF(box.left(), top + dice_h + unit * 0.3, box.width(), caption_h)
        fit_text(painter, caption, words, pixels=pixels, colour=swatch("felt_ink"))
        row = QRectF(box.left(), caption.bottom() + unit * 0.3, box.width(), row_h)
        asked = throw.stack
        rects = paint_tile_row(painter, row, [None] * self.places(), face_up=False,
                               baccarat=True, gap=0.25)
        for number, rect in enumerate(rects, start=1):
            colour = swatch("felt_ink") if number != asked else canvas.FOCUS
            fit_text(painter, QRectF(rect.left() - 6, rect.bottom(), rect.width() + 12,
                                     number_h), str(number), pixels=pixels,
                     colour=colour, bold=number == asked)
            if number == asked and asked > 1:
                painter.setPen(QPen(canvas.FOCUS, unit * 0.35))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 4, 4)


class Showdown(BaccaratTable):
    """Who wins: the banker's tiles against a place's (or all ten)."""

    def hands(self) -> dict[int, list[str]]:
        return open_hands(situation_of(self.question, Hands).hands)

    def asked_place(self) -> int | None:
        return situation_of(self.question, Hands).place

    def place_value(self, place: int) -> Any:
        asked = situation_of(self.question, Hands).place
        if asked is None:
            return place
        if place == self.banker():
            return "banker"
        return "player" if place == asked else None


class Payout(BaccaratTable):
    """One place's bet against the banker: both hands and the stake."""

    def hands(self) -> dict[int, list[str]]:
        return open_hands(situation_of(self.question, OneBet).hands)

    def asked_place(self) -> int | None:
        return situation_of(self.question, OneBet).place

    def bets(self) -> dict[int, Decimal]:
        bet = situation_of(self.question, OneBet)
        return {bet.place: bet.stake}


class Settlement(BaccaratTable):
    """The whole table: ten hands, the bets, the dice and the banker's capital."""

    def hands(self) -> dict[int, list[str]]:
        return open_hands(situation_of(self.question, Table).hands)

    def bets(self) -> dict[int, Decimal]:
        return {bet.place: bet.stake for bet in situation_of(self.question, Table).bets}

    def asked_place(self) -> int | None:  # none when the whole table is settled in chips
        return situation_of(self.question, Table).asked

    def paint_middle(self, painter: QPainter, box: QRectF) -> None:
        table = situation_of(self.question, Table)
        left = QRectF(box.left(), box.top(), box.width() * 0.5, box.height())
        self.paint_dice(painter, left, list(table.dice))
        right = QRectF(box.center().x(), box.top(), box.width() * 0.5, box.height())
        self.paint_capital(painter, right, table.capital)


class Bank(BaccaratTable):
    """The bank: the round's collections and payments and the capital, or the turn of
    the bank (who declined, who bet last round)."""

    dealt = False

    def place_tags(self, place: int) -> list[tuple[str, QColor]]:
        s = situation_of(self.question, BankAfterRound)
        tags = []
        if s.kind == "capital":
            tags += [(_("Collected {amount}").format(amount=format_money(entry.amount)),
                      swatch("won")) for entry in present(s.collected)
                     if entry.place == place]
            tags += [(_("Paid {amount}").format(amount=format_money(entry.amount)),
                      swatch("lost")) for entry in present(s.paid) if entry.place == place]
            return tags
        if place in present(s.declined):
            tags.append((_("Declines the bank"), swatch("tag_declines")))
        if place in present(s.bet_last_round):
            tags.append((_("Bet last round"), swatch("tag_bet")))
        return tags

    def paint_middle(self, painter: QPainter, box: QRectF) -> None:
        s = situation_of(self.question, BankAfterRound)
        if s.kind == "capital":
            left = QRectF(box.left(), box.top(), box.width() * 0.5, box.height())
            self.paint_capital(painter, left, present(s.capital))
            change = present(s.change)
            if change:
                text = (_("Asks to add {amount}") if change > 0 else
                        _("Asks to take off {amount}")).format(amount=format_money(abs(change)))
                right = QRectF(box.center().x(), box.top(), box.width() * 0.5, box.height())
                paint_badge(painter, right.center(), text, pixels=self.unit() * 1.4,
                            fill=canvas.NOTE, max_width=right.width())
            return
        held = present(s.rounds_held)
        lines = [
            ngettext("The banker has banked {count} round in a row",
                     "The banker has banked {count} rounds in a row", held).format(count=held),
            _("He wants to keep the bank") if s.keeps else _("He gives up the bank"),
            _("All other places agree") if s.all_others_agree
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
