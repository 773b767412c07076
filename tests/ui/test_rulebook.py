"""The rulebook inside the app: every citation leads to its point in the three languages,
opens from an explanation highlighted, searches, practises the rule, prints."""

from __future__ import annotations

import html
import json
import re

import pytest
from PySide6.QtCore import Qt

import i18n
import questions
from tests.ui.modes_support import answer_with_mouse, click, start_practice
from trainer.progress.house_rules import save_house_rules
from trainer.progress.people.accounts import add_instructor, sign_in
from trainer.rules.house import BankerCommission, HouseRules, MahjongBaccaratRules
from trainer.rules.interpretations import CODES
from trainer.rules.regulations import RankingItem, RankingOrder
from ui.rulebook import practice_map
from ui.rulebook.house import as_text
from ui.rulebook.places import HOUSE, RANKING, TEXT_OF, Place, place_of
from ui.rulebook.render import HIGHLIGHT, MATCH, numbered_line
from ui.rulebook.texts import keys, load

#: The texts the issue names, and the languages whose text is official in each.
OFFICIAL = {"51-89-M": {"pt_MO"}, "52-89-M": {"pt_MO"}, "15-96-M": {"pt_MO", "zh_Hant_MO"},
            "135-91-M": {"pt_MO"}, "9-76": {"pt_MO"}, RANKING: {"pt_MO", "zh_Hant_MO"}}


def test_the_texts_ship_each_official_only_where_it_is():
    assert set(keys()) == set(OFFICIAL) == {*TEXT_OF.values(), RANKING}
    for key, official in OFFICIAL.items():
        text = load(key)
        assert text.official == official, key
        assert all(set(p.text) == set(i18n.LANGUAGES) for a in text.articles for p in a.points)


def test_every_place_a_question_cites_is_in_the_rulebook_in_three_languages():
    """From the generators themselves, not from the shipped map: a new citation in a
    question without its point in the rulebook fails here."""
    house = as_text(HouseRules())
    cited = [Place.parse(anchor) for anchor in practice_map.sampled()]
    assert len(cited) > 100
    for place in cited:
        text = house if place.text == HOUSE else load(place.text)
        article = text.article(place.article)
        assert article is not None, place
        point = article.point(place.point) if place.item else article.points[0]
        assert point is not None, place
        assert all(point.text[language].strip() for language in i18n.LANGUAGES), place
        if place.line:  # a numbered line of the point, in every language
            assert all(numbered_line(point.text[language], place.line) is not None
                       for language in i18n.LANGUAGES), place


def test_the_shipped_practice_map_is_what_the_generators_cite_today():
    shipped = json.loads(practice_map.FILE.read_text(encoding="utf-8"))
    assert shipped == practice_map.sampled(), "run: python -m ui.rulebook.practice_map"


def test_a_whole_article_is_practised_by_the_skills_of_any_of_its_points():
    article = Place(TEXT_OF["135/91/M"], 10)
    points = [p for p in practice_map.cited() if p.whole_article() == article and p.item]
    assert len(points) > 3
    assert set(practice_map.skills_for(article)) == {
        s for p in points for s in practice_map.skills_for(p)}
    assert practice_map.skills_for(Place(TEXT_OF["135/91/M"], 1)) == ()  # cited by none


def test_every_house_interpretation_is_there_with_the_setting_now():
    rules = HouseRules(mahjong_baccarat=MahjongBaccaratRules(max_rounds_in_a_row=3))
    text = as_text(rules)
    assert [a.heading["en"] for a in text.articles] == list(CODES)
    with i18n.speaking("en"):
        cobank = text.article(CODES.index("HI-MB-COMMISSION") + 1).points[0].text["en"]
    assert "Setting now: The banker's commission (HI-MB-COMMISSION): On his net gain" in cobank
    chips = text.article(CODES.index("HI-CHIP-CHANGE") + 1).points[0].text["en"]
    assert chips.endswith("Setting now: Chips in the tray (HI-CHIP-CHANGE): "
                          "5 10 25 50 100 500 1000 5000 10000.")
    ranks = text.article(CODES.index("HI-3C-RANK") + 1).points[0].text["en"]
    assert ranks.endswith("No setting: the app always reads it so.")
    signal = text.article(CODES.index("HI-13-SIGNAL") + 1).points[0].text
    assert signal["en"] == (
        "A place that finishes setting at the signal itself (5 min 0 s) has not finished "
        "before it, and loses. Setting now: A place that finishes setting at the signal "
        "itself (HI-13-SIGNAL): Loses: it did not finish before the signal.")
    assert "HI-13-SIGNAL" in signal["pt_MO"] and "訊號" in signal["zh_Hant_MO"]
    tie = text.article(CODES.index("HI-3C-TIE") + 1).points[0].text
    assert tie["en"] == ("Two three-card hands of the same class tie. No setting: the app "
                         "always reads it so.")
    assert "empatam" in tie["pt_MO"] and "和局" in tie["zh_Hant_MO"]


