import pytest

from trainer.rules.cards import Card, Rank, Suit, format_cards, full_deck, parse_cards


def test_parse_cards_reads_the_notation():
    cards = parse_cards("AS KH 10D 9C 2S")
    assert cards == (
        Card(Rank.ACE, Suit.SPADES),
        Card(Rank.KING, Suit.HEARTS),
        Card(Rank.TEN, Suit.DIAMONDS),
        Card(Rank.NINE, Suit.CLUBS),
        Card(Rank.TWO, Suit.SPADES),
    )
    assert format_cards(cards) == "AS KH 10D 9C 2S"


def test_ten_may_be_written_t_and_case_does_not_matter():
    assert parse_cards("TD td 10d") == (Card(Rank.TEN, Suit.DIAMONDS),) * 3


@pytest.mark.parametrize("text", ["1S", "11H", "AX", "A", "", "KHH", "ZZ"])
def test_not_a_card(text):
    with pytest.raises(ValueError, match="not a card: "):
        Card.parse(text)


def test_full_deck_is_52_distinct_cards():
    deck = full_deck()
    assert len(deck) == 52 == len(set(deck))
    assert {c.suit for c in deck} == set(Suit)
    assert all(sum(1 for c in deck if c.rank == r) == 4 for r in Rank)


def test_rank_order_is_the_regulation_order():
    # Art. 6: Ás, Rei, Dama, Valete, 10, 9 … 2
    order = "A K Q J 10 9 8 7 6 5 4 3 2".split()
    assert [r.label for r in sorted(Rank, reverse=True)] == order


def test_figures_are_j_q_k_not_ten():
    assert [r.label for r in Rank if r.is_figure] == ["J", "Q", "K"]


def test_colours():
    assert Suit.HEARTS.is_red and Suit.DIAMONDS.is_red
    assert not Suit.SPADES.is_red and not Suit.CLUBS.is_red
