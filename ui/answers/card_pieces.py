"""Cards the trainee picks up and puts down: for misdeal moves and the banker's tiers.

A :class:`CardPiece` is a drawn card (``ui.drawing.cards.CardWidget``), perhaps captioned,
that takes the keyboard focus (lit blue) and can be carried by the mouse. A
:class:`CardRow` is a titled row of pieces that is also where carried cards are dropped;
when its cards do not fit side by side they overlap like a hand held (:class:`CardFan`),
each card's corner — its rank and suit — left in sight.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QColor, QFocusEvent, QFont, QFontMetrics, QPainter, QPen, QResizeEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ui.answers.common import SELECTED
from ui.drawing.cards import CARD_RATIO, CardWidget, card_name
from ui.palette import swatch
from ui.widgets.acting import Acting

#: A card's height in lines of text: big enough to read "10♦" at a glance, small enough
#: that four rows of cards fit under the table. Wider controls get bigger cards, up to
#: GROWTH times this, at one card height per WIDTH_SHARE of the control's width.
CARD_LINES = 3.6
#: The least height of a card in an answer control (48 × 68 at 100 %): big enough to read.
MIN_CARD_HEIGHT = 68
GROWTH = 1.6
WIDTH_SHARE = 26
#: The share of a card's width left in sight when cards overlap: at ease, and at the least
#: (the rank and suit in the corner take its first quarter).
IN_SIGHT = 0.45
LEAST_IN_SIGHT = 0.27
GAP = 4


def align_titles(rows: list[CardRow], limit: int) -> None:
    """Give every row's title the same width, so their cards start in one column."""
    width = min(max(row.title_width() for row in rows) + 8, limit)
    for row in rows:
        row.set_title_width(width)


def card_height(widget: QWidget, width: int | None = None, share: float = WIDTH_SHARE) -> int:
    """The height of a card in ``widget`` when it is ``width`` wide (the least if None),
    one card height for each ``share`` of the width."""
    least = max(MIN_CARD_HEIGHT, CARD_LINES * widget.fontMetrics().height())
    if width is None:
        return round(least)
    return round(max(least, min(width / share, least * GROWTH)))


def card_size(height: int) -> QSize:
    return QSize(round(height * CARD_RATIO), height)


def fit_cards(rows: list[CardRow], width: int, share: float = WIDTH_SHARE) -> None:
    """Size the cards of ``rows`` for a control ``width`` wide (called on resizing)."""
    if rows:
        height = card_height(rows[0], width, share)
        for row in rows:
            row.set_card_height(height)


class CardPiece(Acting, QWidget):
    """One card that can be selected, carried, and marked (moved, right, wrong), with a
    small caption under it (its number in the deal). Where it can be sent is offered to
    assistive technologies as its actions (:attr:`offered`, set by its control)."""

    def __init__(self, card: str, caption: str = "", parent: QWidget | None = None):
        super().__init__(parent)
        self.card = card
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.face = CardWidget(card)
        self.face.setFixedSize(card_size(card_height(self)))
        self._caption = caption
        self.caption = QLabel(caption)
        self.caption.setObjectName("cardCaption")
        self.caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.caption.setVisible(bool(caption))
        for child in (self.face, self.caption):
            child.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.face, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.caption)
        self._mark: QColor | None = None
        self.retranslate()

    def retranslate(self) -> None:
        self.setAccessibleName(card_name(self.card))
        self.face.retranslate()

    def set_mark(self, colour: QColor | None, sign: str = "") -> None:
        """The ring round the card when it does not have the focus (moved, right, wrong),
        and a verdict's ``sign`` (✔, ✘) before the caption: shape as well as colour."""
        self._mark = colour
        self.caption.setText(f"{sign} {self._caption}".strip())
        self.caption.setVisible(bool(self.caption.text()))
        self._show_ring()

    def set_height(self, height: int) -> None:
        if self.face.height() != height:
            self.face.setFixedSize(card_size(height))

    def set_overlapped(self, overlapped: bool) -> None:
        """Under the next card only the left of this one shows: its caption goes there."""
        self.caption.setAlignment(Qt.AlignmentFlag.AlignLeft if overlapped
                                  else Qt.AlignmentFlag.AlignCenter)
        self.caption.setIndent(round(self.face.width() * 0.06) if overlapped else -1)

    def set_selectable(self, selectable: bool) -> None:
        """Whether the keyboard can select the card (not once the answer is given)."""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if selectable
                            else Qt.FocusPolicy.NoFocus)
        if not selectable:
            self.clearFocus()
        self._show_ring()

    def _show_ring(self) -> None:
        selected = self.hasFocus() and self.focusPolicy() != Qt.FocusPolicy.NoFocus
        self.face.set_highlight(SELECTED if selected else self._mark)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        super().focusInEvent(event)
        self._show_ring()

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        super().focusOutEvent(event)
        self._show_ring()


class EmptySlot(QWidget):
    """Where a card still has to go: a dashed outline the size of a card."""

    def __init__(self, height: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.setFixedSize(card_size(height))
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)

    def paintEvent(self, _event: object) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(swatch("card_empty"), max(1.0, self.width() / 40), Qt.PenStyle.DashLine)
        painter.setPen(pen)
        box = self.rect().adjusted(4, 4, -4, -4)
        painter.drawRoundedRect(box, box.width() * 0.09, box.width() * 0.09)
        painter.end()