def _open_from_citation(qtbot, window):
    quiz = start_practice(qtbot, window, ["mahjong_baccarat.payout"])
    answer_with_mouse(qtbot, quiz)
    shown = quiz.explanation.text()
    link = next(part.split("'")[0] for part in shown.split("href='")[1:])
    quiz.explanation.linkActivated.emit(link)  # as a click on the citation does
    return quiz, Place.parse(link)


def test_a_citation_opens_the_rulebook_at_its_point_highlighted(qtbot, window,
                                                                 screenshot_dir):
    quiz, place = _open_from_citation(qtbot, window)
    page = window.rulebook
    assert window.pages.currentWidget() is page and page.place == place
    assert place.text == TEXT_OF["15/96/M"]
    point = load(place.text).article(place.article)
    words = (point.point(place.item) or point.points[0]).text["en"]
    assert page.shown_point() == words
    assert f"background:{HIGHLIGHT}" in page.reader.toHtml().replace(" ", "") or (
        HIGHLIGHT[1:] in page.reader.toHtml())
    assert page.practise_button.isEnabled()
    window.grab().save(str(screenshot_dir / "rulebook_from_citation_en.png"))
    click(qtbot, page.back_button)
    assert window.pages.currentWidget() is quiz  # back where the trainee was


def test_practise_this_rule_starts_practice_on_the_skills_citing_it(qtbot, window):
    _quiz, place = _open_from_citation(qtbot, window)
    click(qtbot, window.rulebook.practise_button)
    assert window.pages.currentWidget() is window.quiz
    assert window.quiz.mode.skills == list(practice_map.skills_for(place))


