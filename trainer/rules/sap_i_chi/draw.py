"""Sap I Chi: the cloth of each round, the card that confirms it, the closed compartment.

Portaria 9/76, read point by point:

- Art. 2 (1): before each round the croupier puts his hand through the curtained opening,
  takes a tube from the wooden box, takes its cloth out, *always rolled*, and fixes it in
  the little case by its larger rod.
- Art. 2 (3): the bets made, the round is decided when the croupier unrolls the cloth and
  shows its number; an involuntary irregularity by the croupier "em qualquer fase das
  operações para a decisão do golpe" makes the round void (players may withdraw or change
  their bets). Fixing the cloth in the case is the first of those operations.
- Art. 2 (4): once decided, a payer or an assistant drops in the chute a card with the
  number and character *of the cloth just unrolled*, confirming the result; the cloth,
  rolled again, goes through one hatch, the empty tube through the other, and a new tube
  is taken from the box for the next round.
- Art. 4: only the staff who put the tubes in the box may enter the compartment of
  Art. 1 (2), and it stays closed while the table is open («durante o funcionamento da
  banca»).

Each ruling names the points it rests on (:class:`Point`), so a trainee can be asked for
the ruling and for its reasons; the other points are the ones a croupier might wrongly
invoke.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from i18n import N_, Message
from trainer.rules.regulations import Article, Reason, Regulation
from trainer.rules.sap_i_chi.bets import number_label


def _art(number: int, item: str = "") -> Article:
    return Article(Regulation.SAP_I_CHI, number, item)


class Point(StrEnum):
    """A point of Portaria 9/76 a ruling on the draw may rest on, in the text's order."""

    TUBES = "1.2"  # Art. 1 (2): the box behind the table, 720 tubes, 60 for each number
    DRAW = "2.1"  # Art. 2 (1): each round's cloth, from a tube, rolled, fixed in the case
    BELL = "2.2"  # Art. 2 (2): no new bets and no changes after the bell
    DECIDED = "2.3"  # Art. 2 (3): the round is decided when the cloth is unrolled
    VOID = "2.3v"  # Art. 2 (3): an involuntary irregularity by the croupier voids the round
    CARD = "2.4"  # Art. 2 (4): the card in the chute confirms the number on the cloth
    HATCHES = "2.4h"  # Art. 2 (4): cloth and tube through the hatches; a new tube next round
    REBUILT = "3.2"  # Art. 3 (2): winning bets cleared by mistake are rebuilt
    WHO_ENTERS = "4"  # Art. 4: only the staff who put the tubes in the box enter
    KEPT_CLOSED = "4c"  # Art. 4: the compartment stays closed while the table is open

    @property
    def article(self) -> Article:
        return POINT_ARTICLES[self]


POINT_ARTICLES = {
    Point.TUBES: _art(1, "2"),
    Point.DRAW: _art(2, "1"),
    Point.BELL: _art(2, "2"),
    Point.DECIDED: _art(2, "3"),
    Point.VOID: _art(2, "3"),
    Point.CARD: _art(2, "4"),
    Point.HATCHES: _art(2, "4"),
    Point.REBUILT: _art(3, "2"),
    Point.WHO_ENTERS: _art(4),
    Point.KEPT_CLOSED: _art(4),
}


class DrawIncident(StrEnum):
    """What happens, or what someone asks for, around the cloth and the compartment."""

    SHOW_CLOTH = "show-cloth"  # someone asks to see the cloth before the round is decided
    PICK_TUBE = "pick-tube"  # a player asks to take the tube from the box himself
    NO_CLOTH = "no-cloth"  # after the bell the case is empty: no cloth was fixed in it
    CARD_DIFFERS = "card-differs"  # the card in the chute is not the cloth's number
    CLOTH_REUSED = "cloth-reused"  # the used cloth is put back in the case for the next round
    ENTER_COMPARTMENT = "enter-compartment"  # someone wants to go into the compartment


class Person(StrEnum):
    """Who wants to go into the compartment (Art. 4)."""

    TUBE_STAFF = "tube-staff"  # the staff who put the tubes in the box
    PAYER = "payer"
    CROUPIER = "croupier"
    PLAYER = "player"


class DrawRuling(StrEnum):
    ALLOW = "allow"  # what is asked or done may go ahead
    REFUSE = "refuse"  # it is not done
    VOID = "void"  # no bet wins or loses; players may withdraw or change their bets
    CLOTH = "cloth"  # the cloth's number decides; the card is put right
    NEW_TUBE = "new-tube"  # cloth and tube through the hatches; a new tube from the box


