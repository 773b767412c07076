"""Mah-Jong hands drawn as tiles: the concealed tiles, then the sets on view, apart.

:func:`paint_hand` lays a hand out in a box (one row, or the sets on view on a second
row when that gives bigger tiles). The views here show one hand: ``waits`` (is it a
win, which tiles complete it — the candidate tiles are clickable) and ``fan`` (the
winning hand with its winning tile, the seat and round winds and the circumstances).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from i18n import _, ngettext
from questions.mahjong.situation import HandAsked, TileHand, WinningHand, tiles_text
from trainer.rules.mahjong import Variant
from ui.answers.common import option_keys
from ui.drawing.text import (
    badge_size,
    fit_text,
    line_height,
    paint_badge,
    paint_paragraphs,
    paragraphs_height,
    text_height,
    text_width,
)
from ui.drawing.tiles import TILE_RATIO, paint_tile, paint_tile_row
from ui.palette import swatch
from ui.situation import mahjong_canvas as canvas
from ui.situation.base import situation_of
from ui.situation.mahjong_canvas import TableCanvas
from ui.widgets import accessible_parts as parts

GROUP_GAP = 0.4  # between sets, in tile widths
TILE_GAP = 0.03


def tile_groups(hand: TileHand) -> tuple[list[str], list[list[str]], list[list[str]]]:
    """(concealed tiles, sets on view, concealed kongs) of a situation's hand."""
    return (hand.concealed.split(), [m.split() for m in hand.melds],
            [k.split() for k in hand.concealed_kongs or ()])


def _units(groups: Sequence[Sequence[Any]]) -> float:
    tiles = sum(len(group) for group in groups)
    return tiles + TILE_GAP * max(0, tiles - len(groups)) + GROUP_GAP * max(0, len(groups) - 1)


def paint_hand(painter: QPainter, box: QRectF, concealed: Sequence[str | None],
               melds: Sequence[Sequence[str]] = (), kongs: Sequence[Sequence[str]] = (), *,
               face_up: bool = True, highlight: dict[int, QColor] | None = None,
               max_width: float | None = None) -> list[QRectF]:
    """The hand in ``box``, centred; returns the rectangles of the concealed tiles.

    Concealed kongs show their two end tiles face down, as they lie on the table.
    ``highlight`` rims concealed tiles by index.
    """
    first: list[Sequence[str | None]] = [list(concealed)] if concealed else []
    shown: list[Sequence[str | None]] = [list(group) for group in (*melds, *kongs)]
    if not first and not shown:
        return []
    one_row = min(box.height() * TILE_RATIO, box.width() / _units(first + shown))
    two_rows = 0.0
    if first and shown:
        two_rows = min((box.height() - box.height() * 0.08) / 2 * TILE_RATIO,
                       box.width() / _units(first), box.width() / _units(shown))
    width = max(one_row, two_rows)
    rows = [first + shown] if width == one_row else [first, shown]
    if max_width is not None:
        width = min(width, max_width)
    height = width / TILE_RATIO
    gap_y = (box.height() - height * len(rows)) / (len(rows) + 1)
    if parts.recording():
        count = sum(len(group) for group in first + shown)
        parts.note(painter, parts.Role.Grouping, ngettext(
            "A hand of {count} tile", "A hand of {count} tiles", count).format(count=count),
            box)
    rects: list[QRectF] = []
    kong_from = len(first) + len(melds)
    for row_index, row in enumerate(rows):
        y = box.top() + gap_y + row_index * (height + gap_y)
        x = box.center().x() - _units(row) * width / 2
        for group in row:
            group_index = (first + shown).index(group)
            if group_index >= len(first):  # a set on view: a lighter cloth under it
                span = width * (len(group) + TILE_GAP * (len(group) - 1))
                under = QRectF(x - width * 0.12, y - width * 0.12, span + width * 0.24,
                               height + width * 0.24)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(swatch("felt_glow"))
                painter.drawRoundedRect(under, width * 0.15, width * 0.15)
                if parts.recording():
                    parts.note(painter, parts.Role.Grouping,
                               _("A concealed kong") if group_index >= kong_from
                               else _("A set on view"), under)
            for index, tile in enumerate(group):
                rect = QRectF(x, y, width, height)
                down = not face_up if group_index == 0 and first else (
                    group_index >= kong_from and index in (0, 3))
                colour = (highlight or {}).get(index) if group_index == 0 and first else None
                paint_tile(painter, rect, tile, face_up=not down, highlight=colour)
                if group_index == 0 and first:
                    rects.append(rect)
                x += width * (1 + TILE_GAP)
            x += width * (GROUP_GAP - TILE_GAP)
    return rects


