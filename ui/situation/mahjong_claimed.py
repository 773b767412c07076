"""The model answer of a claim on a discard, drawn once answered: the set the granted call
lays open with the discard (the run, the pung, the kong, or the set a win completes)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

from i18n import _
from questions.mahjong.claims.claim_words import model_set
from questions.mahjong.situation import Discard
from ui.drawing.text import fit_text
from ui.drawing.tiles import paint_tile_row
from ui.palette import swatch
from ui.situation import mahjong_canvas as canvas
from ui.situation.mahjong_hands import wind_name

Block = tuple[float, Callable[[QPainter, QRectF], None]]


def caption(seat: str, kind: str) -> str:
    words = {"win": _("{seat} wins with"), "kong": _("{seat}'s open kong"),
             "pung": _("{seat}'s pung"), "chow": _("{seat}'s chow")}[kind]
    return words.format(seat=wind_name(seat))


def claimed_block(situation: Discard, expected: Any, unit: float) -> list[Block]:
    """The granted call's words and tiles, or nothing (nobody takes it, not answered)."""
    try:
        found = model_set(situation, expected)
    except (KeyError, ValueError):
        return []
    if found is None:
        return []
    seat, kind, tiles = found
    words = caption(seat.value, kind.value)
    height = unit * 2 + unit * 4.2

    def paint(painter: QPainter, room: QRectF) -> None:
        fit_text(painter, QRectF(room.left(), room.top(), room.width(), unit * 2), words,
                 pixels=unit * 1.3, colour=swatch("felt_ink"), bold=True)
        row = QRectF(room.left(), room.top() + unit * 2.2, room.width(), unit * 4)
        discard = situation.discard
        at = tiles.index(discard)
        paint_tile_row(painter, row, tiles, highlights={at: canvas.FOCUS})

    return [(height, paint)]
