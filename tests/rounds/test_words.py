"""Every action of every game said in words: each verb of each grammar, each call kind and
each ruling, with amounts as money in the user's locale and nothing left in English."""

import itertools
import re
from decimal import Decimal

import pytest

from i18n import Message, speaking
from i18n.language import _
from trainer.rounds.actions import (
    Action,
    Amount,
    Cards,
    Grammar,
    HandClass,
    Number,
    Place,
    Word,
)
from trainer.rounds.games import GAMES
from trainer.rounds.words import GRAMMARS, action_words

LANGUAGES = ("en", "pt_MO", "zh_Hant_MO")
#: Cards for a ``set``: back, middle, front.
HANDS = ("as,ks,qs,js,10s", "2h,3h,4h,5h,6h", "7c,8c,9c")


def _values(slot, index):
    """Each value a slot can take in a test: every word, a place (and "none"), an amount,
    a number's least and greatest, the cards; an optional slot also left out (``None``)."""
    if isinstance(slot, Word):
        values = list(slot.words)
    elif isinstance(slot, Place):
        values = [2, 1] + (["none"] if slot.or_none else [])
    elif isinstance(slot, Amount):
        values = [Decimal("2760")]
    elif isinstance(slot, Number):
        values = [1, slot.highest]
    elif isinstance(slot, HandClass):
        values = [slot.low, slot.high]
    else:
        assert isinstance(slot, Cards)
        values = [slot.read("set", HANDS[index])]
    return values + ([None] if slot.optional else [])


def every_action(grammar: Grammar):
    for verb, slots in grammar.verbs.items():
        for values in itertools.product(*(_values(slot, i) for i, slot in enumerate(slots))):
            given = [value for value in values if value is not None]
            if None in values[:len(given)]:
                continue  # an optional value left out before one given: not written so
            yield Action(verb, tuple(given))


def _msgids(message: Message):
    yield message.msgid
    for _name, value in message.params:
        if isinstance(value, Message):
            yield from _msgids(value)


def test_the_games_with_rounds_all_have_words():
    assert set(GRAMMARS) == set(GAMES)


@pytest.mark.parametrize("game", sorted(GRAMMARS))
def test_every_verb_and_every_word_of_a_grammar_is_said_in_words(game):
    grammar = GRAMMARS[game]
    said = {}
    for action in every_action(grammar):
        words = action_words(game, action)
        assert isinstance(words, Message)
        text = str(words)
        assert text and text != str(action)
        said[action] = text
    assert {action.verb for action in said} == set(grammar.verbs)
    for verb in ("call", "decide"):  # each call kind and each ruling in words of its own
        kinds = {action.values[0] for action in said if action.verb == verb}
        assert kinds == set(grammar.verbs[verb][0].words)
        assert len({said[Action(verb, (kind,))] for kind in kinds}) == len(kinds)
    for action, text in said.items():  # a place said is the place given (1: the banker)
        for value in action.values:
            if isinstance(value, int):
                assert re.search(rf"\b{value}\b", text) or value == 1 and "banker" in text, \
                    (action, text)


def test_a_grammar_without_words_for_a_verb_is_refused():
    with pytest.raises(ValueError, match=r"\['push'\] need both slots and words"):
        Grammar({"deal": (Place(4),), "push": (Place(4),)},
                {"deal": lambda action: Message.of("Deal")})


@pytest.mark.parametrize("game", sorted(GRAMMARS))
@pytest.mark.parametrize("language", ["pt_MO", "zh_Hant_MO"])
def test_every_action_is_translated(game, language):
    """No words of an action are left in English: each message in it has its translation."""
    with speaking(language):
        for action in every_action(GRAMMARS[game]):
            for msgid in _msgids(action_words(game, action)):
                letters = re.sub(r"\{\w+\}", "", msgid)
                if re.search("[A-Za-z]", letters):
                    assert _(msgid) != msgid, (action, msgid)


@pytest.mark.parametrize(("language", "amount"), [
    ("en", "MOP$2,760.00"), ("pt_MO", "2\xa0760,00\xa0MOP$"), ("zh_Hant_MO", "MOP$2,760.00")])
def test_an_amount_is_said_in_the_locale(language, amount):
    with speaking(language):
        said = str(action_words("mahjong_baccarat", Action("pay", (2, Decimal("2760")))))
    assert amount in said and "2760" not in said
    assert said == {"en": f"Pay place 2 {amount}"}.get(language, said)
