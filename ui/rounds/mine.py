"""A trainee's own table rounds, from their progress page: the same list and replay step
by step the instructor's desk shows (:class:`ui.desk.reports.table_rounds.TableRoundsView`),
read as the trainee — the store lets them see only their own."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from i18n import N_, Message, _
from trainer.progress import Store
from trainer.progress.people.accounts import Actor
from ui.desk.reports.table_rounds import TableRoundsView
from ui.widgets.page import Page


class MyRoundsPage(Page):
    """``backRequested`` to the progress page."""

    backRequested = Signal()  # noqa: N815

    def __init__(self, store: Store, actor: Actor, parent: QWidget | None = None):
        super().__init__(parent)
        self.actor = actor
        self.rounds = TableRoundsView(store, actor, back=Message.of(N_("◀ My progress")))
        self.rounds.backRequested.connect(self.backRequested)
        self.rounds.stack.currentChanged.connect(lambda _i: self.retranslate())
        self.body.addWidget(self.rounds, 1)
        self.retranslate()

    def reload(self) -> None:
        """Read the trainee's rounds again (one may have been played since)."""
        self.rounds.show_person(self.actor.person.id, self.actor.person.name)

    def retranslate(self) -> None:
        self.heading.setText(_("My table rounds"))
        listing = self.rounds.stack.currentWidget() is self.rounds.list_page
        self.hint.setText(
            _("Double-click a round, or select it and press Enter, to replay it step by "
              "step.") if listing else
            _("← and → go to the step before or after, Home and End to the first and the "
              "last, N to the next wrong step."))
        super().retranslate()
