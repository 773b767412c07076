"""The rulebook's texts: the regulations, article by article and point by point, in the three
languages, shipped as package data (``texts/*.json``) and read the first time they are shown.

A text's JSON::

    {"source": "15/96/M",                        # the ordinance (or "ranking": the list)
     "title": {"pt_MO": …, "zh_Hant_MO": …, "en": …},
     "official": ["pt_MO", "zh_Hant_MO"],        # the languages of official text; the
                                                 # others are our own, unofficial translations
     "preamble": [{"pt_MO": …, "zh_Hant_MO": …, "en": …}, …],
     "articles": [{"number": 1, "heading": {…} or null,
                   "points": [{"item": "", "text": {…}},       # the article's own words
                              {"item": "a", "text": {…}}, …]}]}

A point's ``item`` is written as the rules core cites it (``trainer.rules.regulations``):
a letter ("b"), a number ("2"), a roman numeral ("II"), a letter with a numbered point
("a(5)"), a number with a lettered point ("1(a)"), or empty for the article's own words.

``python -m ui.rulebook.texts check [FILE…]`` checks texts and prints what is wrong.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from i18n import LANGUAGES

FOLDER = Path(__file__).with_name("texts")
_ITEM = re.compile(r"|[a-z]|\d+|[IVX]+|[a-z]\(\d+\)|\d+\([a-z]\)")


@dataclass(frozen=True)
class Point:
    item: str
    text: dict[str, str]


@dataclass(frozen=True)
class Article:
    number: int
    heading: dict[str, str] | None
    points: tuple[Point, ...]

    def point(self, item: str) -> Point | None:
        return next((p for p in self.points if p.item == item), None)


@dataclass(frozen=True)
class Text:
    key: str
    source: str
    title: dict[str, str]
    official: frozenset[str]
    preamble: tuple[dict[str, str], ...]
    articles: tuple[Article, ...]

    def article(self, number: int) -> Article | None:
        return next((a for a in self.articles if a.number == number), None)


class TextError(ValueError):
    """A rulebook text that is not as the format above says (a fault of the package)."""


def keys() -> tuple[str, ...]:
    """Every text shipped, by its file's name."""
    return tuple(sorted(path.stem for path in FOLDER.glob("*.json")))


@cache
def load(key: str) -> Text:
    return read(FOLDER / f"{key}.json")


def read(path: Path) -> Text:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise TextError(f"{path.name}: {error}") from error
    problems = list(_problems(raw))
    if problems:
        raise TextError(f"{path.name}: " + "; ".join(problems[:5]))
    return Text(path.stem, raw["source"], raw["title"], frozenset(raw["official"]),
                tuple(raw.get("preamble", ())),
                tuple(Article(a["number"], a.get("heading"),
                              tuple(Point(p["item"], p["text"]) for p in a["points"]))
                      for a in raw["articles"]))


def _languages(value: Any, where: str) -> list[str]:
    if not isinstance(value, dict) or set(value) != set(LANGUAGES):
        return [f"{where}: not one text per language {LANGUAGES}"]
    return [f"{where}: empty in {language}" for language, text in value.items()
            if not isinstance(text, str) or not text.strip()]


def _problems(raw: Any) -> list[str]:
    if not isinstance(raw, dict):
        return ["not a JSON object"]
    found: list[str] = []
    if not isinstance(raw.get("source"), str):
        found.append("no source")
    found += _languages(raw.get("title"), "title")
    if not set(raw.get("official", ())) <= set(LANGUAGES) or "pt_MO" not in raw.get(
            "official", ()):
        found.append("official: the Portuguese text is official; other languages by name")
    for n, paragraph in enumerate(raw.get("preamble", ())):
        found += _languages(paragraph, f"preamble {n + 1}")
    numbers: set[int] = set()
    for article in raw.get("articles", ()):
        number = article.get("number")
        if type(number) is not int or number in numbers:
            found.append(f"article {number!r}: missing or repeated number")
            continue
        numbers.add(number)
        if article.get("heading") is not None:
            found += _languages(article["heading"], f"article {number} heading")
        items = [p.get("item") for p in article.get("points", ())]
        if not items:
            found.append(f"article {number}: no points")
        for point in article.get("points", ()):
            item = point.get("item")
            if not isinstance(item, str) or not _ITEM.fullmatch(item):
                found.append(f"article {number}: item {item!r} not written as cited")
            elif items.count(item) > 1:
                found.append(f"article {number}: item {item!r} twice")
            found += _languages(point.get("text"), f"article {number} item {item!r}")
    if not numbers:
        found.append("no articles")
    return found


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv[1:]] or sorted(FOLDER.glob("*.json"))
    failed = 0
    for path in paths:
        try:
            text = read(path)
        except TextError as error:
            print(error)
            failed += 1
            continue
        points = sum(len(a.points) for a in text.articles)
        print(f"{path.name}: {text.source}, {len(text.articles)} articles, {points} points")
    return 1 if failed else 0


if __name__ == "__main__" and sys.argv[1:2] == ["check"]:
    sys.exit(main(sys.argv[1:]))
