"""The one shrink-to-fit text painter: wrapped first, then smaller, "…" only at the floor."""

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from ui.drawing.text import (
    ELLIPSIS,
    FLOOR,
    badge_size,
    fit,
    fit_text,
    flow,
    line_height,
    paint_badge,
    paint_lines,
    paint_paragraphs,
    text_height,
    text_width,
)

TEXTS = {
    "en": "Tiles that might complete it: click each that does",
    "en_short": "Conventional Mah-Jong",
    "pt": "Os grupos são numerados a partir do extremo direito de cada muralha",
    "pt_long_word": "Mah-Jong convencional extraordinariamente",
    "zh": "牌墩由各牌牆的右端數起（以該牌牆所屬一家的方向為準）",
    "zh_short": "傳統麻雀",
}
BOXES = [(w, h) for w in (4, 12, 30, 60, 110, 200, 420, 900) for h in (4, 10, 14, 26, 40, 90, 300)]
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
INSIDE = 0.5  # rounding of the metrics


def inside(bounds: QRectF, box: QRectF) -> bool:
    return (bounds.left() >= box.left() - INSIDE and bounds.top() >= box.top() - INSIDE
            and bounds.right() <= box.right() + INSIDE
            and bounds.bottom() <= box.bottom() + INSIDE)


def ink_outside(image: QImage, box: QRectF) -> int:
    """Pixels painted outside ``box`` (one pixel of antialiasing allowed)."""
    grown = box.adjusted(-1.5, -1.5, 1.5, 1.5)
    return sum(1 for y in range(image.height()) for x in range(image.width())
               if image.pixelColor(x, y).alpha() and not grown.contains(QPointF(x + 0.5, y + 0.5)))


def painted(box: QRectF, text: str, **options) -> tuple[QImage, QRectF]:
    image = QImage(int(box.right()) + 20, int(box.bottom()) + 20, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    bounds = fit_text(painter, box, text, colour=QColor("black"), **options)
    painter.end()
    return image, bounds


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_the_text_never_goes_outside_its_box(qapp, name):
    text = TEXTS[name]
    for width, height in BOXES:
        box = QRectF(10, 10, width, height)
        for align in (Qt.AlignmentFlag.AlignCenter, LEFT):
            laid = fit(box, text, pixels=16, align=align)
            assert inside(laid.bounds, box), (name, width, height, laid.shown)
            assert laid.font.pixelSize() >= FLOOR
            if laid.shortened and laid.shown:
                assert laid.shown.endswith(ELLIPSIS), laid.shown


@pytest.mark.parametrize("name", ["en", "pt_long_word", "zh"])
def test_no_ink_outside_the_box_when_painted(qapp, name):
    for width, height in ((30, 14), (110, 26), (200, 40), (60, 90)):
        box = QRectF(10, 10, width, height)
        image, bounds = painted(box, TEXTS[name], pixels=18)
        assert inside(bounds, box)
        assert ink_outside(image, box) == 0, (name, width, height)


def test_text_painted_without_fitting_does_overflow(qapp):
    """The check above can fail: unclipped, Qt's drawText spills out of a small box."""
    box = QRectF(10, 10, 60, 10)
    image = QImage(200, 60, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextDontClip),
                     TEXTS["en_short"])
    painter.end()
    assert ink_outside(image, box) > 0


def test_the_bounds_returned_are_those_painted(qapp):
    box = QRectF(10, 10, 200, 40)
    image, bounds = painted(box, TEXTS["en_short"], pixels=14)
    assert bounds == fit(box, TEXTS["en_short"], pixels=14).bounds
    assert ink_outside(image, bounds) == 0
    assert ink_outside(image, box) == 0


@pytest.mark.parametrize("name", ["en", "pt", "zh"])
def test_wrapping_comes_before_shrinking(qapp, name):
    text = TEXTS[name]
    pixels = 14
    one_line = text_width(text, pixels)
    box = QRectF(0, 0, one_line * 0.6, line_height(pixels, lines=2) + 2)
    laid = fit(box, text, pixels=pixels)
    assert laid.font.pixelSize() == pixels  # two lines at the size asked, not smaller
    assert not laid.shortened
    assert laid.bounds.height() > line_height(pixels) * 1.5


def test_too_low_for_two_lines_it_shrinks_instead(qapp):
    text = TEXTS["en"]
    pixels = 16
    box = QRectF(0, 0, text_width(text, pixels) * 0.8, line_height(pixels) + 1)
    laid = fit(box, text, pixels=pixels)
    assert FLOOR <= laid.font.pixelSize() < pixels
    assert not laid.shortened
    assert laid.bounds.height() < line_height(pixels) * 1.5


