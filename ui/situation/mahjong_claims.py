"""The calls on a discard as the croupier rules them, and what one player may do with it.

Both draw the table of :class:`~ui.situation.mahjong_seats.Claim` without its claim buttons:
these questions are answered in the form below the table (a ruling with its reasons; a set
of claims). The calls are tags at the seats that make them; the player asked about is
ringed, the others' tiles face down.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QColor

from i18n import _
from questions.mahjong.situation import DiscardAsked, DiscardCalled, TileHand
from ui.palette import swatch
from ui.situation.base import situation_of
from ui.situation.mahjong_claimed import claimed_block
from ui.situation.mahjong_seats import Block, Claim

CALL_TAG = swatch("tag_call")


class ClaimCalls(Claim):
    """The calls on a discard: every hand, the bars, and each player's call as a tag; the
    ruling is answered in the form below the table."""

    def dealt(self) -> DiscardCalled:
        return situation_of(self.question, DiscardCalled)

    def seat_tags(self, seat: str) -> list[tuple[str, QColor]]:
        call = self.dealt().calls.get(seat)
        called = [] if call is None else [(self.call_words(call), CALL_TAG)]
        return super().seat_tags(seat) + called

    def call_words(self, kind: str) -> str:
        return {"win": _("Calls a win"), "kong": _("Calls kong"), "pung": _("Calls pung"),
                "chow": _("Calls chow")}[kind]

    def header_buttons(self, seat: str) -> list[tuple[str, Any]]:
        return []

    def under_discard(self, width: float) -> list[Block]:
        return claimed_block(self.dealt(), self.expected, self.unit()) \
            if self.answered else []


class ClaimOptions(Claim):
    """What one player may do with the discard: his hand (the others face down) and his bars;
    the claims are answered in the form below the table."""

    def dealt(self) -> DiscardAsked:
        return situation_of(self.question, DiscardAsked)

    def asked_seat(self) -> str | None:
        return self.dealt().seat

    def hand(self, seat: str) -> TileHand | None:
        return super().hand(seat) if seat == self.asked_seat() else None

    def header_buttons(self, seat: str) -> list[tuple[str, Any]]:
        return []

    def under_discard(self, width: float) -> list[Block]:
        return []


VIEWS = {"mahjong.claim_calls": ClaimCalls, "mahjong.claim_options": ClaimOptions}