def test_search_with_the_keyboard_in_the_language_shown_and_in_portuguese(qtbot, window):
    window.open_rulebook()
    page = window.rulebook
    qtbot.keyClick(page, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert page.search_box.hasFocus()
    qtbot.keyClicks(page.search_box, "comissao")  # no accent: found all the same
    assert len(page.hits) >= 3 and page.hit_list.currentRow() == 0
    assert {hit.language for hit in page.hits} == {"pt_MO"}  # English says "commission"
    qtbot.keyClick(page.search_box, Qt.Key.Key_Down)
    assert page.hit_list.currentRow() == 1
    qtbot.keyClick(page.search_box, Qt.Key.Key_Return)
    assert page.place == page.hits[1].place
    assert page.beside.isChecked()  # the words found are in the Portuguese, shown beside
    assert MATCH[1:] in page.reader.toHtml()
    page.search_box.clear()
    qtbot.keyClicks(page.search_box, "banker's capital")
    assert page.hits and page.hits[0].language == "en"


def test_search_in_chinese(qtbot, window):
    window.switch_language("zh_Hant_MO")
    window.open_rulebook()
    page = window.rulebook
    page.search_box.setText("抽水")
    assert page.hits and all(hit.language == "zh_Hant_MO" for hit in page.hits)
    assert any(hit.place.text == TEXT_OF["15/96/M"] for hit in page.hits)


def test_a_search_of_one_letter_searches_nothing_and_a_miss_says_so(qtbot, window):
    window.open_rulebook()
    page = window.rulebook
    page.search_box.setText("a")
    assert page.hits == [] and not page.hit_list.isVisibleTo(window)
    page.search_box.setText("zzqx")
    assert page.hits == [] and page.hit_list.isVisibleTo(window)
    assert page.hit_list.item(0).text() == "Nothing found."
    qtbot.keyClick(page.search_box, Qt.Key.Key_Return)  # nothing to open: nothing happens
    assert window.pages.currentWidget() is page


def test_the_house_interpretations_show_the_house_rules_saved(qtbot, window, store):
    teacher = sign_in(store, add_instructor(store, "Mestre Lei", "a long password").id,
                      "a long password")
    save_house_rules(store, teacher, HouseRules(
        mahjong_baccarat=MahjongBaccaratRules(banker_commission=BankerCommission.PER_WON_BET)))
    window.open_rulebook(Place(HOUSE, CODES.index("HI-MB-COMMISSION") + 1))
    assert "On every amount he collects" in window.rulebook.shown_point()


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_an_elided_table_says_the_house_setting_that_stands_for_it(language):
    """Mah-Jong Art. 8's commission table is not in the source: the article says so and
    what this house charges instead, in every language, from the rules in force."""
    from decimal import Decimal

    from trainer.rules.house import MahjongRules
    from ui.rulebook.house import with_settings

    shipped = load("135-91-M").article(8).points[-1].text[language]
    assert shipped.splitlines()[-1].startswith("[")  # what the source leaves out
    for rate, shown in ((Decimal("0"), "0 %"), (Decimal("0.03"), "3 %")):
        rules = HouseRules(mahjong=MahjongRules(commission_rate=rate))
        said = with_settings(load("135-91-M"), rules).article(8).points[-1].text[language]
        assert shown in said and said.count("[") == 1
        assert said.splitlines()[0] == shipped.splitlines()[0]  # the official words stay
    other = with_settings(load("135-91-M"), HouseRules()).article(9)
    assert other == load("135-91-M").article(9)


def test_no_practice_without_a_trainee_and_no_print_but_at_the_desk(qtbot, window):
    window.open_rulebook(Place(TEXT_OF["51/89/M"], 9, "II"))
    page = window.rulebook
    assert not page.practise_button.isEnabled()
    assert "Sign in as a trainee" in page.status.text()
    assert not page.print_button.isVisibleTo(window)  # printing is the desk's


def test_the_rulebook_stays_closed_during_an_exam(qtbot, window, store):
    from tests.ui.exam_support import make_exam, start

    make_exam(store)
    quiz = start(qtbot, window)
    qtbot.keyClick(quiz, Qt.Key.Key_F1)
    assert window.pages.currentWidget() is quiz
    assert "closed during an exam" in window.statusBar().currentMessage()


def test_an_instructor_prints_the_text_shown_to_pdf(qtbot, window, tmp_path):
    window.open_rulebook(Place(TEXT_OF["135/91/M"], 6, "a"))
    out = tmp_path / "rules.pdf"
    window.rulebook.print_to(str(out))
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and data.count(b"/Type /Page") >= 3


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_each_language_shows_its_words_and_says_what_is_official(qtbot, window, language):
    window.switch_language(language)
    window.open_rulebook(Place(TEXT_OF["51/89/M"], 9, "II"))
    page = window.rulebook
    assert page.shown_point() == load("51-89-M").article(9).point("II").text[language]
    assert bool(page.official_note.text()) == (language != "pt_MO")
    window.open_rulebook(Place(TEXT_OF["15/96/M"], 9))
    assert bool(page.official_note.text()) == (language == "en")


def test_every_explanation_step_links_to_the_rulebook():
    from ui.explanation import steps_html

    question = questions.generate("thirteen.showdown", 3, 2)
    verdict = question.grade(question.reference_answer())
    shown = steps_html(verdict)
    assert shown.count("href='rulebook:") == len(verdict.reasons)


def test_the_ranking_lists_order_leads_to_the_whole_list():
    # "The lower class wins" cites the list's order, not one item (HI-3C-TIE's paragraph):
    # its place is the list's article as a whole; an item keeps its own point.
    assert place_of(RankingOrder()) == Place(RANKING, 0)
    assert place_of(RankingItem(25)) == Place(RANKING, 0, "25")
    assert set(practice_map.skills_for(Place(RANKING, 0))) >= {"three_card.order",
                                                               "three_card.payout"}


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_citation_of_one_rank_highlights_that_rank_not_the_whole_list(qtbot, window,
                                                                        language):
    """Art. 9 item II lists ten ranks in 30 lines: a tier won on a flush cites its line,
    5., and only that line is lit (the explanation's link leads there)."""
    from trainer.rules.thirteen.hands import Category
    from trainer.rules.thirteen.showdown import art_9_rank

    window.switch_language(language)
    place = place_of(art_9_rank(Category.FLUSH))
    assert place == Place(TEXT_OF["51/89/M"], 9, "II.5")
    window.open_rulebook(place)
    page = window.rulebook
    whole = load("51-89-M").article(9).point("II").text[language]
    assert page.shown_point() == whole.splitlines()[5] and page.shown_point().startswith("5.")
    shown = page.reader.toHtml()
    lit = [line for line in shown.split("<br />") if HIGHLIGHT.lstrip("#") in line.lower()]
    words = html.unescape(re.sub(r"<[^>]+>", "", lit[0])) if lit else ""
    assert len(lit) == 1 and words.startswith(whole.splitlines()[5][:40])
    assert place_of(art_9_rank(Category.ROYAL_FLUSH)).item == "II.1"
    assert place_of(art_9_rank(Category.HIGH_CARD)).item == "II.10"
    assert set(practice_map.skills_for(place)) <= set(
        practice_map.skills_for(Place(TEXT_OF["51/89/M"], 9, "II")))


def test_a_tier_won_cites_the_winning_ranks_line_and_two_ranks_the_lists_order():
    from trainer.rules.cards import parse_cards
    from trainer.rules.regulations import Article, Regulation
    from trainer.rules.thirteen.hands import evaluate
    from trainer.rules.thirteen.rulings import why_higher

    flush = evaluate(parse_cards("2H 5H 7H 9H JH"))
    lower_flush = evaluate(parse_cards("2S 4S 7S 9S JS"))
    pair = evaluate(parse_cards("2C 2D 7S 9S JS"))
    assert why_higher(flush, lower_flush).source == Article(Regulation.THIRTEEN_CARDS, 9,
                                                             "II.5")
    assert why_higher(flush, pair).source == Article(Regulation.THIRTEEN_CARDS, 9, "II")
