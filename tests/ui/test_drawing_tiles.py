"""Mah-Jong and Mahjong Baccarat tiles: every kind paints, at any size, told apart in grey."""

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from ui.drawing.tiles import (
    BACCARAT_RATIO,
    BACCARAT_TILES,
    TILE_RATIO,
    TileWidget,
    all_tiles,
    describe_tile,
    paint_baccarat_tile,
    paint_tile,
    paint_tile_row,
)
from ui.language import LanguageSwitcher


def painted(tile, height, *, baccarat=False, face_up=True, grey=False):
    ratio = BACCARAT_RATIO if baccarat else TILE_RATIO
    image = QImage(int(height * ratio) + 4, int(height) + 4, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    rect = QRectF(2, 2, height * ratio, height)
    if baccarat:
        paint_baccarat_tile(painter, rect, tile, face_up=face_up)
    else:
        paint_tile(painter, rect, tile, face_up=face_up)
    painter.end()
    return image.convertToFormat(QImage.Format.Format_Grayscale8) if grey else image


def colours(image):
    return {image.pixel(x, y) for x in range(0, image.width(), 2)
            for y in range(0, image.height(), 2)}


def test_the_34_kinds_in_the_cores_notation(qapp):
    tiles = all_tiles()
    assert len(tiles) == len(set(tiles)) == 34
    assert tiles[:3] == ["1m", "2m", "3m"] and tiles[27:] == list("ESWNCFP")


@pytest.mark.parametrize("height", [24, 60, 180])
def test_every_tile_paints_a_face_at_any_size(qapp, height):
    for tile in all_tiles():
        assert len(colours(painted(tile, height))) > 6, tile
    back = painted(None, height)
    assert colours(back) != colours(painted("5p", height))


def test_the_34_faces_differ_in_greyscale(qapp):
    """Shape and characters, not only colour: no two kinds look alike printed in grey."""
    images = {tile: painted(tile, 90, grey=True) for tile in all_tiles()}
    as_bytes = {tile: bytes(image.constBits()) for tile, image in images.items()}
    assert len(set(as_bytes.values())) == 34
    # and the red and green dragons differ by more than a few pixels
    red, green = images["C"], images["F"]
    differing = sum(red.pixel(x, y) != green.pixel(x, y)
                    for x in range(red.width()) for y in range(red.height()))
    assert differing > red.width() * red.height() * 0.1


def test_the_simplified_set_is_drawn_with_the_same_tiles(qapp):
    from trainer.rules.mahjong.hands.tiles import Variant, tile_name

    simplified = [tile_name(index) for index in Variant.SIMPLIFIED.kinds]
    assert set(simplified) <= set(all_tiles())
    for tile in simplified:
        assert len(colours(painted(tile, 50))) > 6


def test_baccarat_tiles_paint_and_differ(qapp):
    images = [bytes(painted(tile, 100, baccarat=True, grey=True).constBits())
              for tile in BACCARAT_TILES]
    assert len(set(images)) == len(BACCARAT_TILES) == 10
    king = painted("K", 100, baccarat=True)
    assert king != painted("9", 100, baccarat=True)
    assert painted("R", 100, baccarat=True) == king  # "rei", the core's other name
    with pytest.raises(ValueError, match="not a Mahjong Baccarat tile: '10'"):
        painted("10", 100, baccarat=True)


def test_a_tile_not_in_the_notation_is_refused(qapp):
    with pytest.raises(ValueError, match="not a Mah-Jong tile: '0m'"):
        painted("0m", 50)


def test_a_row_fits_its_box(qapp):
    image = QImage(400, 60, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    box = QRectF(0, 0, 400, 60)
    rects = paint_tile_row(painter, box, all_tiles()[:14])
    painter.end()
    assert len(rects) == 14
    assert all(box.contains(rect) for rect in rects)
    assert all(rect.width() / rect.height() == pytest.approx(TILE_RATIO) for rect in rects)


def test_tile_widget_keeps_its_shape_and_names_itself(qtbot, qapp):
    widget = TileWidget("C")
    qtbot.addWidget(widget)
    assert widget.hasHeightForWidth()
    assert widget.heightForWidth(74) == 100
    assert widget.accessibleName() == describe_tile("C") == "Red dragon"
    widget.set_tile("3s")
    assert widget.accessibleName() == "3 of bamboos"
    widget.set_tile("3s", face_up=False)
    assert widget.accessibleName() == "a tile face down"
    baccarat = TileWidget("K", baccarat=True)
    qtbot.addWidget(baccarat)
    assert baccarat.heightForWidth(56) == 100
    assert "K" in baccarat.accessibleName()


def test_tile_widget_retranslates(qtbot, qapp):
    widget = TileWidget("E")
    qtbot.addWidget(widget)
    widget.show()
    switcher = LanguageSwitcher(qapp)
    try:
        for language in ("pt_MO", "zh_Hant_MO", "en"):
            switcher.switch(language)
            assert widget.accessibleName()
            assert not widget.grab().isNull()
    finally:
        switcher.switch("en")


def test_tile_sheets_saved(qapp, screenshot_dir):
    """All 34 tiles, the back and the ten Mahjong Baccarat tiles, in colour and in grey."""
    for height, suffix in ((96, ""), (32, "-small")):
        width = height * TILE_RATIO
        image = QImage(int(9 * (width + 6) + 20), int(5 * (height + 6) + height * 1.4 + 30),
                       QImage.Format.Format_ARGB32)
        image.fill(QColor("#2b5d45"))
        painter = QPainter(image)
        for index, tile in enumerate([*all_tiles(), None]):
            row, column = divmod(index, 9)
            paint_tile(painter, QRectF(10 + column * (width + 6), 10 + row * (height + 6),
                                       width, height), tile)
        tall = height * 1.3
        for index, tile in enumerate(BACCARAT_TILES):
            paint_baccarat_tile(painter, QRectF(10 + index * (tall * BACCARAT_RATIO + 6),
                                                20 + 4 * (height + 6), tall * BACCARAT_RATIO,
                                                tall), tile)
        painter.end()
        assert image.save(str(screenshot_dir / f"tiles{suffix}.png"))
        grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
        assert grey.save(str(screenshot_dir / f"tiles{suffix}-grey.png"))
