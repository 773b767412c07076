"""Playing cards painted with QPainter: crisp at any size, readable in greyscale.

A card is a white rounded card with its rank and suit in two opposite corners and a
large suit in the middle (a framed letter for J, Q and K). Suits are drawn as shapes,
never font glyphs, so a spade, heart, diamond and club are told apart by their outline
even printed in grey; hearts and diamonds are red, spades and clubs black. With
``four_colour=True`` diamonds turn blue and clubs green (the four-colour deck).

Card text is the notation of the questions: ``"10D"``, ``"AS"``, ``"TD"`` …
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from i18n import _
from trainer.rules.cards import Card, Suit
from ui.drawing import kept
from ui.palette import swatch
from ui.translated import Retranslating
from ui.widgets import accessible_parts as parts

#: Width : height of a playing card.
CARD_RATIO = 2.5 / 3.5

RED = swatch("card_red")
BLACK = swatch("card_black")
_FOUR_COLOUR = {Suit.DIAMONDS: swatch("card_diamonds"), Suit.CLUBS: swatch("card_clubs")}
_PAPER = swatch("card_paper")
_EDGE = swatch("card_edge")
_BACK = swatch("card_back")
_BACK_LINE = swatch("card_back_line")


# Suit shapes ---------------------------------------------------------------------------


@cache
def _suit_shape(suit: Suit) -> QPainterPath:
    """The suit's outline in the unit square (y downwards)."""
    path = QPainterPath()
    if suit is Suit.HEARTS:
        path.moveTo(0.5, 0.27)
        path.cubicTo(0.38, 0.0, 0.0, 0.02, 0.02, 0.35)
        path.cubicTo(0.04, 0.62, 0.36, 0.78, 0.5, 1.0)
        path.cubicTo(0.64, 0.78, 0.96, 0.62, 0.98, 0.35)
        path.cubicTo(1.0, 0.02, 0.62, 0.0, 0.5, 0.27)
    elif suit is Suit.DIAMONDS:
        path.moveTo(0.5, 0.0)
        path.quadTo(0.66, 0.3, 0.9, 0.5)
        path.quadTo(0.66, 0.7, 0.5, 1.0)
        path.quadTo(0.34, 0.7, 0.1, 0.5)
        path.quadTo(0.34, 0.3, 0.5, 0.0)
    elif suit is Suit.SPADES:
        path.moveTo(0.5, 0.0)
        path.cubicTo(0.36, 0.2, 0.02, 0.36, 0.02, 0.6)
        path.cubicTo(0.02, 0.84, 0.34, 0.88, 0.47, 0.7)
        path.lineTo(0.53, 0.7)
        path.cubicTo(0.66, 0.88, 0.98, 0.84, 0.98, 0.6)
        path.cubicTo(0.98, 0.36, 0.64, 0.2, 0.5, 0.0)
        path.addPath(_stem())
    else:  # clubs
        radius = 0.215
        for cx, cy in ((0.5, 0.25), (0.25, 0.58), (0.75, 0.58)):
            path.addEllipse(QPointF(cx, cy), radius, radius)
        path.addRect(QRectF(0.4, 0.35, 0.2, 0.3))
        path.addPath(_stem())
    path.setFillRule(Qt.FillRule.WindingFill)
    return path.simplified()


def _stem() -> QPainterPath:
    stem = QPainterPath()
    stem.moveTo(0.47, 0.6)
    stem.quadTo(0.45, 0.9, 0.28, 1.0)
    stem.lineTo(0.72, 1.0)
    stem.quadTo(0.55, 0.9, 0.53, 0.6)
    stem.closeSubpath()
    return stem


def suit_colour(suit: Suit, *, four_colour: bool = False) -> QColor:
    if four_colour and suit in _FOUR_COLOUR:
        return _FOUR_COLOUR[suit]
    return RED if suit.is_red else BLACK


def paint_suit(painter: QPainter, rect: QRectF, suit: Suit, colour: QColor | None = None,
               *, upside_down: bool = False) -> None:
    """The suit's shape filling the square centred in ``rect``."""
    side = min(rect.width(), rect.height())
    left = rect.center().x() - side / 2
    top = rect.center().y() - side / 2
    transform = QTransform()
    if upside_down:
        transform.translate(left + side, top + side)
        transform.scale(-side, -side)
    else:
        transform.translate(left, top)
        transform.scale(side, side)
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour or suit_colour(suit))
    painter.drawPath(transform.map(_suit_shape(suit)))
    painter.restore()


