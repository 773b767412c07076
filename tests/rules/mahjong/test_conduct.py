"""Table conduct (Portaria 135/91/M, Art. 5, 9, 10 (a)(7)): each ruling with its point."""

from decimal import Decimal

import pytest

from trainer.rules.mahjong import Variant, Wind, parse_tiles
from trainer.rules.mahjong.play.conduct import (
    Decision,
    KongKind,
    Moment,
    capital,
    chow_duties,
    false_declaration,
    may_kong,
    may_win,
    take_back_discard,
    wrong_exposure,
)
from trainer.rules.regulations import Article, HouseInterpretation, Regulation

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
CONV, SIMPLE = Variant.CONVENTIONAL, Variant.SIMPLIFIED
D = Decimal


def art(number, item=""):
    return Article(Regulation.MAHJONG, number, item)


def cited(ruling):
    return [reason.source for reason in ruling.reasons]


@pytest.mark.parametrize(("variant", "point"), [(CONV, "a(1)"), (SIMPLE, "b(1)")])
def test_a_discard_cannot_be_taken_back(variant, point):
    # Art. 9 (a)(1), (b)(1): «Uma vez descartada, a pedra não pode ser recolhida.»
    ruling = take_back_discard(variant)
    assert ruling.decision is Decision.REFUSED and cited(ruling) == [art(9, point)]


@pytest.mark.parametrize("self_drawn", [False, True])
def test_a_withdrawn_pung_forbids_winning_that_game_self_drawn_too(self_drawn):
    # Art. 9 (a)(2): «perde o direito de ganhar o jogo» — on a discard or a tile he draws.
    ruling = may_win(CONV, withdrew_pung=True, self_drawn=self_drawn)
    assert ruling.decision is Decision.REFUSED and cited(ruling) == [art(9, "a(2)")]
    # A pung withdrawn in an earlier game: this game he may win.
    ruling = may_win(CONV, withdrew_pung=False, self_drawn=self_drawn)
    assert ruling.decision is Decision.ALLOWED and art(9, "a(2)") in cited(ruling)


def test_the_simplified_form_has_no_pung_to_withdraw():
    with pytest.raises(ValueError, match=r"no pung on a discard \(Art. 5 \(b\)\(3\)\)"):
        may_win(SIMPLE, withdrew_pung=True, self_drawn=True)
    assert may_win(SIMPLE, withdrew_pung=False, self_drawn=True).decision is Decision.ALLOWED


@pytest.mark.parametrize(("variant", "kind", "point"), [
    (CONV, KongKind.OPEN, "a(3)"), (CONV, KongKind.CONCEALED, "a(3)"),
    (CONV, KongKind.ADDED, "a(3)"), (SIMPLE, KongKind.OPEN, "b(2)"),
    (SIMPLE, KongKind.CONCEALED, "b(2)")])
def test_seeing_another_players_tiles_forbids_every_kong_that_game(variant, kind, point):
    # Art. 9 (a)(3), (b)(2): «não poderá, nesse jogo, fazer qualquer kóng».
    ruling = may_kong(variant, kind, saw_tiles=True)
    assert ruling.decision is Decision.REFUSED and cited(ruling) == [art(9, point)]


@pytest.mark.parametrize(("variant", "seen", "replacement"), [
    (CONV, "a(3)", "a(5)"), (SIMPLE, "b(2)", "b(4)")])
def test_a_kong_allowed_draws_from_the_end_of_the_last_double_row(variant, seen, replacement):
    # Art. 5 (a)(5), (b)(4): «tirar mais uma pedra do fim da última fila-dupla».
    for kind in (KongKind.OPEN, KongKind.CONCEALED):
        ruling = may_kong(variant, kind, saw_tiles=False)
        assert ruling.decision is Decision.REPLACEMENT_FROM_END
        assert cited(ruling) == [art(9, seen), art(5, replacement)]
        assert "end of the last double row" in str(ruling.reasons[-1].text)


def test_the_simplified_form_has_no_added_kong():
    with pytest.raises(ValueError, match="no pung on view"):
        may_kong(SIMPLE, KongKind.ADDED, saw_tiles=False)


def test_what_a_chow_obliges():
    # Art. 5 (a)(3): open on the table, a discard, and no other tile that turn.
    ruling = chow_duties(CONV)
    assert ruling.decision is Decision.EXPOSE_AND_DISCARD and cited(ruling) == [art(5, "a(3)")]
    text = str(ruling.reasons[0].text)
    assert "laid open" in text and "discards" in text and "draws none" in text
    # Art. 5 (b)(3): no chow at all in the simplified form.
    ruling = chow_duties(SIMPLE)
    assert ruling.decision is Decision.REFUSED and cited(ruling) == [art(5, "b(3)")]


def test_a_wrong_exposure_is_corrected_only_before_the_next_draw():
    # Art. 10 (a)(7): «só pode ser rectificado antes de chegar a sua vez de comprar pedra».
    before = wrong_exposure(Moment.BEFORE_DRAW, S)
    after = wrong_exposure(Moment.AFTER_DRAW, S)
    assert before.decision is Decision.CORRECTED and cited(before) == [art(10, "a(7)")]
    assert after.decision is Decision.STANDS and cited(after) == [art(10, "a(7)")]


@pytest.mark.parametrize(("declarer", "pays"), [
    (S, "pays the banker the double-fán amount, MOP$40.00, and the other two the 1-fán amount"),
    (E, "pays each of the three the double-fán amount, MOP$40.00")])
def test_a_win_declared_before_correcting_is_nulo_and_pays_as_a8(declarer, pays):
    ruling = wrong_exposure(Moment.DECLARED_WIN, declarer, E)
    assert ruling.decision is Decision.NULO
    assert cited(ruling) == [art(10, "a(7)"), art(10, "a(8)")]
    assert pays in str(ruling.reasons[-1].text)
    assert HouseInterpretation("HI-MJ-NULO") not in cited(ruling)  # the text's own «nulo»


def test_a_false_declaration_names_who_is_paid_what():
    hand = parse_tiles("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 5s 6s")
    assert false_declaration(hand, (), E).decision is Decision.NULO_DOUBLE_EACH
    ruling = false_declaration(hand, (), W)
    assert ruling.decision is Decision.NULO_BANKER_DOUBLE
    assert HouseInterpretation("HI-MJ-NULO") in cited(ruling) and art(10, "a(8)") in cited(ruling)
    ruling = false_declaration(parse_tiles("1m 2m 3m 5s 6s"), (), S, variant=SIMPLE,
                               players=(E, S, W))
    assert ruling.decision is Decision.NULO_SINGLE_EACH
    assert art(10, "b(3)") in cited(ruling) and art(3, "b") in cited(ruling)
    with pytest.raises(ValueError, match="winning hand"):
        false_declaration(parse_tiles("1m 2m 3m 5s 5s"), (), S, variant=SIMPLE)


def test_the_capital_cuts_or_not_on_both_sides_of_the_total():
    # South wins 1 fán: West 20, North 20, East 40 = 80 in all.
    at = capital(S, 1, D(80))
    assert at.decision is Decision.FULL_SHARES and art(9, "a(4)") in cited(at)
    below = capital(S, 1, D(70))
    assert below.decision is Decision.CAPPED
    assert art(9, "a(4)") in cited(below) and HouseInterpretation("HI-MJ-CAP") in cited(below)
    simplified = capital(S, 1, D(30), variant=SIMPLE, players=(E, S))  # East alone pays 40
    assert simplified.decision is Decision.CAPPED and art(9, "b(3)") in cited(simplified)
