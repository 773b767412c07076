"""Casino chips painted with QPainter, and stacks of them for a bet.

A chip is coloured by its denomination (white 1, red 5, blue 10, green 25, orange 50,
black 100, purple 500, yellow 1,000, brown 5,000, pink 10,000) with the edge spots of
a real chip and its value written on a light inlay, so it is read by the number even
in greyscale. A bet is a stack of the fewest chips making its amount, labelled with
the amount in the current locale's money format.
"""

from __future__ import annotations

from decimal import Decimal

from babel.numbers import format_decimal
from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from i18n import _, format_money, locale_of
from ui.drawing import text as writing
from ui.palette import swatch
from ui.widgets import accessible_parts as parts

#: (denomination, body colour, edge-spot colour), highest first.
DENOMINATIONS: tuple[tuple[Decimal, QColor, QColor], ...] = (
    (Decimal(10000), swatch("chip_10000"), swatch("chip_10000_ring")),
    (Decimal(5000), swatch("chip_5000"), swatch("chip_5000_ring")),
    (Decimal(1000), swatch("chip_1000"), swatch("chip_1000_ring")),
    (Decimal(500), swatch("chip_500"), swatch("chip_500_ring")),
    (Decimal(100), swatch("chip_100"), swatch("chip_100_ring")),
    (Decimal(50), swatch("chip_50"), swatch("chip_50_ring")),
    (Decimal(25), swatch("chip_25"), swatch("chip_25_ring")),
    (Decimal(10), swatch("chip_10"), swatch("chip_10_ring")),
    (Decimal(5), swatch("chip_5"), swatch("chip_5_ring")),
    (Decimal(1), swatch("chip_1"), swatch("chip_1_ring")),
)
_INLAY = swatch("chip_inlay")
_TEXT = swatch("chip_text")
#: A stack taller than this is drawn with this many chips (the label gives the amount).
MAX_STACK = 8


def chip_colours(amount: Decimal) -> tuple[QColor, QColor]:
    """Body and edge-spot colours of the chip of the largest denomination ≤ ``amount``."""
    for value, body, spots in DENOMINATIONS:
        if amount >= value:
            return body, spots
    return DENOMINATIONS[-1][1], DENOMINATIONS[-1][2]


def chip_text(amount: Decimal) -> str:
    """The value written on a chip: "500", "1K" and "10K" as on casino chips, "2.5"."""
    if amount >= 1000 and amount % 1000 == 0:
        return f"{int(amount) // 1000}K"
    return format_decimal(amount.normalize() if amount == amount.to_integral() else amount,
                          locale=locale_of(None), format="#,##0.##")


