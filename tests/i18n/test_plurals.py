"""Messages with a plural form: "1 point", "3 points" in every language, stored and read back."""

import re
from decimal import Decimal

import pytest
from babel.messages.pofile import read_po

import i18n
from i18n import NP_, Message, Money, speaking
from i18n.catalogs import POT_FILE, extract
from questions.thirteen.showdown import margin_label
from trainer.rules.thirteen.payment import points_message

# What each catalog says for a count of 1 and of 3.
RENDERED = {
    "en": ("The player wins by 1 point", "The player wins by 3 points"),
    "pt_MO": ("O jogador ganha por 1 ponto", "O jogador ganha por 3 pontos"),
    "zh_Hant_MO": ("閒家贏 1 分", "閒家贏 3 分"),
}


@pytest.mark.parametrize("language", sorted(RENDERED))
def test_a_counted_message_takes_the_form_its_count_needs(language):
    with speaking(language):
        assert (str(margin_label(1)), str(margin_label(3))) == RENDERED[language]


@pytest.mark.parametrize(("language", "one", "three"), [
    ("en", "The margin is 1 point; a bet in terms of 1 point settles 1 unit of MOP$100.",
     "The margin is 3 points; a bet in terms of 3 points settles 3 units of MOP$100."),
    ("pt_MO", "A diferença é de 1 ponto; uma aposta em termos de 1 ponto liquida 1 unidade de ",
     "A diferença é de 3 pontos; uma aposta em termos de 3 pontos liquida 3 unidades de "),
    ("zh_Hant_MO", "相差 1 分；以 1 分下注，結算 1 個單位，每單位 ",
     "相差 3 分；以 3 分下注，結算 3 個單位，每單位 "),
])
def test_counted_phrases_nest_inside_a_sentence(language, one, three):
    def margin(n):
        return Message.counted(
            "The margin is {count} point; a bet in terms of {terms} settles {units} of {unit}.",
            "The margin is {count} points; a bet in terms of {terms} settles {units} of {unit}.",
            n, terms=points_message(n), units=Message.counted("{count} unit", "{count} units", n),
            unit=Money(Decimal(100)))

    with speaking(language):
        assert str(margin(1)).startswith(one) and str(margin(3)).startswith(three)


def test_the_language_is_the_one_current_when_shown():
    message = margin_label(3)
    i18n.set_language("pt_MO")
    assert str(message) == "O jogador ganha por 3 pontos"
    i18n.set_language("en")
    assert str(message) == "The player wins by 3 points"


def test_zero_is_plural_in_english_and_portuguese():
    with speaking("en"):
        assert str(points_message(0)) == "0 points"
    with speaking("pt_MO"):
        assert str(points_message(0)) == "0 pontos"


def test_np_marks_the_forms_for_later():
    forms = NP_("{count} point", "{count} points")
    assert forms == ("{count} point", "{count} points")
    assert str(Message.counted(*forms, 1)) == "1 point"


def test_a_counted_message_round_trips_through_json_nested_and_all():
    inner = Message.counted("{count} unit", "{count} units", 2)
    outer = Message.counted("The margin is {count} point; a bet in terms of {terms} settles "
                            "{units} of {unit}.",
                            "The margin is {count} points; a bet in terms of {terms} settles "
                            "{units} of {unit}.", 1, terms=points_message(3), units=inner,
                            unit=Money(Decimal("33.33")))
    data = outer.to_json()
    assert data["plural"].startswith("The margin is {count} points") and data["count"] == 1
    assert data["params"]["units"]["message"]["count"] == 2
    back = Message.from_json(data)
    assert back == outer
    with speaking("en"):
        assert str(back) == str(outer) == ("The margin is 1 point; a bet in terms of 3 points "
                                           "settles 2 units of MOP$33.33.")


def test_a_message_without_plural_keeps_its_json_and_old_json_still_loads():
    plain = Message.of("Place {place}", place=3)
    assert plain.to_json() == {"msgid": "Place {place}", "params": {"place": 3}}
    # As stored before messages had plurals: no "plural" or "count" keys anywhere.
    old = {"msgid": "Not quite. The answer is {expected}.",
           "params": {"expected": {"message": {"msgid": "Place {place}",
                                               "params": {"place": 2}}}}}
    loaded = Message.from_json(old)
    assert loaded.plural is None and loaded.count is None
    assert loaded.to_json() == old
    with speaking("en"):
        assert str(loaded) == "Not quite. The answer is Place 2."
    # An old stored message whose msgid has since become plural still shows its old text.
    stale = Message.from_json({"msgid": "The player wins by {points} point(s)",
                               "params": {"points": 2}})
    with speaking("en"):
        assert str(stale) == "The player wins by 2 point(s)"


def test_a_count_is_an_int_and_not_a_parameter_too():
    with pytest.raises(TypeError, match="a count is an int, not '3'"):
        Message.counted("{count} point", "{count} points", "3")
    with pytest.raises(TypeError, match="multiple values for argument 'count'"):
        Message.counted("{count} point", "{count} points", 3, count=4)  # type: ignore[misc]


def test_extraction_finds_both_forms_of_counted_messages():
    ids = {m.id for m in extract()}
    assert ("{count} point", "{count} points") in ids  # Message.counted(...) in the rules
    assert ("{tier}: the player, {count} point",
            "{tier}: the player, {count} points") in ids  # NP_(...) in questions
    assert ("{tier}: {side}, {points} point", "{tier}: {side}, {points} points") in ids  # ui
    with POT_FILE.open("rb") as handle:
        template = {m.id for m in read_po(handle)}
    assert ("The player wins by {count} point", "The player wins by {count} points") in template


#: "(s)" is allowed only where it means seconds, in a column heading.
_SECONDS = re.compile(r"\btime \(s\)$|^Time taken \(s\)$", re.IGNORECASE)


def test_no_message_writes_its_plural_as_s_in_brackets():
    with POT_FILE.open("rb") as handle:
        template = read_po(handle)
    found = []
    for message in template:
        for msgid in message.id if isinstance(message.id, tuple) else (message.id,):
            if "(s)" in msgid and not _SECONDS.search(msgid):
                found.append(msgid)
    assert not found, found
    seconds = {m.id for m in template if isinstance(m.id, str) and _SECONDS.search(m.id)}
    assert "Response time (s)" in seconds  # the allowance is for what it says, still used
