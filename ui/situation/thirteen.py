"""The 13-card game's situations drawn at the table (Portaria 51/89/M).

Every view but :class:`RankHandsView` is the table from above with the four places in
counterclockwise order, the banker at the bottom. The places that matter to the
question get their cards; where a place (or the player's or banker's side) is itself
an answer, clicking it picks that answer.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter

from i18n import _
from questions.thirteen.situations import (
    BankerHand,
    FirstCard,
    PlaceHand,
    ProcedureScene,
    SetHand,
    SetHands,
    Table,
    TierHands,
    TierShown,
)
from trainer.rules.table import first_seat
from ui.drawing.cards import CARD_RATIO, paint_card_row
from ui.drawing.text import fit_text, line_height, paint_badge, paint_lines, text_height
from ui.situation.base import situation_of
from ui.situation.felt import DARK_INK, GOLD, INK, FeltView, Spot
from ui.situation.table import (
    TIERS,
    TableLayout,
    paint_arrangement,
    paint_direction,
    paint_hand,
    paint_place,
    place_name,
    table_layout,
    tier_legend,
)
from ui.widgets import accessible_parts as parts
from ui.widgets.dice import DiceWidget

PLACES = (1, 2, 3, 4)


def tier_name(tier: str) -> str:
    return {"front": _("Front tier (1st)"), "middle": _("Middle tier (2nd)"),
            "back": _("Back tier (3rd)")}[tier]


def paint_dice(painter: QPainter, box: QRectF, faces: Sequence[int]) -> None:
    """Dice in a row centred in ``box``."""
    count = len(faces)
    if not count:
        return
    side = min(box.height(), box.width() / (count + (count - 1) * 0.25))
    x = box.center().x() - (count * side + (count - 1) * side * 0.25) / 2
    for face in faces:
        DiceWidget._paint_die(painter, QRectF(x, box.center().y() - side / 2, side, side), face)
        x += side * 1.25


def tiers_of(hand: SetHand) -> dict[str, str]:
    """A set hand as drawn: each tier's cards by the tier's name."""
    return dataclasses.asdict(hand)


class ThirteenTable(FeltView):
    """The table with its four places; subclasses say which places show what."""

    #: How much of the table a place with cards takes (side width, top/bottom height).
    big_side, big_edge = 0.28, 0.42

    @property
    def banker(self) -> int:
        situation = self.question.situation
        return situation.banker if isinstance(situation, Table) else 1

    @property
    def place(self) -> int | None:
        """The place the question is about (None: the table as a whole)."""
        situation = self.question.situation
        if isinstance(situation, PlaceHand | TierShown | SetHands | ProcedureScene):
            return situation.place
        return None

    def featured(self) -> set[int]:
        """The places with something to show."""
        return set()

    def place_value(self, place: int) -> Any:
        """The answer option that clicking ``place`` picks (None: not an answer)."""
        return None

    def paint_place_content(self, painter: QPainter, place: int, room: QRectF) -> None:
        """Cards and chips inside place ``place``."""

    def paint_centre(self, painter: QPainter, centre: QRectF) -> None:
        paint_direction(self, painter, centre)

    def table_area(self) -> QRectF:
        """Where the table is drawn (all of the view unless a subclass needs room)."""
        return self.area()

    def centre_height(self) -> float:
        """The least height the middle of the table needs for its words."""
        return 0.0

    # Shadows QWidget.layout(): this view has no Qt layout (it paints), and Qt never asks it.
    def layout(self) -> TableLayout:  # type: ignore[override]
        return table_layout(self.table_area(), self.featured(), big_side=self.big_side,
                            big_edge=self.big_edge, centre_height=self.centre_height())

    def spots(self) -> list[Spot]:
        frames = self.layout().frames
        return [Spot(frames[place], self.place_value(place), place_name(place, self.banker))
                for place in PLACES if self.place_value(place) is not None]

    def paint_situation(self, painter: QPainter, area: QRectF) -> None:
        self.paint_table(painter)

    def paint_table(self, painter: QPainter) -> None:
        layout = self.layout()
        featured = self.featured()
        for place in PLACES:
            self.paint_whole_place(painter, place, layout.frames[place], place in featured)
        self.paint_centre(painter, layout.centre)

    def paint_whole_place(self, painter: QPainter, place: int, frame: QRectF,
                          featured: bool) -> None:
        """A place's frame and name, and what is in it when it is ``featured``."""
        if parts.recording():
            parts.note(painter, parts.Role.Grouping, place_name(place, self.banker), frame,
                       value=self.place_value(place),
                       description=_("The place the question is about")
                       if place == self.place else "")
        room = paint_place(self, painter, frame, place, banker=self.banker,
                           in_question=place == self.place)
        if featured:
            self.paint_place_content(painter, place, room)

    def centre_caption(self, painter: QPainter, centre: QRectF, text: str,
                       share: float = 0.3) -> QRectF:
        """A caption along the top of the centre (``share`` of it, more if its words need
        it); returns the room left below it."""
        pixels = 15 * self.unit()
        height = min(max(centre.height() * share,
                         text_height(text, centre.width(), pixels=pixels, bold=True)),
                     centre.height() * 0.7)
        caption = QRectF(centre.left(), centre.top(), centre.width(), height)
        fit_text(painter, caption, text, pixels=pixels, bold=True, colour=INK)
        return centre.adjusted(0, caption.height(), 0, 0)


