"""A round's verdicts on screen say the action in words in the user's language, amounts in
the locale's money (the text form small beside them), with nothing left in English."""

from __future__ import annotations

import html
import re

import pytest

from i18n import format_money, speaking
from i18n.language import _
from trainer.rounds.games import start
from trainer.rounds.modes import Mode
from trainer.rounds.play import RoundPlay, solve
from ui.rounds.draft import Draft
from ui.rounds.kits import MAHJONG_BACCARAT
from ui.rounds.review import review_html, verdict_html

#: Each language's words for paying a place, and English words that must not be left.
PAY = {"en": "Pay place {place} {amount}", "pt_MO": "Pagar {amount} ao lugar {place}",
       "zh_Hant_MO": "賠第 {place} 門 {amount}"}
ENGLISH = re.compile(r"\b(Pay|place|Right|Wrong|right action|Collect|Deal|Open|wins)\b")


def _paid_round():
    """A practice round's verdicts up to and including its first payment: that one wrong
    (a payment at another place), the others right."""
    round_ = start("mahjong_baccarat", 5, Mode.PRACTICE)
    actions = solve(round_)
    at = next(i for i, action in enumerate(actions) if action.verb == "pay")
    played = RoundPlay(round_)
    for action in actions[:at]:
        played.give(action)
    right = actions[at]
    return round_, played, right


def _plain(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_a_right_payment_is_said_in_words_and_the_locales_money(language):
    round_, played, right = _paid_round()
    verdict = played.give(right)
    place, amount = right.values
    with speaking(language):
        shown = _plain(verdict_html(round_, verdict))
        money = format_money(amount)
        mark = re.split("[:：]", _("✔ Right: {action}"))[0]
    assert PAY[language].format(place=place, amount=money) in shown
    assert f"({right})" in shown  # the text form, small beside the words
    assert mark in shown
    if language != "en":
        assert not ENGLISH.search(shown.replace(f"({right})", "")), shown


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_a_wrong_payment_names_the_right_one_in_words(language):
    round_, played, right = _paid_round()
    place, amount = right.values
    wrong = f"pay {place % 9 + 2} {amount}"
    verdict = played.give(wrong)
    with speaking(language):
        shown = _plain(verdict_html(round_, verdict))
        review = _plain(review_html(round_, played.verdicts, 61_000))
        money = format_money(amount)
    right_words = PAY[language].format(place=place, amount=money)
    wrong_words = PAY[language].format(place=place % 9 + 2, amount=money)
    assert wrong_words in shown and right_words in shown
    assert f"({wrong})" in shown and f"({right})" in shown
    assert right_words in review
    if language != "en":
        without_forms = shown.replace(f"({right})", "").replace(f"({wrong})", "")
        reasons = "".join(str(reason.text) for reason in verdict.reasons)
        assert not ENGLISH.search(without_forms.split(reasons[:10])[0]), shown


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_the_draft_reads_in_words_once_whole(language):
    with speaking(language):
        partial = Draft(MAHJONG_BACCARAT, "deal").shown()
        whole = Draft(MAHJONG_BACCARAT, "deal", place=7).shown()
        assert partial == _("Deal")
        assert whole == f"{_('Deal to place {place}').format(place=7)} (deal 7)"
    if language != "en":
        assert not ENGLISH.search(whole.replace("(deal 7)", ""))