@dataclass(frozen=True)
class DrawVerdict:
    """The ruling, the points it rests on, and the reasons in words (one per point)."""

    ruling: DrawRuling
    points: tuple[Point, ...]
    reasons: tuple[Reason, ...]


def _person(person: Person) -> Message:
    return Message.of({
        Person.TUBE_STAFF: N_("the staff who put the tubes in the box"),
        Person.PAYER: N_("a payer"),
        Person.CROUPIER: N_("the croupier"),
        Person.PLAYER: N_("a player"),
    }[person])


def _verdict(ruling: DrawRuling, *steps: tuple[Point, Message]) -> DrawVerdict:
    return DrawVerdict(ruling, tuple(point for point, _text in steps),
                       tuple(Reason(text, point.article) for point, text in steps))


def draw_ruling(incident: DrawIncident, *, person: Person | None = None,
                table_open: bool = True, cloth: int | None = None,
                card: int | None = None) -> DrawVerdict:
    """What the croupier rules on ``incident`` (Art. 2 (1), (3), (4) and Art. 4).

    ``person`` and ``table_open`` say who wants to enter the compartment and whether the
    table is open; ``cloth`` and ``card`` are the numbers on the cloth unrolled and on
    the card dropped in the chute.
    """
    incident = DrawIncident(incident)
    if incident is DrawIncident.ENTER_COMPARTMENT:
        if person is None:
            raise ValueError("say who wants to enter the compartment")
        return _compartment(Person(person), table_open)
    if incident is DrawIncident.CARD_DIFFERS:
        return _card(cloth, card)
    if incident is DrawIncident.SHOW_CLOTH:
        return _verdict(DrawRuling.REFUSE, (Point.DRAW, Message.of(N_(
            "The cloth is fixed in the little case still rolled, before the round."))),
            (Point.DECIDED, Message.of(N_(
                "It is unrolled only when the bets are made, and unrolling it decides the "
                "round: showing it now would decide the round before the bets."))))
    if incident is DrawIncident.PICK_TUBE:
        return _verdict(DrawRuling.REFUSE, (Point.DRAW, Message.of(N_(
            "The croupier himself takes the tube from the box, through the opening behind "
            "the curtain; nobody else draws it."))))
    if incident is DrawIncident.NO_CLOTH:
        return _verdict(DrawRuling.VOID, (Point.DRAW, Message.of(N_(
            "A cloth must be fixed in the little case before the round begins; this time "
            "none was."))), (Point.VOID, Message.of(N_(
                "That is an involuntary irregularity by the croupier in the operations that "
                "decide the round: the round is void, and players may withdraw their bets or "
                "change them."))))
    return _verdict(DrawRuling.NEW_TUBE, (Point.HATCHES, Message.of(N_(
        "Once the result is confirmed, the used cloth, rolled again, goes through one hatch "
        "and the empty tube through the other."))), (Point.DRAW, Message.of(N_(
            "Each round's cloth is taken from a new tube from the box: a cloth already "
            "shown is never put back in the case."))))


def _card(cloth: int | None, card: int | None) -> DrawVerdict:
    if cloth is None or card is None:
        raise ValueError("name the number on the cloth and the number on the card")
    if cloth == card:
        raise ValueError(f"the card confirms the cloth's number {cloth}: nothing to rule on")
    return _verdict(DrawRuling.CLOTH, (Point.DECIDED, Message.of(N_(
        "The round was decided when the croupier unrolled the cloth, showing {cloth}."),
        cloth=number_label(cloth))), (Point.CARD, Message.of(N_(
            "The card in the chute only confirms the number on the cloth: the card for "
            "{card} is replaced by the card for {cloth}, and bets are settled on {cloth}."),
            card=number_label(card), cloth=number_label(cloth))))


def _compartment(person: Person, table_open: bool) -> DrawVerdict:
    staff = person is Person.TUBE_STAFF
    who = (Point.WHO_ENTERS, Message.of(N_(
        "Only the staff who put the tubes in the box may enter the compartment; {person} "
        "may not."), person=_person(person)))
    if staff:
        who = (Point.WHO_ENTERS, Message.of(N_(
            "The staff who put the tubes in the box are the only ones who may enter the "
            "compartment.")))
    if table_open:
        closed = (Point.KEPT_CLOSED, Message.of(N_(
            "The compartment stays closed while the table is open.")))
        return _verdict(DrawRuling.REFUSE, closed) if staff else \
            _verdict(DrawRuling.REFUSE, who, closed)
    if not staff:
        return _verdict(DrawRuling.REFUSE, who)
    return _verdict(DrawRuling.ALLOW, who, (Point.KEPT_CLOSED, Message.of(N_(
        "The compartment must stay closed only while the table is open, and the table is "
        "closed now."))))
