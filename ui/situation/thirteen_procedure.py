"""13-card game: a scene of table procedure (Art. 2 a–d, 3, 5) at the table.

The four places, the bettors written at the places they bet on (seated or standing), and in
the middle the facts of the scene: the cut, the dice, the banker's hand, the table clock.
Every fact is in the question's words too; nothing here is an answer to click.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

from i18n import _, format_money
from questions.thirteen.situations import ProcedureScene, known
from trainer.rules.thirteen.procedure import clock, minutes_and_seconds
from ui.drawing.text import paint_lines
from ui.situation.base import situation_of
from ui.situation.felt import INK
from ui.situation.table import paint_direction
from ui.situation.thirteen import PLACES, ThirteenTable


class ProcedureView(ThirteenTable):
    """The places with the bettors on them, and the scene's facts in the middle."""

    big_side, big_edge = 0.26, 0.3

    def _scene(self) -> ProcedureScene:
        return situation_of(self.question, ProcedureScene)

    def featured(self) -> set[int]:
        return {bettor.place for bettor in self._scene().bettors or ()}

    def paint_place_content(self, painter: QPainter, place: int, room: QRectF) -> None:
        lines = []
        for bettor in self._scene().bettors or ():
            if bettor.place != place:
                continue
            text = (_("{name}, {stake}, seated") if bettor.seated
                    else _("{name}, {stake}, standing"))
            lines.append(text.format(name=bettor.name,
                                     stake=format_money(Decimal(bettor.stake))))
        paint_lines(painter, room, lines, pixels=13 * self.unit(), colour=INK)

    def centre_height(self) -> float:
        return 60 * self.unit()

    def paint_centre(self, painter: QPainter, centre: QRectF) -> None:
        facts = self._facts()
        if facts:
            top = QRectF(centre.left(), centre.top(), centre.width(), centre.height() * 0.6)
            paint_lines(painter, top, facts, pixels=14 * self.unit(), bold=True, colour=INK)
            centre = centre.adjusted(0, top.height(), 0, 0)
        paint_direction(self, painter, centre)

    def _facts(self) -> list[str]:
        scene = self._scene()
        case = scene.case
        if case == "cut":
            hands = _("one hand") if scene.hands == 1 else _("both hands")
            return [_("Cut with the blank card"),
                    _("{cards} cards, {hands}").format(cards=scene.cards, hands=hands)]
        if case == "time":
            shown, finished = known(scene.shown_at), known(scene.finished_at)
            taken = minutes_and_seconds(finished - shown)
            return [_("Banker showed: {time}").format(time=clock(shown)),
                    _("Place {place} set: {time}").format(place=scene.place,
                                                          time=clock(finished)),
                    _("Time taken: {taken}").format(taken=taken)]
        if case == "bet_change":
            return [_("The dice have been shaken") if scene.after_dice
                    else _("The dice are not yet shaken")]
        if case == "looking":
            return [{"setting": _("The banker is setting his hand"),
                     "set": _("The banker has set his hand, not shown it"),
                     "shown": _("The banker has shown his hand")}[known(scene.banker_hand)]]
        if case == "reset":
            return [_("The banker has shown his hand"),
                    _("Every player has picked up his cards") if scene.picked_up
                    else _("No player has picked up his cards")]
        if case == "misplaced":
            return [_("The bet lies on place {lies}").format(lies=scene.lies_at),
                    _("Meant for place {meant}").format(meant=scene.meant)]
        return []


VIEWS = {"thirteen.procedure": ProcedureView}
__all__ = ["PLACES", "ProcedureView", "VIEWS"]