class FirstSeatView(ThirteenTable):
    """The dice shaken and the card asked about; every place is clickable."""

    big_side, big_edge = 0.2, 0.26

    def featured(self) -> set[int]:
        return set(PLACES)

    def place_value(self, place: int) -> Any:
        return place

    def counts(self, place: int) -> list[int]:
        """The numbers the count of the dice total says at ``place``: the banker is 1, then
        counterclockwise round the table as often as needed (Art. 2 b)."""
        situation = situation_of(self.question, FirstCard)
        return [k for k in range(1, sum(situation.dice) + 1)
                if first_seat(k, situation.places) == place]

    def paint_place_content(self, painter: QPainter, place: int, room: QRectF) -> None:
        if not self._answered:
            fit_text(painter, room, str(place), pixels=40 * self.unit(), bold=True, colour=INK)
            return
        # The verdict: the count around the table, written at each place it passes.
        top = QRectF(room.left(), room.top(), room.width(), room.height() * 0.55)
        fit_text(painter, top, str(place), pixels=34 * self.unit(), bold=True, colour=INK)
        said = self.counts(place)
        if said:
            total = sum(situation_of(self.question, FirstCard).dice)
            text = " · ".join(f"[{k}]" if k == total else str(k) for k in said)
            fit_text(painter, QRectF(room.left(), top.bottom(), room.width(),
                                     room.height() - top.height()),
                     _("count: {numbers}").format(numbers=text), pixels=14 * self.unit(),
                     bold=said[-1] == total, colour=INK)

    def paint_centre(self, painter: QPainter, centre: QRectF) -> None:
        situation = situation_of(self.question, FirstCard)
        rest = self.centre_caption(painter, centre, _("Card number {card} of the deal").format(
            card=situation.card))
        dice_box = QRectF(rest.left(), rest.top(), rest.width() * 0.7, rest.height())
        paint_dice(painter, dice_box.adjusted(0, rest.height() * 0.1, 0, -rest.height() * 0.1),
                   situation.dice)
        paint_direction(self, painter, QRectF(dice_box.right(), rest.top(),
                                              rest.width() * 0.3, rest.height()))


class TierWinnerView(ThirteenTable):
    """One tier of the player and of the banker; click the side that wins it."""

    def featured(self) -> set[int]:
        return {self.banker, self.place or 2}

    def place_value(self, place: int) -> Any:
        if place == self.banker:
            return "banker"
        return "player" if place == self.place else None

    def paint_place_content(self, painter: QPainter, place: int, room: QRectF) -> None:
        cards = situation_of(self.question, TierShown).hands[str(place)].split()
        margin = room.height() * 0.04
        paint_card_row(painter, room.adjusted(0, margin, 0, -margin), cards, max_overlap=0)

    def paint_centre(self, painter: QPainter, centre: QRectF) -> None:
        tier = situation_of(self.question, TierShown).tier
        rest = self.centre_caption(painter, centre, tier_name(tier), share=0.4)
        paint_direction(self, painter, rest)


class ArrangementTable(ThirteenTable):
    """Places showing hands set in three tiers (``arrangements``)."""

    def featured(self) -> set[int]:
        return {int(place) for place in situation_of(self.question, SetHands).arrangements}

    def paint_place_content(self, painter: QPainter, place: int, room: QRectF) -> None:
        paint_arrangement(self, painter, room,
                          tiers_of(situation_of(self.question, SetHands).arrangements[str(place)]))

    def centre_height(self) -> float:
        return line_height(12 * self.unit(), lines=2)

    def paint_centre(self, painter: QPainter, centre: QRectF) -> None:
        legend = QRectF(centre.left(), centre.top(), centre.width(),
                        max(centre.height() * 0.45, min(centre.height(), self.centre_height())))
        paint_lines(painter, legend, tier_legend(), pixels=12 * self.unit(), colour=INK)
        paint_direction(self, painter, centre.adjusted(0, legend.height(), 0, 0))