# Cards -----------------------------------------------------------------------------------


def card_rect(box: QRectF) -> QRectF:
    """The largest card (2.5 : 3.5) centred in ``box``."""
    width = min(box.width(), box.height() * CARD_RATIO)
    height = width / CARD_RATIO
    return QRectF(box.center().x() - width / 2, box.center().y() - height / 2, width, height)


def paint_card(painter: QPainter, rect: QRectF, card: str | None, *, face_up: bool = True,
               highlight: QColor | None = None, four_colour: bool = False) -> None:
    """Paint ``card`` ("10D") in ``rect``; ``None`` or ``face_up=False`` paints the back.
    A card is the same at its size: drawn once, then copied (:mod:`ui.drawing.kept`)."""
    parsed = Card.parse(card) if card and face_up else None
    if parts.recording():
        parts.note(painter, parts.Role.Graphic, card_name(card if face_up else None), rect)
    reach = 1.0 + (max(2.0, rect.width() * 0.06) if highlight is not None else 0.0)
    kept.draw(painter, rect, ("card", parsed, four_colour,
                              None if highlight is None else highlight.rgba()),
              lambda on, at: _paint_card(on, at, parsed, highlight, four_colour), margin=reach)


def _paint_card(painter: QPainter, rect: QRectF, parsed: Card | None,
                highlight: QColor | None, four_colour: bool) -> None:
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    radius = rect.width() * 0.09
    painter.setPen(QPen(_EDGE, max(0.8, rect.width() / 60)))
    painter.setBrush(_PAPER)
    painter.drawRoundedRect(rect, radius, radius)
    if parsed is None:
        _paint_back(painter, rect, radius)
    else:
        _paint_face(painter, rect, parsed, suit_colour(parsed.suit, four_colour=four_colour))
    if highlight is not None:
        width = max(2.0, rect.width() * 0.06)
        painter.setPen(QPen(highlight, width))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        outer = rect.adjusted(-width / 2, -width / 2, width / 2, width / 2)
        painter.drawRoundedRect(outer, radius + width / 2, radius + width / 2)
    painter.restore()


