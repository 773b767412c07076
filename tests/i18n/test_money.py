"""Money in the three languages: babel formatting, and reading what people type."""

import re
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

import i18n
from i18n import MoneyError, format_money, parse_money


@pytest.mark.parametrize(
    ("text", "language", "amount"),
    [
        ("1.234,50", "pt_MO", "1234.50"),
        ("1 234,50", "pt_MO", "1234.50"),
        ("1\u00a0234,50", "pt_MO", "1234.50"),
        ("MOP$ 50", "pt_MO", "50"),
        ("50", "pt_MO", "50"),
        ("147,00", "pt_MO", "147"),
        ("0,5", "pt_MO", "0.5"),
        ("1,234.50", "en", "1234.50"),
        ("1234.50", "en", "1234.50"),
        ("MOP$ 50", "en", "50"),
        ("MOP 1,000", "en", "1000"),
        ("50 patacas", "en", "50"),
        ("-30", "en", "-30"),
        ("50", "en", "50"),
        ("1,234.50", "zh_Hant_MO", "1234.50"),
        ("５０元", "zh_Hant_MO", "50"),  # typed with a Chinese input method
        ("MOP$1,234.5", "zh_Hant_MO", "1234.5"),
    ],
)
def test_accepts_what_people_type(text, language, amount):
    parsed = parse_money(text, language)
    assert isinstance(parsed, Decimal)
    assert parsed == Decimal(amount)


@pytest.mark.parametrize(
    ("text", "language", "fragment"),
    [
        ("", "en", "Type an amount"),
        ("MOP$", "en", "Type an amount"),
        ("abc", "en", "is not an amount"),
        ("12a", "pt_MO", "is not an amount"),
        ("1.234,50", "en", "cents come after “.”"),
        ("1,234.50", "pt_MO", "cents come after “,”"),
        ("1234.5", "pt_MO", "every three digits"),
        ("1,5", "en", "every three digits"),
        ("1,23,456", "en", "every three digits"),
        ("12.345", "en", "at most 2 decimal places"),
        ("1 234,5 0", "pt_MO", "without spaces"),
        ("1.234 567", "pt_MO", "one kind of thousands separator"),
        ("9" * 13, "en", "too large"),
        ("1e3", "en", "is not an amount"),
        ("NaN", "en", "is not an amount"),
    ],
)
def test_refuses_anything_else_saying_why(text, language, fragment):
    with pytest.raises(MoneyError, match=re.escape(fragment)) as caught:
        parse_money(text, language)
    assert fragment in str(caught.value)


def test_refusal_is_translated_into_the_current_language():
    with pytest.raises(MoneyError, match="is not an amount") as caught:
        parse_money("abc", "pt_MO")
    english = str(caught.value)
    i18n.set_language("pt_MO")
    assert str(caught.value) != english
    assert "montante" in str(caught.value)
    i18n.set_language("zh_Hant_MO")
    assert "金額" in str(caught.value)


def test_format_money_uses_the_locale_and_mop():
    assert format_money(Decimal("1234.5"), "pt_MO") == "1\u00a0234,50\u00a0MOP$"
    assert format_money(Decimal("1234.5"), "zh_Hant_MO") == "MOP$1,234.50"
    assert format_money(Decimal("1234.5"), "en") == "MOP$1,234.50"


def test_format_money_refuses_float():
    with pytest.raises(TypeError, match="money must be Decimal, not float"):
        format_money(12.5, "en")


@given(st.decimals(min_value=Decimal("-99999999"), max_value=Decimal("99999999"), places=2),
       st.sampled_from(i18n.LANGUAGES))
def test_what_is_shown_reads_back_as_the_same_amount(amount, language):
    assert parse_money(format_money(amount, language), language) == amount


# What a reliability probe typed -----------------------------------------------------------


def test_a_thousand_currency_marks_are_read_without_recursion():
    assert parse_money("$" * 1000 + "5", "en") == Decimal(5)
    assert parse_money("5" + " patacas" * 1000, "en") == Decimal(5)


@pytest.mark.parametrize("text", ["10²", "1⑩2", "²", "١٢٣", "१२", "1\n234", "1\t234",
                                  "1\x0b234", "1\x1f234", "12\r\n"[:3] + "4"])
def test_only_the_languages_digits_and_real_separators_are_read(text):
    """No symbol becomes a digit (NFKC would read "10²" as 102) and no control character
    separates thousands ("1\\n234" is not 1234)."""
    for language in i18n.LANGUAGES:
        with pytest.raises(MoneyError, match="is not an amount"):
            parse_money(text, language)


def test_full_width_digits_and_separators_are_still_read():
    assert parse_money("１，２３４．５０", "zh_Hant_MO") == Decimal("1234.50")
    assert parse_money("ＭＯＰ＄　５０", "en") == Decimal("50")


def test_what_was_typed_is_quoted_on_one_line_and_briefly():
    with pytest.raises(MoneyError, match="is not an amount") as caught:
        parse_money("1\n2x" + "y" * 500, "en")
    message = str(caught.value)
    assert "\n" not in message and "1↵2x" in message and len(message) < 120


def test_a_long_typed_text_is_quoted_cut_to_forty_characters():
    from i18n.money import _echo

    assert _echo("x" * 40) == "x" * 40  # the boundary: kept whole
    assert _echo("x" * 41) == "x" * 39 + "…"  # one more: cut, and said to be cut
    assert _echo(" a\tb\r\n ") == "a·b"


def test_the_digits_and_groups_at_their_boundaries():
    """Twelve digits are read and thirteen are too many; a first group of 3 digits is fine
    and one of 4 is not; two kinds of separator are refused; the ideographic space is read
    as a space."""
    assert parse_money("9" * 12, "en") == Decimal("9" * 12)
    with pytest.raises(MoneyError, match="too large"):
        parse_money("9" * 13, "en")
    assert parse_money("123,456", "en") == Decimal(123456)
    with pytest.raises(MoneyError, match="every three digits"):
        parse_money("1234,567", "en")
    with pytest.raises(MoneyError, match="one kind of thousands separator"):
        parse_money("1 234,567.00", "en")
    assert parse_money("1\u3000234", "pt_MO") == Decimal(1234)  # the ideographic space
