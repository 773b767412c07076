"""Mah-Jong table conduct: the scene drawn at the table with its four seats.

The player the scene is about is rimmed and tagged with what he did (discards and asks it
back, withdrew a pung call, saw another's tiles, chows, lays a pung open wrongly, declares a
win, wins); the other player involved is rimmed too, and a discard lies in the middle with
its line from the discarder. Seats absent from a simplified table of 2 or 3 say so. Nothing
here is clicked: the ruling and its reasons are answered beside the table.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter

from i18n import _, format_money
from questions.mahjong.situation import SceneAtTable, TileHand
from questions.situation import present
from trainer.rules.mahjong import Variant
from trainer.rules.mahjong.play.conduct import KongKind
from trainer.rules.mahjong.play.games import Start
from ui.drawing.text import paint_badge
from ui.situation import mahjong_canvas as canvas
from ui.situation.base import situation_of
from ui.situation.mahjong_hands import wind_name
from ui.situation.mahjong_seats import TAG, SeatsTable


class Conduct(SeatsTable):
    """A scene of table conduct (``mahjong.conduct``)."""

    def dealt(self) -> SceneAtTable:
        return situation_of(self.question, SceneAtTable)

    def scene(self) -> str:
        return self.dealt().scene

    def variant(self) -> Variant:
        return self.dealt().variant

    def banker(self) -> str:
        return self.dealt().banker

    def players(self) -> tuple[str, ...] | None:
        return self.dealt().players

    def seat_value(self, seat: str) -> Any:
        return None  # the answer is a ruling, not a seat

    def hand(self, seat: str) -> TileHand | None:
        s = self.dealt()
        if self.scene() == "false_win" and seat == s.seat:
            return TileHand(present(s.tiles), ())
        return None

    def seat_mark(self, seat: str) -> QColor | None:
        s = self.dealt()
        if seat == s.seat or (self.scene() == "bank" and seat == s.winner):
            return canvas.BANKER
        discard = self.discard()
        if (discard is not None and seat == discard[0]) or (
                self.scene() == "kong" and seat == s.other):
            return canvas.FOCUS
        return None

    def seat_tags(self, seat: str) -> list[tuple[str, QColor]]:
        if not self.present(seat):
            return [(_("Not at the table"), TAG)]
        s = self.dealt()
        if self.scene() == "bank":
            return [(_("Wins"), canvas.BANKER)] if seat == s.winner else []
        if seat != s.seat:
            if seat == s.other and self.scene() == "kong":
                return [(_("His tiles were seen"), TAG)]
            return []
        return [(text, canvas.BANKER) for text in self.actor_tags()]

    def actor_tags(self) -> list[str]:
        s, scene = self.dealt(), self.scene()
        earlier = (s.withdrew or s.saw) == "earlier"
        when = _("in the previous game") if earlier else _("earlier in this game")
        if scene == "take_back":
            return [_("Asks to take back his discard")]
        if scene == "win":
            return [_("Withdrew a pung call {when}").format(when=when), _("Declares a win")]
        if scene == "kong":
            return [_("Saw another's tiles {when}").format(when=when), _("Wants a kong")]
        if scene == "chow":
            return [_("Chows")]
        if scene == "exposure":
            return [_("Pungs, wrong tiles laid open")]
        if scene == "false_win":
            return [_("Declares a win")]
        return [_("Wins")]

    def discard(self) -> tuple[str, str] | None:
        s, scene = self.dealt(), self.scene()
        if scene == "take_back":
            return present(s.seat), present(s.tile)
        if scene in ("chow", "exposure") or (scene == "kong" and s.kind is KongKind.OPEN):
            return present(s.discarder), present(s.tile)
        if scene == "win" and not s.self_drawn:
            return present(s.discarder), present(s.winning)
        if scene == "first_win" and s.start not in (Start.DEALT, Start.FIRST_DRAW):
            start = present(s.start)
            discarder = "E" if start.startswith("banker") else present(s.discarder)
            return discarder, present(s.tile)
        return None

    def corner_lines(self) -> list[str]:
        lines = super().corner_lines()
        s = self.dealt()
        if self.scene() == "bank":
            lines.append(_("{wind} round, game {game} of 4").format(
                wind=wind_name(present(s.round)), game=(present(s.game) - 1) % 4 + 1))
        return lines

    def paint_centre(self, painter: QPainter, box: QRectF, table: QRectF) -> None:
        if self.discard() is not None:
            super().paint_centre(painter, box, table)
            return
        s = self.dealt()
        text = {"capital": lambda: _("Capital in play: {amount}").format(
                    amount=format_money(present(s.capital))),
                "bank": lambda: _("Nobody wins") if s.winner is None else "",
                }.get(self.scene(), lambda: "")()
        if text:
            paint_badge(painter, box.center(), text, pixels=self.unit() * 1.5,
                        fill=canvas.NOTE, max_width=box.width())

    def describe(self) -> str:
        return _("Mah-Jong table: East (banker) at the bottom, South at his right, West "
                 "opposite, North at his left. The player the question is about is marked.")


VIEWS = {"mahjong.conduct": Conduct}
