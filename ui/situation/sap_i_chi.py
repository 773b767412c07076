"""Sap I Chi (Portaria 9/76): the board of twelve, the bets as chips, the number drawn.

The board is two rows of six (HI-SAP-LAYOUT, from ``trainer.rules.sap_i_chi.bets``): the red
side's pieces 帥 仕 相 俥 傌 炮 on 1–6 and the black side's 將 士 象 車 馬 砲 on 7–12, each
row headed by its colour, where colour bets lie. Every bet has a letter; a small chip
with that letter lies on each number (or colour) it covers, and the bets' stacks stand
in the rail below with the place and the chances in words. The number drawn is
outlined in gold and shown on the cloth at the right.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from i18n import _, format_money
from questions.sap_i_chi.board import bet as rules_bet
from questions.sap_i_chi.situations import BellScene, Board, BoardBet, DrawScene
from trainer.rules.sap_i_chi.bets import LAYOUT, ROWS, Colour
from ui.drawing.chips import chip_colours, label_size, paint_stack_beside, paint_stack_in
from ui.drawing.text import FLOOR, fit_text, line_height, paint_badge, text_height
from ui.palette import swatch
from ui.situation.base import situation_of
from ui.situation.felt import DARK_INK, FELT_LINE, GOLD, INK, FeltView
from ui.widgets import accessible_parts as parts

RED_INK = swatch("piece_red")
BLACK_INK = swatch("piece_black")
_PIECE = swatch("piece")
_CELL = swatch("piece_cell")
_CJK_FAMILIES = ["Noto Serif CJK TC", "Noto Sans CJK TC", "WenQuanYi Zen Hei"]


def colour_name(colour: str) -> str:
    text = _("red") if colour == Colour.RED.value else _("black")
    return text[:1].upper() + text[1:]


def bet_tag(index: int) -> str:
    return chr(ord("A") + index)


class SapIChiBoard(FeltView):
    """The board with the situation's bets; subclasses add the right-hand panel."""

    minimum = QSize(560, 300)  # twelve pieces and the bets' slips want this much

    def situation(self) -> Board | BellScene | DrawScene:
        situation = self.question.situation
        if not isinstance(situation, Board | BellScene | DrawScene):
            raise TypeError(f"{type(self).__name__} draws Sap I Chi's board")
        return situation

    def bets(self) -> list[BoardBet]:
        return list(self.situation().bets)

    def moved_to(self) -> BoardBet | None:
        """Where the bet concerned is to be moved (drawn dashed), if it is."""
        return None

    def drawn(self) -> int | None:
        return self.situation().drawn

    # Geometry ---------------------------------------------------------------------------

    def _regions(self) -> tuple[QRectF, QRectF, QRectF]:
        """The board, the panel at its right, and the rail below."""
        area = self.area()
        gap = 8 * self.unit()
        board = QRectF(area.left(), area.top(), area.width() * 0.74, area.height() * 0.52)
        panel = QRectF(board.right() + gap, area.top(), area.right() - board.right() - gap,
                       board.height())
        rail = QRectF(area.left(), board.bottom() + gap, area.width(),
                      area.bottom() - board.bottom() - gap)
        return board, panel, rail

    def _cells(self, board: QRectF) -> tuple[dict[int, QRectF], dict[str, QRectF]]:
        """Each number's rectangle, and each colour's at the head of its row."""
        columns = 7
        width, height = board.width() / columns, board.height() / len(ROWS)
        numbers: dict[int, QRectF] = {}
        colours: dict[str, QRectF] = {}
        pad = 3 * self.unit()
        for row_index, row in enumerate(ROWS):
            y = board.top() + row_index * height
            colour = LAYOUT[row[0]].colour.value
            colours[colour] = QRectF(board.left() + pad, y + pad, width - 2 * pad,
                                     height - 2 * pad)
            for column, number in enumerate(row, 1):
                numbers[number] = QRectF(board.left() + column * width + pad, y + pad,
                                         width - 2 * pad, height - 2 * pad)
        return numbers, colours

    # Painting ---------------------------------------------------------------------------

    def paint_situation(self, painter: QPainter, area: QRectF) -> None:
        board, panel, rail = self._regions()
        self._paint_board(painter, board)
        self.paint_panel(painter, panel)
        self.paint_rail(painter, rail)

    def _paint_board(self, painter: QPainter, board: QRectF) -> None:
        unit = self.unit()
        numbers, colours = self._cells(board)
        drawn = self.drawn()
        for colour, rect in colours.items():
            ink = RED_INK if colour == Colour.RED.value else BLACK_INK
            painter.save()
            painter.setPen(QPen(FELT_LINE, 1.5 * unit))
            painter.setBrush(ink)
            painter.drawRoundedRect(rect, 8 * unit, 8 * unit)
            painter.restore()
            fit_text(painter, rect.adjusted(4 * unit, 4 * unit, -4 * unit, -rect.height() * 0.3),
                     colour_name(colour), pixels=18 * unit, bold=True, colour=INK)
            if parts.recording():
                parts.note(painter, parts.Role.Grouping, colour_name(colour), rect)
        for number, rect in numbers.items():
            self._paint_piece(painter, rect, number, drawn == number)
        self._paint_markers(painter, numbers, colours)

    def _paint_piece(self, painter: QPainter, rect: QRectF, number: int, drawn: bool) -> None:
        unit = self.unit()
        piece = LAYOUT[number]
        ink = RED_INK if piece.colour is Colour.RED else BLACK_INK
        if parts.recording():
            name = _("Number {number}, {colour}").format(
                number=number, colour=colour_name(piece.colour.value))
            parts.note(painter, parts.Role.Grouping, name, rect,
                       description=_("The number drawn") if drawn else "")
        painter.save()
        painter.setPen(QPen(GOLD if drawn else FELT_LINE, (5 if drawn else 1.5) * unit))
        painter.setBrush(swatch("felt_drawn") if drawn else _CELL)
        painter.drawRoundedRect(rect, 8 * unit, 8 * unit)
        radius = min(rect.width(), rect.height()) * 0.34
        centre = QPointF(rect.center().x(), rect.top() + rect.height() * 0.44)
        painter.setPen(QPen(ink, max(1.0, radius * 0.08)))
        painter.setBrush(_PIECE)
        painter.drawEllipse(centre, radius, radius)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if piece.colour is Colour.RED:  # a second ring: red pieces read apart in grey too
            painter.drawEllipse(centre, radius * 0.82, radius * 0.82)
        font = QFont()
        font.setFamilies(_CJK_FAMILIES)
        font.setBold(True)
        font.setPixelSize(max(9, int(radius * 1.05)))
        painter.setFont(font)
        painter.setPen(ink)
        painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius,
                                2 * radius), Qt.AlignmentFlag.AlignCenter, piece.character)
        painter.restore()
        paint_badge(painter, QPointF(rect.left() + 14 * unit, rect.top() + 12 * unit),
                    str(number), pixels=13 * unit, ink=ink,
                    fill=INK if piece.colour is Colour.BLACK else swatch("piece_red_back"))

    def _paint_markers(self, painter: QPainter, numbers: dict[int, QRectF],
                       colours: dict[str, QRectF]) -> None:
        """A small lettered chip of each bet on every number or colour it covers."""
        marks: dict[Any, list[tuple[int, BoardBet]]] = {}
        for index, data in enumerate(self.bets()):
            for key in ([data.colour.value] if data.colour is not None else data.numbers or ()):
                marks.setdefault(key, []).append((index, data))
        for key, bets in marks.items():
            rect = colours[key] if isinstance(key, str) else numbers[key]
            radius = min(rect.height() * 0.12, rect.width() / (2.3 * max(3, len(bets))))
            step = radius * 2.2
            x = rect.center().x() - step * (len(bets) - 1) / 2
            y = rect.bottom() - radius * 1.3
            for offset, (index, data) in enumerate(bets):
                self._mini_chip(painter, QPointF(x + offset * step, y), radius,
                                data.stake, bet_tag(index),
                                dashed=data is self.moved_to())

    def _mini_chip(self, painter: QPainter, centre: QPointF, radius: float, stake: Decimal,
                   tag: str, *, dashed: bool = False) -> None:
        body, spots = chip_colours(stake)
        if parts.recording():
            parts.note(painter, parts.Role.Graphic, _("Bet {letter}").format(letter=tag),
                       QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius))
        painter.save()
        painter.setPen(QPen(spots, max(1.0, radius * 0.22),
                            Qt.PenStyle.DotLine if dashed else Qt.PenStyle.SolidLine))
        painter.setBrush(body)
        painter.drawEllipse(centre, radius, radius)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(swatch("board"))
        painter.drawEllipse(centre, radius * 0.68, radius * 0.68)
        font = QFont()
        font.setBold(True)
        font.setPixelSize(max(8, int(radius * 1.05)))
        painter.setFont(font)
        painter.setPen(DARK_INK)
        painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius,
                                2 * radius), Qt.AlignmentFlag.AlignCenter, tag)
        painter.restore()

    def paint_panel(self, painter: QPainter, panel: QRectF) -> None:
        """The cloth with the number drawn."""
        unit = self.unit()
        title = QRectF(panel.left(), panel.top(), panel.width(),
                       max(24 * unit, line_height(max(15 * unit, FLOOR), bold=True)))
        fit_text(painter, title, _("Number drawn"), pixels=15 * unit, bold=True, colour=INK)
        cloth = panel.adjusted(panel.width() * 0.12, title.height() + 4 * unit,
                               -panel.width() * 0.12, -4 * unit)
        drawn = self.drawn()
        painter.save()
        painter.setPen(QPen(swatch("wood_edge"), 2 * unit))
        painter.setBrush(swatch("lid") if drawn else swatch("lid_off"))
        painter.drawRoundedRect(cloth, 6 * unit, 6 * unit)
        rod = QRectF(cloth.left() - 6 * unit, cloth.top() - 3 * unit, cloth.width() + 12 * unit,
                     7 * unit)
        painter.setBrush(swatch("wood"))
        painter.drawRoundedRect(rod, 3 * unit, 3 * unit)
        painter.restore()
        if parts.recording():
            parts.note(painter, parts.Role.Graphic, _("Number drawn: {number}").format(
                number=drawn) if drawn is not None else _("Number drawn: not shown yet"), cloth)
        if drawn is None:
            fit_text(painter, cloth.adjusted(6 * unit, 6 * unit, -6 * unit, -6 * unit),
                     _("Not shown yet"), pixels=14 * unit, colour=INK)
            return
        piece = LAYOUT[drawn]
        ink = RED_INK if piece.colour is Colour.RED else BLACK_INK
        fit_text(painter, QRectF(cloth.left(), cloth.top() + 6 * unit, cloth.width(),
                                 cloth.height() * 0.3), str(drawn), pixels=34 * unit,
                 bold=True, colour=ink)
        size = min(cloth.width() * 0.8, cloth.height() * 0.5)
        self._paint_piece_big(painter, QPointF(cloth.center().x(),
                                               cloth.top() + cloth.height() * 0.64),
                              size / 2, piece.character, ink)

    def _paint_piece_big(self, painter: QPainter, centre: QPointF, radius: float,
                         character: str, ink: QColor) -> None:
        painter.save()
        painter.setPen(QPen(ink, max(1.0, radius * 0.07)))
        painter.setBrush(_PIECE)
        painter.drawEllipse(centre, radius, radius)
        font = QFont()
        font.setFamilies(_CJK_FAMILIES)
        font.setBold(True)
        font.setPixelSize(max(9, int(radius * 1.1)))
        painter.setFont(font)
        painter.setPen(ink)
        painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius,
                                2 * radius), Qt.AlignmentFlag.AlignCenter, character)
        painter.restore()

    def paint_rail(self, painter: QPainter, rail: QRectF) -> None:
        """Each bet's stack, letter, place and chances, side by side."""
        self.paint_slips(painter, rail, self.bets())

    def slip_rows(self, rail: QRectF, bets: Sequence[BoardBet], min_slots: int) -> int:
        """One row of slips where each is wide enough for its stake written under its
        chips; two where there are more bets than that leaves room for."""
        unit = self.unit()
        width = rail.width() / max(len(bets), min_slots) - 14 * unit
        widest = max((label_size(data.stake, FLOOR).width() for data in bets),
                     default=0.0)
        return 1 if len(bets) < 2 or width >= widest else 2

    def slip_rects(self, rail: QRectF, bets: Sequence[BoardBet],
                   min_slots: int = 4) -> list[QRectF]:
        unit = self.unit()
        rows = self.slip_rows(rail, bets, min_slots)
        per_row = math.ceil(len(bets) / rows)
        width = rail.width() / max(per_row, min_slots)
        height = (rail.height() - (rows - 1) * 4 * unit) / rows
        left = rail.left() + (rail.width() - width * per_row) / 2
        return [QRectF(left + (index % per_row) * width + 3 * unit,
                       rail.top() + (index // per_row) * (height + 4 * unit), width - 6 * unit,
                       height) for index in range(len(bets))]

    def paint_slips(self, painter: QPainter, rail: QRectF, bets: Sequence[BoardBet],
                    min_slots: int = 4) -> None:
        """A slip for each bet: its letter and place, its stake and its chances; the stake
        written under its chips, or beside them where the slips go in two rows."""
        unit = self.unit()
        stacked = self.slip_rows(rail, bets, min_slots) == 1
        for offset, (data, slot) in enumerate(zip(bets, self.slip_rects(rail, bets, min_slots),
                                                  strict=True)):
            painter.save()
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(swatch("felt_shade"))
            painter.drawRoundedRect(slot, 8 * unit, 8 * unit)
            painter.restore()
            head = QRectF(slot.left(), slot.top() + 4 * unit, slot.width(),
                          max(22 * unit, line_height(14 * unit, bold=True)))
            paint_badge(painter, QPointF(slot.left() + 16 * unit, head.center().y()),
                        bet_tag(offset), pixels=13 * unit, fill=INK)
            fit_text(painter, head.adjusted(30 * unit, 0, -4 * unit, 0),
                     _("Place {place}").format(place=data.place), pixels=14 * unit,
                     bold=True, colour=INK,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            stake = data.stake
            chances = str(rules_bet(data).describe())
            if parts.recording():
                parts.note(painter, parts.Role.Grouping, _(
                    "Bet {letter}: place {place}, {stake} on {chances}").format(
                    letter=bet_tag(offset), place=data.place, stake=format_money(stake),
                    chances=chances), slot)
            inner = slot.width() - 8 * unit
            if stacked:
                height = min(max(38 * unit, text_height(chances, inner, pixels=12 * unit)),
                             slot.height() * 0.55)
            else:
                height = text_height(chances, inner, pixels=12 * unit)
            words = QRectF(slot.left() + 4 * unit, slot.bottom() - height - 2 * unit, inner,
                           height)
            fit_text(painter, words, chances, pixels=12 * unit, colour=INK)
            chips = QRectF(slot.left() + 4 * unit, head.bottom() + 2 * unit, inner,
                           words.top() - head.bottom() - 4 * unit)
            if stacked:
                paint_stack_in(painter, chips, stake, max_radius=26 * unit)
            else:
                paint_stack_beside(painter, chips, stake, 12 * unit)


class PayoutView(SapIChiBoard):
    """The board of bets and the number drawn; the place asked about is outlined."""

    def paint_slips(self, painter: QPainter, rail: QRectF, bets: Sequence[BoardBet],
                    min_slots: int = 4) -> None:
        super().paint_slips(painter, rail, bets, min_slots)
        asked = self.asked_place()
        if asked is None:
            return
        unit = self.unit()
        path = QPainterPath()
        for data, slot in zip(bets, self.slip_rects(rail, bets, min_slots), strict=True):
            if data.place == asked:
                path.addRoundedRect(slot, 8 * unit, 8 * unit)
        painter.save()
        painter.setPen(QPen(GOLD, 3 * unit, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        painter.restore()

    def asked_place(self) -> int | None:
        """The place of the bet asked about, whose slips are outlined (None: the whole
        board is asked)."""
        board = situation_of(self.question, Board)
        return None if board.asked is None else board.bets[board.asked].place


class ProcedureView(SapIChiBoard):
    """The bet concerned (and where it is to be moved), where the round stands, and the
    scene told."""

    def bets(self) -> list[BoardBet]:
        moved = self.moved_to()
        return super().bets() + ([moved] if moved is not None else [])

    def moved_to(self) -> BoardBet | None:
        situation = self.situation()
        return situation.to if isinstance(situation, BellScene) else None

    def paint_panel(self, painter: QPainter, panel: QRectF) -> None:
        situation = self.situation()
        if isinstance(situation, Board):
            raise TypeError(f"{type(self).__name__} draws a scene, not a board")
        stage = situation.stage
        if stage == "decided":
            super().paint_panel(painter, panel)
            return
        unit = self.unit()
        texts = {
            "betting": _("Bets are open: the bell has not rung."),
            "closed": _("The bell has rung: no more bets."),
            "void": _("The round was declared void."),
            "shut": _("The table is closed."),
        }
        bell = QRectF(panel.left(), panel.top(), panel.width(), panel.height() * 0.55)
        self._paint_bell(painter, bell, rung=stage != "betting")
        fit_text(painter, QRectF(panel.left() + 4 * unit, bell.bottom(),
                                 panel.width() - 8 * unit, panel.bottom() - bell.bottom()),
                 texts[stage], pixels=14 * unit, bold=True, colour=INK)

    def _paint_bell(self, painter: QPainter, box: QRectF, *, rung: bool) -> None:
        size = min(box.width(), box.height()) * 0.7
        left = box.center().x() - size / 2
        top = box.center().y() - size / 2
        path = QPainterPath()
        path.moveTo(left + size * 0.5, top + size * 0.08)
        path.cubicTo(left + size * 0.2, top + size * 0.1, left + size * 0.22,
                     top + size * 0.6, left + size * 0.08, top + size * 0.78)
        path.lineTo(left + size * 0.92, top + size * 0.78)
        path.cubicTo(left + size * 0.78, top + size * 0.6, left + size * 0.8,
                     top + size * 0.1, left + size * 0.5, top + size * 0.08)
        painter.save()
        painter.setPen(QPen(swatch("gold_edge"), max(1.0, size / 40)))
        painter.setBrush(GOLD if rung else swatch("bell"))
        painter.drawPath(path)
        painter.drawEllipse(QPointF(left + size * 0.5, top + size * 0.86), size * 0.08,
                            size * 0.08)
        if rung:  # sound lines either side
            painter.setPen(QPen(INK, max(1.0, size / 30)))
            for side in (-1, 1):
                for k in (0.0, 0.1):
                    x = left + size * (0.5 + side * (0.52 + k))
                    painter.drawLine(QPointF(x, top + size * 0.3), QPointF(
                        x + side * size * 0.06, top + size * 0.2))
        painter.restore()

    def paint_rail(self, painter: QPainter, rail: QRectF) -> None:
        unit = self.unit()
        bets = self.bets()
        slips = QRectF(rail.left(), rail.top(), rail.width() * 0.42, rail.height())
        self.paint_slips(painter, slips, bets, min_slots=1)
        if len(bets) > 1:  # the bet is to move from A to B
            paint_badge(painter, QPointF(slips.center().x(), slips.center().y()), "→",
                        pixels=22 * unit, fill=GOLD, ink=DARK_INK)
        story = QRectF(slips.right() + 10 * unit, rail.top(),
                       rail.right() - slips.right() - 10 * unit, rail.height())
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(swatch("felt_shade"))
        painter.drawRoundedRect(story, 8 * unit, 8 * unit)
        painter.restore()
        fit_text(painter, story.adjusted(10 * unit, 8 * unit, -10 * unit, -8 * unit),
                 str(self.question.prompt), pixels=14 * unit, colour=INK,
                 align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)


VIEWS: dict[str, type[FeltView]] = {
    "sap_i_chi.payout": PayoutView,
    "sap_i_chi.procedure": ProcedureView,
    "sap_i_chi.draw": ProcedureView,
}