class FoulView(ArrangementTable):
    """One place's hand as set: front, middle and back tiers."""


class ShowdownView(ArrangementTable):
    """The player's and the banker's hands side by side for the showdown."""


class NaturalView(ThirteenTable):
    """The 13 cards of one place."""

    def featured(self) -> set[int]:
        return {self.place or self.banker}

    def paint_place_content(self, painter: QPainter, place: int, room: QRectF) -> None:
        situation = self.question.situation
        if not isinstance(situation, PlaceHand | BankerHand):
            raise TypeError(f"{type(self).__name__} draws a place's 13 cards")
        cards: list[str | None] = [*situation.hands[str(place)].split()]
        paint_hand(painter, room, cards)


class HouseWayView(NaturalView):
    """The banker's 13 dealt cards, to be set by the house way."""

    big_edge = 0.55

    def featured(self) -> set[int]:
        return {self.banker}

    def house_way(self) -> dict[str, str] | None:
        """Once answered, the house way's setting of the banker's cards (None before, or
        when the cards are a natural and are not set)."""
        expected = self._expected
        if not self._answered or not isinstance(expected, dict) or expected.get("natural"):
            return None
        return {tier: " ".join(expected[tier]) for tier in TIERS}

    def paint_place_content(self, painter: QPainter, place: int, room: QRectF) -> None:
        setting = self.house_way()
        if setting is None:
            super().paint_place_content(painter, place, room)
        else:  # the model answer drawn where the cards lie: the house way's three tiers
            paint_arrangement(self, painter, room, setting)


class RankHandsView(FeltView):
    """Hands A–D of one tier, each clickable (it picks that hand, for the ordering)."""

    def _hands(self) -> dict[str, str]:
        return dict(situation_of(self.question, TierHands).tier_hands)

    def _boxes(self) -> tuple[QRectF, dict[str, QRectF]]:
        area = self.area()
        unit = self.unit()
        caption = QRectF(area.left(), area.top(), area.width(), 34 * unit)
        body = area.adjusted(10 * unit, caption.height() + 6 * unit, -10 * unit, -6 * unit)
        names = sorted(self._hands())
        size = max(len(self._hands()[name].split()) for name in names)
        best_cols, best = 1, 0.0
        for cols in range(1, len(names) + 1):
            rows = math.ceil(len(names) / cols)
            cell_w = body.width() / cols
            cell_h = body.height() / rows - 28 * unit
            card_h = min(cell_h, (cell_w - 24 * unit) / (size * 1.08) / CARD_RATIO)
            if card_h > best:
                best_cols, best = cols, card_h
        rows = math.ceil(len(names) / best_cols)
        cell_w, cell_h = body.width() / best_cols, body.height() / rows
        boxes = {name: QRectF(body.left() + (i % best_cols) * cell_w + 6 * unit,
                              body.top() + (i // best_cols) * cell_h + 4 * unit,
                              cell_w - 12 * unit, cell_h - 8 * unit)
                 for i, name in enumerate(names)}
        return caption, boxes

    def spots(self) -> list[Spot]:
        return [Spot(box, name, _("Hand {name}").format(name=name))
                for name, box in self._boxes()[1].items()]

    def paint_situation(self, painter: QPainter, area: QRectF) -> None:
        caption, boxes = self._boxes()
        unit = self.unit()
        fit_text(painter, caption, tier_name(situation_of(self.question, TierHands).tier),
                 pixels=18 * unit, bold=True, colour=INK)
        for name, box in boxes.items():
            painter.save()
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self.palette().base().color().fromRgb(255, 255, 255, 22))
            painter.drawRoundedRect(box, 10 * unit, 10 * unit)
            painter.restore()
            paint_badge(painter, QPointF(box.center().x(), box.top() + 14 * unit),
                        _("Hand {name}").format(name=name), pixels=14 * unit, fill=GOLD,
                        ink=DARK_INK)
            cards = QRectF(box.left() + 8 * unit, box.top() + 30 * unit,
                           box.width() - 16 * unit, box.height() - 36 * unit)
            paint_card_row(painter, cards, self._hands()[name].split(), max_overlap=0)


VIEWS: dict[str, type[FeltView]] = {
    "thirteen.first_seat": FirstSeatView,
    "thirteen.rank_hands": RankHandsView,
    "thirteen.tier_winner": TierWinnerView,
    "thirteen.foul": FoulView,
    "thirteen.natural": NaturalView,
    "thirteen.showdown": ShowdownView,
    "thirteen.house_way": HouseWayView,
}