def test_a_word_is_never_broken_it_shrinks(qapp):
    word = "extraordinariamente"
    pixels = 20
    box = QRectF(0, 0, text_width(word, pixels) * 0.8, 200)
    laid = fit(box, word, pixels=pixels)
    assert laid.font.pixelSize() < pixels and not laid.shortened
    assert laid.bounds.height() < line_height(laid.font.pixelSize()) * 1.5  # one line


def test_chinese_wraps_between_characters(qapp):
    text = TEXTS["zh"]
    box = QRectF(0, 0, text_width(text, 12) * 0.4, line_height(12, lines=3) + 2)
    laid = fit(box, text, pixels=12)
    assert laid.font.pixelSize() == 12 and not laid.shortened


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_at_the_floor_the_text_ends_with_an_ellipsis(qapp, name):
    text = TEXTS[name]
    box = QRectF(0, 0, text_width(text, FLOOR) * 0.3, line_height(FLOOR) + 1)
    laid = fit(box, text, pixels=14)
    assert laid.font.pixelSize() == FLOOR
    assert laid.shortened and laid.shown.endswith(ELLIPSIS)
    assert inside(laid.bounds, box)


def test_several_lines_at_the_floor_keep_the_first_ones_whole(qapp):
    box = QRectF(0, 0, 120, line_height(FLOOR, lines=2) + 1)
    laid = fit(box, TEXTS["pt"], pixels=FLOOR)
    first, last = laid.shown.split("\n")
    assert TEXTS["pt"].startswith(first) and last.endswith(ELLIPSIS)


def test_a_box_too_small_for_one_letter_paints_nothing(qapp):
    laid = fit(QRectF(0, 0, 4, 4), "Mah-Jong", pixels=12)
    assert laid.shown == "" and laid.bounds.isEmpty()


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_nothing_is_shortened_when_it_fits(qapp, name):
    text = TEXTS[name]
    laid = fit(QRectF(0, 0, text_width(text, 15) + 2, line_height(15) + 2), text, pixels=15)
    assert laid.shown == text and laid.font.pixelSize() == 15
    assert text_height(text, 2000, pixels=15) == pytest.approx(laid.bounds.height())


def test_one_line_when_asked(qapp):
    text = TEXTS["en"]
    laid = fit(QRectF(0, 0, 100, 200), text, pixels=14, wrap=False)
    assert "\n" not in laid.shown and laid.shortened


def test_a_badge_fits_its_text_and_wraps_within_a_width(qapp):
    image = QImage(400, 200, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    pill = paint_badge(painter, QPointF(200, 40), "Banker", pixels=13, fill=QColor("gold"))
    assert pill.size() == badge_size("Banker", 13)
    long = "Pungs it (fourth set on view)"
    narrow = paint_badge(painter, QPointF(200, 130), long, pixels=13, fill=QColor("gold"),
                         max_width=90)
    painter.end()
    assert narrow.width() == pytest.approx(90)
    assert narrow.height() > pill.height() * 1.5
    assert ink_outside(image, pill.united(narrow)) == 0


def test_lines_go_into_columns_when_the_box_is_low(qapp):
    lines = ["1 = Front tier (1st)", "2 = Middle tier (2nd)", "3 = Back tier (3rd)"]
    image = QImage(700, 60, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    box = QRectF(10, 10, 660, line_height(12) + 2)
    bounds = paint_lines(painter, box, lines, pixels=12)
    painter.end()
    assert len({round(b.center().y()) for b in bounds}) == 1  # side by side
    assert all(inside(b, box) for b in bounds)


def test_paragraphs_share_one_size_and_stay_in_the_box(qapp):
    texts = [TEXTS["pt"], TEXTS["en_short"], TEXTS["zh"]]
    image = QImage(300, 300, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    box = QRectF(10, 10, 160, 120)
    bounds = paint_paragraphs(painter, box, texts, pixels=16)
    painter.end()
    assert inside(bounds, box)
    assert ink_outside(image, box) == 0


def test_flow_wraps_and_keeps_buttons_right():
    places = flow([30, 30, 30, 20, 20], 0, 100, 10, 5, right_from=3)
    assert places[:3] == [(0, 10), (0, 45), (1, 0)]
    assert places[3][0] == places[4][0] == 1
    assert places[4][1] + 20 == pytest.approx(100)