def _paint_back(painter: QPainter, rect: QRectF, radius: float) -> None:
    inset = rect.width() * 0.07
    inner = rect.adjusted(inset, inset, -inset, -inset)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(_BACK)
    painter.drawRoundedRect(inner, radius * 0.6, radius * 0.6)
    painter.save()
    clip = QPainterPath()
    clip.addRoundedRect(inner, radius * 0.6, radius * 0.6)
    painter.setClipPath(clip)
    painter.setPen(QPen(_BACK_LINE, max(0.6, rect.width() / 80)))
    step = max(4.0, inner.width() / 7)
    x = inner.left() - inner.height()
    while x < inner.right():  # a diamond lattice: two families of diagonals
        painter.drawLine(QPointF(x, inner.top()), QPointF(x + inner.height(), inner.bottom()))
        painter.drawLine(QPointF(x, inner.bottom()), QPointF(x + inner.height(), inner.top()))
        x += step
    painter.restore()
    painter.setPen(QPen(swatch("card_paper"), max(1.0, rect.width() / 40)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(inner, radius * 0.6, radius * 0.6)


def _fitted_font(text: str, width: float, height: float, *, bold: bool = True) -> QFont:
    font = QFont()
    font.setBold(bold)
    font.setPixelSize(max(1, int(height)))
    metrics = QFontMetricsF(font)
    if metrics.horizontalAdvance(text) > width > 0:
        font.setPixelSize(max(1, int(height * width / metrics.horizontalAdvance(text))))
    return font


def _paint_face(painter: QPainter, rect: QRectF, card: Card, colour: QColor) -> None:
    rank = card.rank.label
    w, h = rect.width(), rect.height()
    corner_w, rank_h, pip = w * 0.2, h * 0.15, w * 0.15
    painter.setPen(colour)
    painter.setFont(_fitted_font(rank, corner_w, rank_h))
    for upside_down in (False, True):
        painter.save()
        if upside_down:  # the same corner, turned half round about the card's centre
            painter.translate(rect.center())
            painter.rotate(180)
            painter.translate(-rect.center())
        box = QRectF(rect.left() + w * 0.03, rect.top() + h * 0.025, corner_w, rank_h)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, rank)
        suit_box = QRectF(box.center().x() - pip / 2, box.bottom() + h * 0.005, pip, pip)
        paint_suit(painter, suit_box, card.suit, colour)
        painter.restore()
    middle = rect.adjusted(w * 0.24, h * 0.17, -w * 0.24, -h * 0.17)
    if card.rank.is_figure:
        painter.setPen(QPen(colour, max(1.0, w / 45)))
        painter.setBrush(QColor(colour.red(), colour.green(), colour.blue(), 26))
        painter.drawRoundedRect(middle, w * 0.05, w * 0.05)
        painter.setPen(colour)
        letter_box = QRectF(middle.left(), middle.top(), middle.width(), middle.height() * 0.55)
        painter.setFont(_fitted_font(rank, letter_box.width() * 0.8, letter_box.height() * 0.9))
        painter.drawText(letter_box, Qt.AlignmentFlag.AlignCenter, rank)
        suit_box = QRectF(middle.left(), letter_box.bottom(), middle.width(),
                          middle.height() * 0.4)
        paint_suit(painter, suit_box.adjusted(0, 0, 0, -middle.height() * 0.05), card.suit,
                   colour)
    else:
        size = middle.width() * (1.0 if card.rank == 14 else 0.85)
        paint_suit(painter, QRectF(middle.center().x() - size / 2,
                                   middle.center().y() - size / 2, size, size),
                   card.suit, colour)


def card_name(card: str | None) -> str:
    """The card in words, for screen readers: "10 of diamonds"."""
    if not card:
        return _("a card face down")
    parsed = Card.parse(card)
    return _("{rank} of {suit}").format(rank=parsed.rank.label,
                                        suit=str(parsed.suit.name_message))


def paint_card_row(painter: QPainter, box: QRectF, cards: Sequence[str | None], *,
                   face_up: bool | list[bool] = True,
                   highlights: dict[int, QColor] | None = None,
                   max_overlap: float = 0.55) -> list[QRectF]:
    """Cards side by side in ``box`` (overlapping when they must); returns each card's rect."""
    count = len(cards)
    if count == 0:
        return []
    height = min(box.height(), box.width() / CARD_RATIO)
    width = height * CARD_RATIO
    gap = width * 0.08
    needed = count * width + (count - 1) * gap
    if needed > box.width() and max_overlap <= 0:  # no overlap: smaller cards instead
        width = box.width() / (count + (count - 1) * 0.08)
        height, gap = width / CARD_RATIO, width * 0.08
        step = width + gap
    elif needed > box.width():  # overlap; shrink the cards if even that is not enough
        step = (box.width() - width) / max(1, count - 1)
        if step < width * (1 - max_overlap):
            width = box.width() / (1 + (count - 1) * (1 - max_overlap))
            height = width / CARD_RATIO
            step = width * (1 - max_overlap)
    else:
        step = width + gap
    total = width + step * (count - 1)
    x = box.center().x() - total / 2
    y = box.center().y() - height / 2
    rects = []
    for index, card in enumerate(cards):
        rect = QRectF(x + index * step, y, width, height)
        up = face_up[index] if isinstance(face_up, list) else face_up
        paint_card(painter, rect, card, face_up=up,
                   highlight=(highlights or {}).get(index))
        rects.append(rect)
    return rects


class CardWidget(Retranslating, QWidget):
    """One card as a widget; keeps the 2.5 : 3.5 shape inside whatever size it gets."""

    def __init__(self, card: str | None, parent: QWidget | None = None, *,
                 face_up: bool = True):
        super().__init__(parent)
        self._card = card
        self._face_up = face_up
        self._highlight: QColor | None = None
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setMinimumSize(25, 35)
        self._name()

    def card(self) -> str | None:
        return self._card

    def set_card(self, card: str | None, *, face_up: bool = True) -> None:
        self._card, self._face_up = card, face_up
        self._name()
        self.update()

    def set_highlight(self, colour: QColor | None) -> None:
        self._highlight = colour
        self.update()

    def _name(self) -> None:
        self.setAccessibleName(card_name(self._card if self._face_up else None))

    def retranslate(self) -> None:
        self._name()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(75, 105)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return round(width / CARD_RATIO)

    def paintEvent(self, event: object) -> None:  # noqa: N802
        painter = QPainter(self)
        margin = 3.0
        box = QRectF(margin, margin, self.width() - 2 * margin, self.height() - 2 * margin)
        paint_card(painter, card_rect(box), self._card, face_up=self._face_up,
                   highlight=self._highlight)
        painter.end()