def variant_name(variant: str) -> str:
    """The form of the game, its hyphens unbreakable: "Mah-Jong" is not cut in two lines."""
    name = _("Simplified Mah-Jong") if variant == "simplified" else _("Conventional Mah-Jong")
    return name.replace("-", "\N{NON-BREAKING HYPHEN}")


def wind_name(wind: str) -> str:
    return {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}[wind]


class OneHand(TableCanvas):
    """A hand on a square of felt, with its form written in the corner."""

    def hand_situation(self) -> HandAsked | WinningHand:
        raise NotImplementedError

    def variant(self) -> Variant:
        return self.hand_situation().variant

    def felt(self, painter: QPainter, area: QRectF) -> QRectF:
        """The felt, the form of the game along its top; returns the room left under it."""
        unit = self.unit()
        table = area.adjusted(unit, unit, -unit, -unit)
        canvas.paint_felt(painter, table, oval=False)
        name = variant_name(self.variant())
        inset = max(unit * 1.5, canvas.felt_corner(table))
        width = table.width() - 2 * inset
        height = max(unit * 2.4, text_height(name, width, pixels=unit * 1.6, bold=True))
        corner = QRectF(table.left() + inset, table.top() + inset, width, height)
        fit_text(painter, corner, name, pixels=unit * 1.6, colour=swatch("felt_ink"), bold=True,
                 align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        return QRectF(table.left() + unit * 1.5, corner.bottom() + unit * 0.8,
                      table.width() - unit * 3, table.bottom() - corner.bottom() - unit * 1.8)


class Waits(OneHand):
    """The hand, and for "which tiles complete it" the candidate tiles to click."""

    def hand_situation(self) -> HandAsked:
        return situation_of(self.question, HandAsked)

    def describe(self) -> str:
        return _("A Mah-Jong hand: {tiles}").format(
            tiles=tiles_text(self.hand_situation().hand.concealed))

    def paint_table(self, painter: QPainter, area: QRectF) -> None:
        inside = self.felt(painter, area)
        dealt = self.hand_situation()
        concealed, melds, kongs = tile_groups(dealt.hand)
        candidates = dealt.candidates if dealt.ask == "waits" else None
        hand_box = QRectF(inside.left(), inside.top(), inside.width(),
                          inside.height() * (0.55 if candidates else 0.9))
        paint_hand(painter, hand_box, concealed, melds, kongs, max_width=self.unit() * 10)
        if not candidates:
            return
        unit = self.unit()
        words = _("Tiles that might complete it: click each that does")
        caption = QRectF(inside.left(), hand_box.bottom() + unit * 0.6, inside.width(),
                         max(unit * 2.4, text_height(words, inside.width(), pixels=unit * 1.5)))
        fit_text(painter, caption, words, pixels=unit * 1.5, colour=swatch("felt_ink"))
        label_h = max(unit * 2, line_height(unit * 1.4, bold=True))
        height = min(inside.bottom() - caption.bottom() - label_h - unit, unit * 11)
        row = QRectF(inside.left(), caption.bottom() + unit * 0.5, inside.width(), height)
        rects = paint_tile_row(painter, row, candidates, gap=0.35)
        # under each tile the key of its option (the notation "4p" is no word of any
        # language the trainee reads)
        values = [option.value for option in self.question.form.options]
        keys = dict(zip(values, option_keys(values), strict=True))
        for tile, rect in zip(candidates, rects, strict=True):
            self.target(rect.adjusted(-3, -3, 3, 3), tile)
            marked = self.mark(tile)
            if marked == canvas.RIGHT:
                marked = canvas.RIGHT_ON_FELT
            if marked is not None or tile == self._hover_value:
                painter.setPen(QPen(marked or canvas.FOCUS, unit * 0.5))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(rect.adjusted(-4, -4, 4, 4), 6, 6)
                self.paint_mark(painter, rect, marked)
            fit_text(painter, QRectF(rect.left() - rect.width() * 0.3, rect.bottom() + 2,
                                     rect.width() * 1.6, label_h), keys.get(tile, ""),
                     pixels=unit * 1.4, colour=swatch("felt_ink"), bold=True, wrap=False)


def circumstance_name(name: str) -> str:
    texts = {
        "self_drawn": _("Self-drawn"),
        "robbing_kong": _("Robbing a kong"),
        "kong_replacement": _("On a kong's replacement tile"),
        "kong_on_kong": _("Kong upon kong"),
        "last_tile": _("On the last tile"),
        "heavenly": _("Heavenly hand (banker's deal)"),
        "earthly": _("Earthly hand (first discard)"),
    }
    return texts.get(name, name)


class Fan(OneHand):
    """The winning hand: its winning tile apart, the winds and the circumstances."""

    def hand_situation(self) -> WinningHand:
        return situation_of(self.question, WinningHand)

    def describe(self) -> str:
        return _("A winning Mah-Jong hand: {tiles}").format(
            tiles=tiles_text(self.hand_situation().hand.concealed))

    def paint_table(self, painter: QPainter, area: QRectF) -> None:
        s = self.hand_situation()
        unit = self.unit()
        inside = self.felt(painter, area)
        concealed, melds, kongs = tile_groups(s.hand)
        winning = s.winning_tile
        if winning in concealed:
            concealed.remove(winning)
        facts = self.facts()
        widest = max(text_width(text, unit * 1.5, bold=True) for text in facts[2:]) + unit * 2
        side = min(inside.width() * 0.4, max(inside.width() * 0.26, widest))
        label = _("Winning tile")
        pill = badge_size(label, unit * 1.3)
        hand_box = QRectF(inside.left(), inside.top(), inside.width() - side - unit,
                          inside.height() - pill.height() - unit)
        rects = paint_hand(painter, hand_box, concealed + [winning], melds, kongs,
                           highlight={len(concealed): canvas.FOCUS}, max_width=unit * 9)
        if rects:
            last = rects[-1]
            x = min(max(last.center().x(), hand_box.left() + pill.width() / 2),
                    hand_box.right() - pill.width() / 2)
            paint_badge(painter, QPointF(x, last.bottom() + unit * 0.4 + pill.height() / 2),
                        label, pixels=unit * 1.3, fill=canvas.FOCUS)
        panel = QRectF(inside.right() - side, inside.top(), side, inside.height())
        self.paint_circumstances(painter, panel, facts)

    def facts(self) -> list[str]:
        """The seat wind, the round wind and each circumstance of the win, in words."""
        s = self.hand_situation()
        winds = [_("{what}: {wind}").format(what=label, wind=wind_name(wind))
                 for label, wind in ((_("Seat wind"), s.seat_wind),
                                     (_("Round wind"), s.round_wind))]
        lines = [circumstance_name(name) for name in s.circumstances]
        return winds + ["• " + text for text in lines or [_("Won on a discard")]]

    def paint_circumstances(self, painter: QPainter, room: QRectF, facts: list[str]) -> None:
        """A card with the winds (a tile and its name) and the circumstances, as high as
        its words need, in the middle of ``room``."""
        s = self.hand_situation()
        unit = self.unit()
        tile_h = min(unit * 6, room.height() * 0.22)
        tile_w = tile_h * TILE_RATIO
        words_w = room.width() - tile_w - unit * 2.6
        rows = [max(tile_h, text_height(text, words_w, pixels=unit * 1.5)) for text in facts[:2]]
        lines_h = paragraphs_height(facts[2:], room.width() - unit * 2, pixels=unit * 1.45,
                                    bold=True)
        height = min(room.height(), sum(rows) + lines_h + unit * 3.2)
        panel = QRectF(room.left(), room.center().y() - height / 2, room.width(), height)
        painter.setPen(QPen(swatch("note_edge"), 1))
        painter.setBrush(canvas.NOTE)
        painter.drawRoundedRect(panel, unit, unit)
        y = panel.top() + unit * 0.8
        for text, wind, row_h in zip(facts[:2], (s.seat_wind, s.round_wind), rows,
                                     strict=True):
            paint_tile(painter, QRectF(panel.left() + unit, y + (row_h - tile_h) / 2, tile_w,
                                       tile_h), wind)
            fit_text(painter, QRectF(panel.left() + unit * 1.8 + tile_w, y, words_w, row_h),
                     text, pixels=unit * 1.5,
                     align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            y += row_h + unit * 0.6
        paint_paragraphs(painter, QRectF(panel.left() + unit, y, panel.width() - unit * 2,
                                         panel.bottom() - y - unit * 0.6), facts[2:],
                         pixels=unit * 1.45, bold=True,
                         align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
