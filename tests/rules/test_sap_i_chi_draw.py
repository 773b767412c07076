"""Sap I Chi, the draw: the cloth of each round (Art. 2 (1)), the round decided by the cloth
and the card that confirms it (Art. 2 (3), (4)), the closed compartment (Art. 4)."""

import itertools

import pytest

from trainer.rules.regulations import Article, Regulation
from trainer.rules.sap_i_chi.draw import (
    DrawIncident,
    DrawRuling,
    Person,
    Point,
    draw_ruling,
)


def art(number, item=""):
    return Article(Regulation.SAP_I_CHI, number, item)


def test_each_point_is_cited_at_its_article():
    assert Point.DRAW.article == art(2, "1")
    assert Point.BELL.article == art(2, "2")
    assert Point.DECIDED.article == Point.VOID.article == art(2, "3")
    assert Point.CARD.article == Point.HATCHES.article == art(2, "4")
    assert Point.REBUILT.article == art(3, "2")
    assert Point.WHO_ENTERS.article == Point.KEPT_CLOSED.article == art(4)
    assert Point.TUBES.article == art(1, "2")


def test_the_cloth_is_not_shown_before_the_round_is_decided():
    # Art. 2 (1): «sempre enrolado»; Art. 2 (3): unrolling it decides the round.
    verdict = draw_ruling(DrawIncident.SHOW_CLOTH)
    assert verdict.ruling is DrawRuling.REFUSE
    assert verdict.points == (Point.DRAW, Point.DECIDED)
    assert [r.source for r in verdict.reasons] == [art(2, "1"), art(2, "3")]


def test_only_the_croupier_takes_the_tube():
    verdict = draw_ruling(DrawIncident.PICK_TUBE)
    assert verdict.ruling is DrawRuling.REFUSE and verdict.points == (Point.DRAW,)
    assert "The croupier himself takes the tube" in str(verdict.reasons[0])


def test_a_round_without_its_cloth_is_void():
    # Art. 2 (1) not done, found after the bell: an involuntary irregularity, Art. 2 (3).
    verdict = draw_ruling(DrawIncident.NO_CLOTH)
    assert verdict.ruling is DrawRuling.VOID
    assert verdict.points == (Point.DRAW, Point.VOID)
    assert "may withdraw their bets or change them" in str(verdict.reasons[-1])
    assert verdict.reasons[-1].source == art(2, "3")


@pytest.mark.parametrize(("cloth", "card"), [(4, 11), (6, 1), (12, 7)])
def test_the_cloth_decides_and_the_card_is_put_right(cloth, card):
    # Art. 2 (4): the card bears «o número e o carácter chinês inscritos no pano que acaba
    # de ser desenrolado»: a card that differs is the mistake, not the cloth.
    verdict = draw_ruling(DrawIncident.CARD_DIFFERS, cloth=cloth, card=card)
    assert verdict.ruling is DrawRuling.CLOTH
    assert verdict.points == (Point.DECIDED, Point.CARD)
    assert [r.source for r in verdict.reasons] == [art(2, "3"), art(2, "4")]
    assert f"settled on number {cloth} (" in str(verdict.reasons[-1])


def test_a_card_that_matches_the_cloth_needs_no_ruling():
    with pytest.raises(ValueError, match="nothing to rule on"):
        draw_ruling(DrawIncident.CARD_DIFFERS, cloth=5, card=5)
    with pytest.raises(ValueError, match="name the number"):
        draw_ruling(DrawIncident.CARD_DIFFERS, cloth=5)


def test_a_cloth_is_used_for_one_round_only():
    verdict = draw_ruling(DrawIncident.CLOTH_REUSED)
    assert verdict.ruling is DrawRuling.NEW_TUBE
    assert verdict.points == (Point.HATCHES, Point.DRAW)
    assert verdict.reasons[0].source == art(2, "4")


@pytest.mark.parametrize(("person", "table_open"),
                         list(itertools.product(Person, (True, False))))
def test_who_may_enter_the_compartment(person, table_open):
    # Art. 4: only the tube staff, and the compartment stays closed while the table is open.
    verdict = draw_ruling(DrawIncident.ENTER_COMPARTMENT, person=person,
                          table_open=table_open)
    staff = person is Person.TUBE_STAFF
    allowed = staff and not table_open
    assert verdict.ruling is (DrawRuling.ALLOW if allowed else DrawRuling.REFUSE)
    expected = set()
    if not staff or allowed:
        expected.add(Point.WHO_ENTERS)
    if table_open or allowed:
        expected.add(Point.KEPT_CLOSED)
    assert set(verdict.points) == expected
    assert all(r.source == art(4) for r in verdict.reasons)


def test_art_4_unless_told_otherwise_the_compartment_is_ruled_on_as_the_table_is_open():
    # The tube staff enter only while the table is closed; an open table is the default.
    verdict = draw_ruling(DrawIncident.ENTER_COMPARTMENT, person=Person.TUBE_STAFF)
    assert verdict.ruling is DrawRuling.REFUSE and Point.KEPT_CLOSED in verdict.points


def test_entering_needs_a_person():
    with pytest.raises(ValueError, match="who wants to enter"):
        draw_ruling(DrawIncident.ENTER_COMPARTMENT)
