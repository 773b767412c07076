"""The 13-card table of a round, drawn from the engine's view of it at the current step
(:func:`trainer.rounds.thirteen.view.table_view`).

The quiz's 13-card table (:class:`ui.situation.thirteen.ThirteenTable`) draws the four
places counterclockwise, the banker at the bottom; this one says what to draw from the
round: each place's bet until it has cards, the cards dealt face down (a card turned up in
the deal face up), the banker's hand once set and each place's once shown, and under them
the tiers won, who wins the place and the money paid, collected or pushed; in the middle
the dice once shaken. Every place can be clicked (``optionPicked`` with its number).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QKeyEvent, QPainter
from PySide6.QtWidgets import QWidget

import i18n
from i18n import N_, Message, _, format_money
from questions import AnswerForm, AnswerKind, Option, Question
from questions.thirteen.situations import Table
from trainer.rounds.thirteen.view import ThirteenView
from trainer.rules.cards import format_cards
from trainer.rules.table import BANKER_PLACE
from trainer.rules.thirteen import Tier
from trainer.rules.thirteen.dealing import PLACES
from ui.drawing.text import paint_lines
from ui.rounds.pictures import Pictures, repaint_changed
from ui.situation.felt import INK
from ui.situation.mahjong_canvas import note_box, note_height
from ui.situation.table import paint_arrangement, paint_direction, paint_hand
from ui.situation.thirteen import ThirteenTable, paint_dice

#: The most lines of what happened at a place shown under its cards (the latest).
NOTE_LINES = 2


def _places_to_pick() -> Question:
    """What the quiz's table is drawn from, for a round: four places, the banker at place 1,
    every place an option, so that each can be clicked."""
    return Question("thirteen.round", 0, 1, Table(PLACES, BANKER_PLACE),
                    Message.of(N_("Choose a place")),
                    AnswerForm(AnswerKind.CHOICE, tuple(
                        Option(place, Message.of(N_("Place {place}"), place=place))
                        for place in range(1, PLACES + 1))))


class ThirteenRoundTable(ThirteenTable):
    big_side, big_edge = 0.3, 0.4

    def __init__(self, view: ThirteenView, parent: QWidget | None = None):
        self.view = view
        self.chosen: int | None = None
        #: Each place's cards and notes, by what they show: a step redraws the places it
        #: changed and copies the others.
        self._pictures = Pictures()
        super().__init__(_places_to_pick(), parent)

    def retranslate(self) -> None:
        self.setAccessibleName(self.describe())
        self.update()

    def show_view(self, view: ThirteenView, chosen: int | None = None) -> None:
        """Show ``view``: only the places and the centre it changes are painted again."""
        before = self._parts()
        self.view, self.chosen = view, chosen
        layout, margin = self.layout(), 3 * self.unit()
        repaint_changed(self, before, self._parts(), lambda part: (
            layout.centre if part == "centre" else layout.frames[int(part)]).adjusted(
                -margin, -margin, margin, margin))

    def _parts(self) -> dict[int | str, tuple[object, ...]]:
        """What each place and the centre show (their pictures are kept by it)."""
        return {**{place: self._shows(place) for place in range(1, PLACES + 1)},
                "centre": (self.view.dice,)}

    def _shows(self, place: int) -> tuple[object, ...]:
        view = self.view
        return (place == self.place, tuple(self.notes(place)), view.shown.get(place),
                view.dealt.get(place), view.exposed.get(place), view.bets.get(place))

    @property
    def place(self) -> int | None:
        return self.chosen

    def featured(self) -> set[int]:
        return set(range(1, PLACES + 1))

    def place_value(self, place: int) -> int:
        return place

    def place_centre(self, place: int) -> QPointF:
        """Where a click names ``place``."""
        return self.layout().frames[place].center()

    def paint_felt(self, painter: QPainter) -> None:
        """The rail and the felt, from their picture while the size is the same."""
        self._pictures.draw(painter, "felt", QRectF(self.rect()), self.unit(),
                            super().paint_felt)

    def paint_whole_place(self, painter: QPainter, place: int, frame: QRectF,
                          featured: bool) -> None:
        """The place — its frame, name, cards and notes — from its picture while it shows
        the same (its frame's line reaches a little past it)."""
        shows = (self.unit(), i18n.current_language(), featured, *self._shows(place))
        margin = 3 * self.unit()
        self._pictures.draw(painter, place, frame.adjusted(-margin, -margin, margin, margin),
                            shows, lambda on: super(ThirteenRoundTable, self).paint_whole_place(
                                on, place, frame, featured))

    def paint_place_content(self, painter: QPainter, place: int, room: QRectF) -> None:
        notes = self.notes(place)
        pixels = 12 * self.unit()
        high = min(note_height(notes, room.width(), pixels=pixels), room.height() * 0.45) \
            if notes else 0.0
        cards = room.adjusted(0, 0, 0, -high)
        view = self.view
        if place in view.shown:
            setting = view.shown[place]
            paint_arrangement(self, painter, cards,
                              {tier.value: format_cards(list(setting.tier(tier)))
                               for tier in Tier})
        elif place in view.dealt:
            exposed = view.exposed.get(place)
            count = view.dealt[place]
            shown: list[str | None] = [None] * count
            face_up = [False] * count
            if exposed is not None:
                shown[0], face_up[0] = str(exposed), True
            paint_hand(painter, cards, shown, face_up=face_up, overlap=0.7)
        elif place in view.bets:
            bet = view.bets[place]
            lines = [_("Bet {stake}").format(stake=format_money(bet.stake)),
                     _("In terms of {points} points").format(points=bet.terms)]
            if not bet.seated:
                lines.append(_("The bettor stands"))
            paint_lines(painter, cards, lines, pixels=14 * self.unit(), colour=INK)
        if notes:
            note_box(painter, QRectF(room.left(), room.bottom() - high, room.width(), high),
                     notes, pixels=pixels)

    def notes(self, place: int) -> list[str]:
        """What happened at ``place``, a line each: the call asked for, who shakes, the
        tiers and the place ruled, the money."""
        view, notes = self.view, list[str]()
        if place == view.asking:
            notes.append(_("Needs a ruling"))
        if place == view.shaker and view.first is None:
            notes.append(_("Shakes the dice"))
        tiers = view.tiers.get(place)
        if tiers and place not in view.rulings:
            notes.append(" · ".join(_("{tier}: {winner}").format(
                tier=str(Tier(tier).label), winner=_winner(winner))
                for tier, winner in tiers.items()))
        ruling = view.rulings.get(place)
        settled = view.settled.get(place)
        said = [] if ruling is None else [_winner_at(ruling)]
        if settled is not None:
            said.append(_("Paid {amount}").format(amount=format_money(settled)) if settled > 0
                        else _("Collected {amount}").format(amount=format_money(-settled)))
        elif place in view.pushed:
            said.append(_("Pushed"))
        if said:
            notes.append(" · ".join(said))
        return notes[-NOTE_LINES:]

    def paint_centre(self, painter: QPainter, centre: QRectF) -> None:
        """The dice once shaken and the way of deal, from their picture."""
        self._pictures.draw(painter, "centre", centre,
                            (self.unit(), i18n.current_language(), self.view.dice),
                            lambda on: self._paint_centre(on, centre))

    def _paint_centre(self, painter: QPainter, centre: QRectF) -> None:
        if self.view.dice is None:
            paint_direction(self, painter, centre)
            return
        dice = QRectF(centre.left(), centre.top(), centre.width() * 0.7, centre.height())
        paint_dice(painter, dice.adjusted(0, centre.height() * 0.2, 0, -centre.height() * 0.2),
                   self.view.dice)
        paint_direction(self, painter, QRectF(dice.right(), centre.top(),
                                              centre.width() * 0.3, centre.height()))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        """Every key is the round screen's (Enter confirms the action, digits name a
        place), not the quiz's picking of a place by arrows and Enter."""
        event.ignore()

    def describe(self) -> str:
        return _("13-card game table: four places counterclockwise, the banker at place "
                 "{place}; click a place to name it in an action.").format(place=BANKER_PLACE)


def _winner(winner: str) -> str:
    return {"player": _("player"), "banker": _("banker")}.get(winner, _("tie"))


def _winner_at(ruling: str) -> str:
    return {"player": _("Player wins"), "banker": _("Banker wins")}.get(ruling, _("Tie"))