def paint_chip(painter: QPainter, center: QPointF, radius: float, amount: Decimal) -> None:
    """One chip seen from above, of denomination ``amount`` (its value written on it)."""
    body, spots = chip_colours(amount)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(swatch("chip_edge"), max(0.8, radius / 14)))
    painter.setBrush(body)
    painter.drawEllipse(center, radius, radius)
    # Six edge spots, the way real chips are marked round the rim.
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(spots)
    spot_w = radius * 0.3
    for index in range(6):
        painter.save()
        painter.translate(center)
        painter.rotate(index * 60)
        painter.drawRoundedRect(QRectF(-spot_w / 2, -radius * 0.97, spot_w, radius * 0.24),
                                radius * 0.05, radius * 0.05)
        painter.restore()
    inlay = radius * 0.64
    painter.setPen(QPen(spots, max(0.6, radius / 18), Qt.PenStyle.DashLine))
    painter.setBrush(_INLAY)
    painter.drawEllipse(center, inlay, inlay)
    text = chip_text(amount)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(1, int(inlay * 0.8)))
    width = QFontMetricsF(font).horizontalAdvance(text)
    if width > inlay * 1.6:
        font.setPixelSize(max(1, int(inlay * 0.8 * inlay * 1.6 / width)))
    painter.setFont(font)
    painter.setPen(_TEXT)
    painter.drawText(QRectF(center.x() - inlay, center.y() - inlay, 2 * inlay, 2 * inlay),
                     Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def chips_for(amount: Decimal) -> list[Decimal]:
    """The fewest chips making ``amount``, highest first (cents as one odd chip)."""
    chips: list[Decimal] = []
    rest = amount
    for value, _body, _spots in DENOMINATIONS:
        while rest >= value:
            chips.append(value)
            rest -= value
    if rest > 0:
        chips.append(rest)
    return chips


def paint_rim(painter: QPainter, point: QPointF, radius: float, value: Decimal) -> None:
    """A chip under others in a pile: its body and the edge spots of its rim."""
    body, spots = chip_colours(value)
    painter.setPen(QPen(swatch("chip_edge"), max(0.8, radius / 14)))
    painter.setBrush(body)
    painter.drawEllipse(point, radius, radius)
    painter.setPen(QPen(spots, max(1.0, radius / 8), Qt.PenStyle.DotLine))
    painter.drawArc(QRectF(point.x() - radius * 0.9, point.y() - radius * 0.9,
                           radius * 1.8, radius * 1.8), 200 * 16, 140 * 16)


def paint_stack(painter: QPainter, center: QPointF, radius: float, amount: Decimal, *,
                label: bool = True, highlight: QColor | None = None) -> QRectF:
    """A bet of ``amount``: a stack of chips at ``center`` (the bottom chip's centre).

    The chips are piled upwards, the highest denomination at the bottom; the stack's
    amount is written beneath it in the locale's money format when ``label``. Returns
    the rectangle everything painted takes.
    """
    chips = chips_for(amount) or [Decimal(0)]
    if len(chips) > MAX_STACK:
        chips = chips[: MAX_STACK - 1] + [chips[-1]]
    lift = radius * 0.22
    top = center.y() - lift * (len(chips) - 1) - radius
    bounds = QRectF(center.x() - radius, top, 2 * radius, center.y() + radius - top)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    for index, chip in enumerate(chips):
        point = QPointF(center.x(), center.y() - lift * index)
        if index < len(chips) - 1:  # the rims under the top chip
            paint_rim(painter, point, radius, chip)
        else:
            paint_chip(painter, point, radius, chip)
    if highlight is not None:
        painter.setPen(QPen(highlight, max(2.0, radius / 6)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(bounds.adjusted(-4, -4, 4, 4), radius * 0.5, radius * 0.5)
    if label:
        box = label_rect(center, radius, amount)
        paint_label(painter, box, amount, label_pixels(radius))
        bounds = bounds.united(box)
    painter.restore()
    if parts.recording():
        parts.note(painter, parts.Role.Graphic, stack_name(amount), bounds)
    return bounds


def stack_name(amount: Decimal) -> str:
    """A stack of chips in words, for screen readers: "Chips: MOP$600.00"."""
    return _("Chips: {amount}").format(amount=format_money(amount))


def label_rect(center: QPointF, radius: float, amount: Decimal) -> QRectF:
    """Where :func:`paint_stack` writes the amount of a stack at ``center``: under it."""
    size = label_size(amount, label_pixels(radius))
    return QRectF(center.x() - size.width() / 2, center.y() + radius * 1.1, size.width(),
                  size.height())


def label_pixels(radius: float) -> int:
    """The size of the amount written under a stack of chips of ``radius``."""
    return max(9, int(radius * 0.6))


def label_size(amount: Decimal, pixels: float) -> QSizeF:
    """How large the pill :func:`paint_label` paints ``amount`` on at ``pixels`` is."""
    metrics = QFontMetricsF(writing.text_font(pixels, bold=True))
    return QSizeF(metrics.horizontalAdvance(format_money(amount)) + pixels * 0.8,
                  metrics.height() + 2)


def paint_label(painter: QPainter, box: QRectF, amount: Decimal, pixels: float) -> None:
    """``amount`` in the locale's money format at ``pixels`` on a light pill filling
    ``box`` (:func:`label_size` large)."""
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(swatch("chip_label"))
    painter.drawRoundedRect(box, box.height() / 2, box.height() / 2)
    painter.restore()
    writing.paint_fit(painter, writing.fit(box, format_money(amount), pixels=pixels, bold=True,
                                           wrap=False), _TEXT)


def _extent(radius: float, amount: Decimal, label: bool) -> tuple[float, float]:
    """How far a stack reaches above and below its bottom chip's centre."""
    count = min(MAX_STACK, max(1, len(chips_for(amount))))
    above = radius * 0.22 * (count - 1) + radius
    below = radius * 1.1 + label_size(amount, label_pixels(radius)).height() if label \
        else radius
    return above, below


def stack_height(radius: float, amount: Decimal, *, label: bool = True) -> float:
    """How tall :func:`paint_stack` paints, from the top chip to the label's bottom."""
    above, below = _extent(radius, amount, label)
    return above + below


def paint_stack_in(painter: QPainter, box: QRectF, amount: Decimal, *, label: bool = True,
                   max_radius: float | None = None,
                   highlight: QColor | None = None) -> QRectF:
    """A stack for ``amount`` as large as fits ``box`` (up to ``max_radius``), centred."""
    count = min(MAX_STACK, max(1, len(chips_for(amount))))
    radius = min(box.width() / 2.2, box.height() / (0.22 * (count - 1) + 3.2 if label
                                                       else 0.22 * (count - 1) + 2.1))
    if max_radius is not None:
        radius = min(radius, max_radius)
    while label and radius > 6 and label_size(amount, label_pixels(radius)).width() > box.width():
        radius *= 0.9
    above, below = _extent(radius, amount, label)
    centre_y = box.center().y() - (above + below) / 2 + above
    return paint_stack(painter, QPointF(box.center().x(), centre_y), radius, amount,
                       label=label, highlight=highlight)


def paint_stack_beside(painter: QPainter, row: QRectF, amount: Decimal,
                       pixels: float) -> QRectF:
    """A stack for ``amount`` as high as ``row`` with the amount written at its right
    at ``pixels``, the two centred in ``row`` (a bet where there is no room under its
    chips); returns what they take."""
    count = min(MAX_STACK, max(1, len(chips_for(amount))))
    size = label_size(amount, pixels)
    radius = min(row.height() / (2 + 0.22 * (count - 1)),
                 max(2.0, (row.width() - size.width()) / 2.4))
    gap = radius * 0.4
    width = 2 * radius + gap + size.width()
    left = row.center().x() - width / 2
    paint_stack(painter, QPointF(left + radius, row.bottom() - radius), radius, amount,
                label=False)
    paint_label(painter, QRectF(left + 2 * radius + gap, row.center().y() - size.height() / 2,
                                size.width(), size.height()), amount, pixels)
    return QRectF(left, row.top(), width, row.height())
