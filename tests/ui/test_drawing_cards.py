"""Playing cards and chips painted with QPainter: every card, every chip, legible in grey."""

from decimal import Decimal

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from i18n import format_money
from trainer.rules.cards import Suit, full_deck
from ui.drawing.cards import (
    CARD_RATIO,
    CardWidget,
    card_name,
    card_rect,
    paint_card,
    paint_card_row,
    paint_suit,
)
from ui.drawing.chips import (
    DENOMINATIONS,
    chip_colours,
    chip_text,
    chips_for,
    paint_chip,
    paint_stack,
    paint_stack_in,
    stack_height,
)

FELT = QColor("#1f6b45")


def _canvas(width: int, height: int) -> tuple[QImage, QPainter]:
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(FELT)
    return image, QPainter(image)


def _grey_mask(image: QImage, threshold: int = 128) -> set[tuple[int, int]]:
    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    return {(x, y) for y in range(grey.height()) for x in range(grey.width())
            if QColor(grey.pixel(x, y)).red() < threshold}


def test_every_card_face_and_back_paints_at_many_sizes(qapp, screenshot_dir):
    image, painter = _canvas(14 * 70, 5 * 100 + 200)
    for index, card in enumerate(full_deck()):
        column, row = index % 13, index // 13
        paint_card(painter, QRectF(6 + column * 70, 6 + row * 96, 64, 64 / CARD_RATIO),
                   str(card), highlight=QColor("#f1c40f") if index == 0 else None)
    paint_card(painter, QRectF(6 + 13 * 70, 6, 64, 64 / CARD_RATIO), None)
    paint_card(painter, QRectF(6 + 13 * 70, 106, 64, 64 / CARD_RATIO), "AS", face_up=False)
    for index, width in enumerate((12, 25, 50, 140)):  # tiny to large: no errors, no NaN
        paint_card(painter, QRectF(10 + index * 160, 400, width, width / CARD_RATIO), "10D")
    painter.end()
    image.save(str(screenshot_dir / "drawing_cards.png"))
    image.convertToFormat(QImage.Format.Format_Grayscale8).save(
        str(screenshot_dir / "drawing_cards_grey.png"))


def test_ten_and_t_notation_are_the_same_card(qapp):
    images = []
    for text in ("10D", "TD"):
        image, painter = _canvas(100, 140)
        paint_card(painter, QRectF(0, 0, 100, 140), text)
        painter.end()
        images.append(image)
    assert images[0] == images[1]


def test_suits_differ_in_shape_so_grey_prints_tell_them_apart(qapp):
    masks = {}
    for suit in Suit:
        image, painter = _canvas(120, 120)
        image.fill(QColor("white"))
        paint_suit(painter, QRectF(10, 10, 100, 100), suit)  # its own colour
        painter.end()
        masks[suit] = _grey_mask(image, threshold=200)
    for first in Suit:
        for second in Suit:
            if first is not second:
                differ = len(masks[first] ^ masks[second])
                assert differ > 0.12 * len(masks[first] | masks[second]), (first, second)


def test_red_and_black_suits_differ_in_grey_too(qapp):
    def darkness(suit: Suit) -> float:
        image, painter = _canvas(60, 60)
        image.fill(QColor("white"))
        paint_suit(painter, QRectF(0, 0, 60, 60), suit)
        painter.end()
        grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
        return min(QColor(grey.pixel(x, y)).red() for x in range(60) for y in range(60))

    assert darkness(Suit.HEARTS) - darkness(Suit.SPADES) > 50


def test_face_down_shows_no_face(qapp):
    backs = []
    for card in ("AS", "2H"):
        image, painter = _canvas(100, 140)
        paint_card(painter, QRectF(0, 0, 100, 140), card, face_up=False)
        painter.end()
        backs.append(image)
    assert backs[0] == backs[1]


def test_card_rect_and_row_keep_the_card_shape(qapp):
    rect = card_rect(QRectF(0, 0, 300, 100))
    assert rect.width() / rect.height() == pytest.approx(CARD_RATIO)
    assert rect.height() == pytest.approx(100)
    image, painter = _canvas(400, 120)
    rects = paint_card_row(painter, QRectF(0, 0, 400, 120), [str(c) for c in full_deck()[:13]])
    painter.end()
    assert len(rects) == 13
    assert all(r.width() / r.height() == pytest.approx(CARD_RATIO) for r in rects)
    assert rects[0].left() >= 0 and rects[-1].right() <= 400.5


def test_card_widget_size_and_name(qtbot):
    widget = CardWidget("10D")
    qtbot.addWidget(widget)
    hint = widget.sizeHint()
    assert hint.width() / hint.height() == pytest.approx(2.5 / 3.5)
    assert widget.heightForWidth(50) == 70
    assert widget.accessibleName() == card_name("10D") == "10 of diamonds"
    widget.set_card("AS", face_up=False)
    assert widget.accessibleName() == card_name(None)
    widget.set_highlight(QColor("red"))
    widget.resize(60, 84)
    widget.show()
    assert not widget.grab().isNull()


def test_chips_make_the_amount_with_the_fewest_chips():
    assert chips_for(Decimal("1540.50")) == [Decimal(1000), Decimal(500), Decimal(25),
                                             Decimal(10), Decimal(5), Decimal("0.50")]
    for amount in (Decimal(1), Decimal(35), Decimal(240), Decimal("12345.60")):
        assert sum(chips_for(amount)) == amount


def test_each_denomination_has_its_own_colour_and_its_value_written():
    bodies = {chip_colours(value)[0].name() for value, _body, _spots in DENOMINATIONS}
    assert len(bodies) == len(DENOMINATIONS)
    assert chip_text(Decimal(500)) == "500"
    assert chip_text(Decimal(5000)) == "5K"


def test_chips_and_stacks_paint(qapp, screenshot_dir):
    image, painter = _canvas(900, 320)
    for index, (value, _body, _spots) in enumerate(DENOMINATIONS):
        paint_chip(painter, QPointF(45 + index * 85, 45), 38, value)
    for index, amount in enumerate(("240", "1540.50", "35", "12345", "0.5")):
        bounds = paint_stack(painter, QPointF(80 + index * 170, 230), 28, Decimal(amount))
        assert bounds.height() == pytest.approx(stack_height(28, Decimal(amount)), abs=3)
    placed = paint_stack_in(painter, QRectF(790, 100, 100, 200), Decimal("880"))
    painter.end()
    assert placed.left() >= 789 and placed.right() <= 891 and placed.bottom() <= 301
    image.save(str(screenshot_dir / "drawing_chips.png"))
    image.convertToFormat(QImage.Format.Format_Grayscale8).save(
        str(screenshot_dir / "drawing_chips_grey.png"))


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_stack_label_is_money_in_the_locale(qapp, language):
    import i18n

    i18n.set_language(language)
    text = format_money(Decimal("1540.50"))
    image, painter = _canvas(300, 200)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    bounds = paint_stack(painter, QPointF(150, 100), 30, Decimal("1540.50"))
    painter.end()
    assert bounds.width() > 30  # the label is wider than the chip
    assert ("1 540,50" in text.replace("\u00a0", " ")) == (language == "pt_MO")


def test_painting_many_cards_does_not_exhaust_none(qapp):
    """shiboken6 6.12 on Python 3.11 leaks a reference to None per void call."""
    image, painter = _canvas(60, 84)
    for _round in range(400):
        paint_card(painter, QRectF(0, 0, 60, 84), "KH")
    painter.end()
    assert image.pixelColor(30, 42) != QColor(Qt.GlobalColor.transparent)
