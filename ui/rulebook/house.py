"""The house interpretations in the rulebook: what each decides and, where a casino may
choose, the house's current setting (the settings the desk's House rules page edits)."""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal
from typing import Any

from i18n import LANGUAGES, _, format_money, speaking
from trainer.rules.house import HouseRules
from trainer.rules.interpretations import CODES, title
from ui.house_settings import GROUPS, RuleField, SettingKind, plain
from ui.rulebook.places import HOUSE
from ui.rulebook.texts import Article, Point, Text

_CODE = re.compile(r"\((HI-[A-Z0-9-]+)\)")


def settings_of(code: str) -> tuple[RuleField, ...]:
    """The desk's settings of the house interpretation ``code`` (named in their labels)."""
    return tuple(rule for group in GROUPS for rule in group.fields
                 if code in _CODE.findall(rule.label))


def setting_words(rule: RuleField, values: dict[str, Any]) -> str:
    """``rule``'s current value in words, in the language shown."""
    value: Any = values
    for key in rule.path:
        value = value[key]
    if rule.kind is SettingKind.PERCENT:
        return f"{Decimal(value) * 100:.2f}".rstrip("0").rstrip(".") + " %"
    if rule.kind is SettingKind.TIMES:
        return _("{times} to 1").format(times=plain(Decimal(value)))
    if rule.kind in (SettingKind.MONEY, SettingKind.UNIT):
        return format_money(Decimal(value))
    if rule.kind is SettingKind.ROUNDS:
        return str(value)
    return next((_(words) for choice, words in rule.choices if choice == value), str(value))


#: Articles whose official table our texts do not hold (elided in the source: its last line,
#: in brackets, says so), and the house setting that stands in for it.
ELIDED = {("135-91-M", 8): ("mahjong", "commission_rate")}


def with_settings(text: Text, rules: HouseRules) -> Text:
    """``text`` with each elided table's bracketed line replaced by what this house sets in
    its place, and where (the table is not in the source, so the setting rules)."""
    values = rules.to_json()
    articles = []
    for article in text.articles:
        path = ELIDED.get((text.key, article.number))
        if path is not None:
            rule = next(r for group in GROUPS for r in group.fields if r.path == path)
            points = []
            for point in article.points:
                texts = {}
                for language, words in point.text.items():
                    with speaking(language):
                        said = _("[The official table is not in the text the app was given. "
                                 "This house: {setting}: {value} (the desk's House rules "
                                 "page).]").format(setting=_(rule.label),
                                                   value=setting_words(rule, values))
                    kept, _bracket, last = words.rpartition("\n")
                    texts[language] = f"{kept}\n{said}" if last.startswith("[") else \
                        f"{words}\n{said}"
                points.append(dataclasses.replace(point, text=texts))
            article = dataclasses.replace(article, points=tuple(points))
        articles.append(article)
    return dataclasses.replace(text, articles=tuple(articles))


def entries(rules: HouseRules) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """Each house interpretation: its code, what it decides, and its settings with their
    current values (none: a reading this version makes, with no setting)."""
    values = rules.to_json()
    return [(code, str(title(code)),
             [(_(rule.label), setting_words(rule, values)) for rule in settings_of(code)])
            for code in CODES]


def as_text(rules: HouseRules) -> Text:
    """The house interpretations as a rulebook text (one article each, numbered as
    :data:`CODES` lists them), in the three languages, with the house's settings now."""
    words: dict[str, list[tuple[str, str, list[tuple[str, str]]]]] = {}
    intro, name, fixed, setting = {}, {}, {}, {}
    for language in LANGUAGES:
        with speaking(language):
            words[language] = entries(rules)
            name[language] = _("House interpretations")
            intro[language] = _(
                "Where the official texts are silent or unclear, the app makes a choice; "
                "where a casino may choose otherwise, an instructor sets it on the desk's "
                "House rules page.")
            fixed[language] = _("No setting: the app always reads it so.")
            setting[language] = _("Setting now: {setting}: {value}.")
    articles = []
    for number, code in enumerate(CODES, start=1):
        texts = {}
        for language in LANGUAGES:
            _code, decides, settings = words[language][number - 1]
            said = " ".join(setting[language].format(setting=label, value=value)
                            for label, value in settings) or fixed[language]
            texts[language] = f"{decides} {said}"
        articles.append(Article(number, dict.fromkeys(LANGUAGES, code), (Point("", texts),)))
    return Text(HOUSE, HOUSE, name, frozenset(LANGUAGES), (intro,), tuple(articles))