class CardFan(QWidget):
    """Cards left to right, side by side when there is room, else overlapping: each card
    keeps at least :data:`LEAST_IN_SIGHT` of its width in sight, and the one with the
    keyboard focus lies on top."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.items: list[QWidget] = []
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def set_items(self, items: list[QWidget]) -> None:
        for item in self.items:
            if item not in items:
                item.removeEventFilter(self)
        self.items = list(items)
        for item in self.items:
            if item.parentWidget() is not self:
                item.setParent(self)
            item.installEventFilter(self)
            item.show()
        self.arrange()

    def _size(self, item: QWidget) -> QSize:
        hint = item.sizeHint()
        return hint.expandedTo(item.minimumSize()) if hint.isValid() else item.minimumSize()

    def sizeHint(self) -> QSize:  # noqa: N802
        sizes = [self._size(item) for item in self.items]
        return QSize(sum(size.width() + GAP for size in sizes),
                     max((size.height() for size in sizes), default=0))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        sizes = [self._size(item) for item in self.items]
        if not sizes:
            return QSize(0, 0)
        width = sizes[-1].width() + sum(s.width() * LEAST_IN_SIGHT for s in sizes[:-1])
        return QSize(round(width), max(size.height() for size in sizes))

    def arrange(self) -> None:
        """Put the cards in place for the width the fan has now."""
        self.updateGeometry()
        sizes = [self._size(item) for item in self.items]
        if not sizes:
            return
        needed = sum(size.width() + GAP for size in sizes) - GAP
        overlapped = needed > self.width() and len(sizes) > 1
        step = None
        if overlapped:
            card = sizes[0].width()
            step = max(card * LEAST_IN_SIGHT, (self.width() - sizes[-1].width()) / (len(sizes) - 1))
        x = 0.0
        for item, size in zip(self.items, sizes, strict=True):
            item.setGeometry(round(x), 0, size.width(), size.height())
            if isinstance(item, CardPiece):
                item.set_overlapped(overlapped)
            x += size.width() + GAP if step is None else step
        self.restack()

    def restack(self) -> None:
        """Later cards over earlier ones; the card with the keyboard focus over all."""
        for item in self.items:
            item.raise_()
        for item in self.items:
            if item.hasFocus():
                item.raise_()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.arrange()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched in self.items and event.type() in (QEvent.Type.FocusIn,
                                                      QEvent.Type.FocusOut):
            self.restack()
        return super().eventFilter(watched, event)


class CardRow(QFrame):
    """A titled row of cards (a place, a tier, the hand) that carried cards drop onto."""

    def __init__(self, slots: int = 0, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("dropTarget")
        self.slots = slots
        self.title = QLabel()
        self.title.setObjectName("placeTitle")
        self.title.setWordWrap(True)
        self.note = QLabel()
        self.note.setObjectName("answerHint")
        self.note.hide()
        self.pieces: list[CardPiece] = []
        self._empties: list[EmptySlot] = []
        self.card_height = card_height(self)
        self.fan = CardFan()
        heading = QVBoxLayout()
        heading.addStretch(1)
        heading.addWidget(self.title)
        heading.addWidget(self.note)
        heading.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 3, 8, 3)
        layout.addLayout(heading)
        layout.addWidget(self.fan, 1, Qt.AlignmentFlag.AlignVCenter)

    def set_note(self, text: str) -> None:
        self.note.setText(text)
        self.note.setVisible(bool(text))

    def title_width(self) -> int:
        """The width the title and the note need on one line each (the title is bold)."""
        font = QFont(self.title.font())
        font.setBold(True)
        return max(QFontMetrics(font).horizontalAdvance(self.title.text()),
                   self.note.fontMetrics().horizontalAdvance(self.note.text()))

    def set_title_width(self, width: int) -> None:
        self.title.setFixedWidth(width)
        self.note.setFixedWidth(width)

    def set_card_height(self, height: int) -> None:
        if height != self.card_height:
            self.card_height = height
            for piece in self.pieces:
                piece.set_height(height)
            for empty in self._empties:
                empty.setFixedSize(card_size(height))
            self._keep_height()
            self.fan.arrange()

    def set_pieces(self, pieces: list[CardPiece]) -> None:
        """Show ``pieces`` in this order, then an empty slot for each card still missing."""
        for empty in self._empties:
            empty.hide()
            empty.deleteLater()
        self.pieces = list(pieces)
        self._empties = [EmptySlot(self.card_height)
                         for _ in range(max(0, self.slots - len(pieces)))]
        for piece in self.pieces:
            piece.set_height(self.card_height)
        self.fan.set_items([*self.pieces, *self._empties])
        self._keep_height()

    def _keep_height(self) -> None:
        """An emptied row stays as tall as a row of cards, so nothing jumps."""
        self.setMinimumHeight(self.card_height + 8)


def walk_rows(rows: list[CardRow], piece: CardPiece, key: int) -> bool:
    """Arrow keys between cards laid out in ``rows`` (top to bottom): ←/→ along the piece's
    row, ↑/↓ to the nearest row that holds cards (the same position, or its last card).
    True when ``key`` was an arrow."""
    here = next(n for n, row in enumerate(rows) if piece in row.pieces)
    row = rows[here].pieces
    index = row.index(piece)
    target: CardPiece | None = None
    if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
        step = -1 if key == Qt.Key.Key_Left else 1
        if 0 <= index + step < len(row):
            target = row[index + step]
    elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
        step = -1 if key == Qt.Key.Key_Up else 1
        other = here + step
        while 0 <= other < len(rows) and not rows[other].pieces:
            other += step
        if 0 <= other < len(rows):
            cards = rows[other].pieces
            target = cards[min(index, len(cards) - 1)]
    else:
        return False
    if target is not None:
        target.setFocus(Qt.FocusReason.TabFocusReason)
    return True
