"""The Mah-Jong table of a scene, drawn from the engine's view of it at the current step
(:func:`trainer.rounds.mahjong.view.table_view`).

The quiz's table of four seats (:class:`ui.situation.mahjong_seats.SeatsTable`): East, the
banker, at the bottom, South at his right, West opposite, North at his left. Each seat shows
its tiles face down and its sets on view — a hand laid open (a win, or a false one) face up,
the winning tile last — and what the croupier has said of it: the set it took, the win,
who bears it (包), what it paid or was paid, the next bank. In the middle the discard on the
table with a line from its discarder, the calls made for it and the ruling, the discards in
sight, and once a win is laid open its fán and the commission. Each seat can be clicked
(``optionPicked`` with its number, East 1 to North 4); each seat and the middle are drawn
from kept pictures (:class:`ui.rounds.pictures.Pictures`), again only when what they show
has changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QPainter
from PySide6.QtWidgets import QWidget

import i18n
from i18n import N_, Message, _, format_money, ngettext
from questions import AnswerForm, AnswerKind, Option, Question
from questions.situation import Situation
from trainer.rounds.mahjong.view import SeatView, TableView
from trainer.rules.mahjong import Variant
from trainer.rules.mahjong.hands.tiles import Wind, tile_name
from trainer.rules.mahjong.play.wall_reasons import wall_label
from ui.drawing.text import fit_text, paint_paragraphs, paragraphs_height
from ui.drawing.tiles import paint_tile_row
from ui.palette import swatch
from ui.rounds.mahjong_wall_ring import paint_wall_ring, ring_in, wall_rect
from ui.rounds.pictures import Pictures, repaint_changed
from ui.situation import mahjong_canvas as canvas
from ui.situation.mahjong_hands import paint_hand, wind_name
from ui.situation.mahjong_seats import SEATS, TAG, Block, SeatsTable

WON = swatch("won")
LOST = swatch("lost")
_KIND = {"win": N_("Win"), "kong": N_("Kong"), "pung": N_("Pung"), "chow": N_("Chow")}


def _seats_to_pick() -> Question:
    return Question("mahjong.round", 0, 1, Situation(), Message.of(N_("Choose a place")),
                    AnswerForm(AnswerKind.CHOICE, tuple(
                        Option(place, Message.of(N_("Place {place}"), place=place))
                        for place in range(1, len(SEATS) + 1))))


#: The discards in sight are shown in rows of so many tiles.
DISCARDS_A_ROW = 12


def _names(tiles: tuple[int, ...]) -> list[str]:
    return [tile_name(tile) for tile in tiles]


class MahjongRoundTable(SeatsTable):
    def __init__(self, view: TableView, parent: QWidget | None = None, *,
                 variant: Variant = Variant.CONVENTIONAL):
        self.view = view
        self._variant = variant
        self.chosen: int | None = None
        self._pictures = Pictures()
        super().__init__(_seats_to_pick(), parent)

    # What the table shows -----------------------------------------------------------------

    def variant(self) -> Variant:
        return self._variant

    def players(self) -> tuple[str, ...] | None:
        return self.present_seats()

    def present_seats(self) -> tuple[str, ...]:
        """The seats at the table: all four, or a simplified table's two or three."""
        return tuple(seat for seat in SEATS if Wind(seat) in self.view.seats)

    def opening(self) -> bool:
        """Whether a whole hand is opening: the wall drawn whole in the middle (nothing
        discarded yet, nobody won)."""
        view = self.view
        return view.wall_left is not None and view.discard is None and view.winner is None \
            and not view.drawn_game

    def wall_words(self) -> str | None:
        """The tiles left in the wall, in a whole hand."""
        left = self.view.wall_left
        if left is None:
            return None
        return ngettext("{count} tile left in the wall", "{count} tiles left in the wall",
                        left).format(count=left)

    def break_words(self) -> str | None:
        """Where the wall was broken, once it is: the wall and the stack the deal starts
        with."""
        broken = self.view.broken
        if broken is None:
            return None
        return _("Broken: {wall}, stack {stack}").format(wall=str(wall_label(broken[0])),
                                                         stack=broken[1])

    def dice_words(self) -> str | None:
        dice = self.view.dice
        if not dice:
            return None
        return _("Dice: {dice} = {total}").format(dice=" + ".join(str(d) for d in dice),
                                                  total=sum(dice))

    def round_wind(self) -> str | None:
        return self.view.round_wind.value

    def corner_lines(self) -> list[str]:
        return [*super().corner_lines(), _("Game {game} of the round").format(
            game=self.view.game)]

    def seat_value(self, seat: str) -> Any:
        return SEATS.index(seat) + 1

    def place_centre(self, place: int) -> QPointF:
        """A seat's middle; while a hand opens, a seat not at the table by its wall."""
        table, seat = self.table_rect(QRectF(self.rect())), SEATS[place - 1]
        if seat not in self.present_seats() and self.opening():
            return self._wall_rect(table, seat).center()
        return self.seat_rect(table, seat).center()

    def _wall_rect(self, table: QRectF, seat: str) -> QRectF:
        return wall_rect(ring_in(self.centre_rect(table)), self._variant, seat)

    def asked_seat(self) -> str | None:
        return SEATS[self.chosen - 1] if self.chosen is not None else None

    def seat_mark(self, seat: str) -> QColor | None:
        view = self.view
        if view.discard is not None and view.discard[0].value == seat and view.winner is None:
            return canvas.FOCUS
        if view.asking is not None and view.asking.value == seat:
            return canvas.ALERT
        return None

    def seat_tags(self, seat: str) -> list[tuple[str, QColor]]:
        view, wind = self.view, Wind(seat)
        tags: list[tuple[str, QColor]] = []
        if view.asking is wind:
            tags.append((_("Needs a ruling"), canvas.NOTE))
        if view.claimed is not None and view.claimed[0] is wind and view.winner is None:
            tags.append((_("Takes it: {kind}").format(kind=_(_KIND[view.claimed[1]])), TAG))
        if view.winner is wind:
            tags.append((_("Self-drawn win") if view.self_drawn else _("Win"), WON))
        if view.false_win is wind:
            tags.append((_("False win"), LOST))
        if view.liable is wind:
            tags.append((_("Liable (包)"), LOST))
        amount = view.settled.get(wind)
        if amount is not None:
            tags.append((_("Paid {amount}").format(amount=format_money(amount)) if amount > 0
                         else _("Collected {amount}").format(amount=format_money(-amount)),
                         WON if amount > 0 else LOST))
        if view.next_bank is wind:
            tags.append((_("Next bank"), canvas.BANKER))
        return tags

    def paint_body(self, painter: QPainter, body: QRectF, seat: str) -> None:
        """The seat's tiles, from a picture of their own: a step that only tags the seat
        (a payment, the next bank) copies them. The picture leaves room round the tiles
        for the lattice of their backs."""
        shown = self.view.seats[Wind(seat)]
        room, unit = body.height(), self.unit()  # a back's lattice reaches a tile's height
        self._pictures.draw(painter, ("tiles", seat), body.adjusted(-room, -unit, room, unit),
                            (self.unit(), body.getRect(), shown),
                            lambda on: self._paint_tiles(on, body, shown))

    def _paint_tiles(self, painter: QPainter, body: QRectF, shown: SeatView) -> None:
        melds = [_names(meld) for meld in shown.melds]
        if shown.laid_open is not None:
            paint_hand(painter, body, _names(shown.laid_open), melds)
            return
        paint_hand(painter, body, [None] * shown.concealed, melds, face_up=False)

    def discard(self) -> tuple[str, str] | None:
        view = self.view
        if view.discard is None:
            return None
        return view.discard[0].value, tile_name(view.discard[1])

    def discard_caption(self, discarder: str) -> str:
        if self.view.winner is not None:
            return _("{seat} discards the winning tile").format(seat=wind_name(discarder))
        return super().discard_caption(discarder)

    def middle_lines(self) -> list[str]:
        """What was called for the discard and how it was ruled; once a win is laid open,
        its fán and the commission."""
        view = self.view
        lines = [_("{seat}: {kind}").format(seat=wind_name(seat.value), kind=_(_KIND[kind]))
                 for seat, kind in view.calls]
        if view.drawn_game:
            lines.append(_("A drawn game: nobody wins, nobody pays"))
        if view.ruled and view.claimed is None and view.winner is None:
            lines.append(_("Nobody takes it"))
        if view.fan is not None:
            lines.append(_("Fán: {fan}").format(fan=view.fan))
        if view.nobody_liable:
            lines.append(_("Nobody liable"))
        if view.commission is not None:
            lines.append(_("Commission: {amount}").format(amount=format_money(view.commission)))
        wall = self.wall_words()
        if wall is not None and not self.opening():
            lines.append(wall)
        return lines

    def under_discard(self, width: float) -> list[Block]:
        blocks: list[Block] = []
        unit = self.unit()
        lines = self.middle_lines()
        if lines:
            pixels = unit * 1.4
            height = canvas.note_height(lines, width, pixels=pixels)

            def note(painter: QPainter, room: QRectF) -> None:
                canvas.note_box(painter, room, lines, pixels=pixels)

            blocks.append((height, note))
        if self.view.on_view:
            tiles = _names(self.view.on_view)
            caption = _("Discarded before")
            # In rows of a dozen, as they lie on the table: a whole hand's forty discards
            # in one row would be too small to read.
            rows = [tiles[at:at + DISCARDS_A_ROW] for at in range(0, len(tiles), DISCARDS_A_ROW)]
            high = unit * (3.0 if len(rows) == 1 else 2.4)
            height = paragraphs_height([caption], width, pixels=unit * 1.2) \
                + len(rows) * (high + unit * 0.2)

            def row(painter: QPainter, room: QRectF) -> None:
                top = room.adjusted(0, 0, 0, -len(rows) * (high + unit * 0.2))
                fit_text(painter, top, caption, pixels=unit * 1.2, colour=swatch("felt_ink"))
                for index, line in enumerate(rows):
                    paint_tile_row(painter, QRectF(room.left(), top.bottom() + unit * 0.2
                                                   + index * (high + unit * 0.2),
                                                   room.width(), high), line)

            blocks.append((height, row))
        return blocks

    def paint_centre(self, painter: QPainter, box: QRectF, table: QRectF) -> None:
        if self.opening():
            words = [w for w in (self.wall_words(), self.break_words(), self.dice_words())
                     if w is not None]
            paint_wall_ring(painter, box, self._variant, self.view.wall_left or 0,
                            self.view.dice, self.view.broken, words, self.unit())
            return None
        if self.discard() is not None:
            return super().paint_centre(painter, box, table)
        lines = self.middle_lines()
        if lines:
            canvas.note_box(painter, box.adjusted(0, box.height() * 0.2, 0, -box.height() * 0.2),
                            lines, pixels=self.unit() * 1.4)
        return None

    # Kept pictures --------------------------------------------------------------------------

    def _seat_shows(self, seat: str) -> tuple[Any, ...]:
        wind = Wind(seat)
        return (self.unit(), i18n.current_language(), self.view.seats[wind],
                tuple(self.seat_tags(seat)), self.seat_mark(seat), self.asked_seat() == seat,
                self.state_fill(self.seat_value(seat), canvas.SPOT).rgba())

    def _middle_shows(self) -> tuple[Any, ...]:
        view = self.view
        return (self.unit(), i18n.current_language(), view.discard, view.calls, view.ruled,
                view.claimed, view.winner, view.fan, view.nobody_liable, view.commission,
                view.on_view, view.wall_left, view.dice, view.broken, view.drawn_game)

    def side_width(self, table: QRectF) -> float:
        """The seats at the sides: narrower while a hand opens, the wall between them."""
        if self.opening():
            return (table.width() - 2 * self.unit() * 1.2) * 0.27
        return super().side_width(table)

    def band(self, table: QRectF) -> float:
        """How high the seats at the top and bottom are: a quarter of the table whatever
        the middle shows (the discard's tile shrinks to leave its words room), so that the
        seats stay where they are as the scene goes on and a step draws only what changed."""
        return table.height() * 0.25

    def _areas(self, table: QRectF) -> dict[str, QRectF]:
        """Where each seat's picture and the middle's lie: each seat with room round it for
        its rim (its tiles are a picture of their own, with room for the lattice of their
        backs: :meth:`paint_body`); the middle from seat to seat, with the discard's
        line."""
        unit = self.unit()
        areas = {seat: self.seat_rect(table, seat).adjusted(-unit, -unit, unit, unit)
                 for seat in SEATS}
        west, north = self.seat_rect(table, "W"), self.seat_rect(table, "N")
        south, east = self.seat_rect(table, "S"), self.seat_rect(table, "E")
        areas["middle"] = QRectF(north.right(), west.bottom(), south.left() - north.right(),
                                 east.top() - west.bottom()).adjusted(-unit, -unit, unit, unit)
        return areas

    def paint_table(self, painter: QPainter, area: QRectF) -> None:
        """The felt and its corner, each seat and the middle, each from its picture: a step
        draws again only the parts it changed."""
        table, unit = self.table_rect(area), self.unit()
        self._pictures.draw(painter, "felt", area, (unit, i18n.current_language(),
                                                    tuple(self.corner_lines())),
                            lambda on: self._paint_felt(on, table))
        areas = self._areas(table)
        for seat in self.present_seats():
            rect = self.seat_rect(table, seat)
            self._pictures.draw(painter, seat, areas[seat], self._seat_shows(seat),
                                self._seat_painter(rect, seat))
            self.target(rect, self.seat_value(seat))
        self._pictures.draw(painter, "middle", areas["middle"], self._middle_shows(),
                            lambda on: self.paint_centre(on, self.centre_rect(table), table))
        if self.opening():  # each wall names its seat's wind, a seat away or not (the break)
            for seat in SEATS:
                self.target(self._wall_rect(table, seat), self.seat_value(seat))

    def _seat_painter(self, rect: QRectF, seat: str) -> Callable[[QPainter], None]:
        return lambda on: self.paint_seat(on, rect, seat)

    def _paint_felt(self, painter: QPainter, table: QRectF) -> None:
        canvas.paint_felt(painter, table, oval=False)
        unit, inset = self.unit(), canvas.felt_corner(table)
        west, north = self.seat_rect(table, "W"), self.seat_rect(table, "N")
        corner = QRectF(table.left() + inset, table.top() + inset,
                        west.left() - table.left() - inset - unit * 0.6,
                        north.top() - table.top() - inset - unit * 0.6)
        paint_paragraphs(painter, corner, self.corner_lines(), pixels=unit * 1.4,
                         colour=swatch("felt_ink"), bold=True,
                         align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def show_view(self, view: TableView, chosen: int | None = None) -> None:
        """Show ``view``: only the seats and the middle it changes are painted again."""
        before = self._parts()
        self.view, self.chosen = view, chosen
        areas = self._areas(self.table_rect(QRectF(self.rect())))
        repaint_changed(self, before, self._parts(), areas.__getitem__)

    def _parts(self) -> dict[str, tuple[Any, ...]]:
        return {**{seat: self._seat_shows(seat) for seat in self.present_seats()},
                "middle": self._middle_shows()}

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        """Every key is the round screen's, not the quiz's picking of a seat."""
        event.ignore()

    def describe(self) -> str:
        return _("Mah-Jong table: East (banker) at the bottom, South at his right, West "
                 "opposite, North at his left; click a seat to name it in an action, or type "
                 "its number (East 1, South 2, West 3, North 4).")

