"""Searching the rulebook: in the language shown, and in Portuguese always.

Case and accents do not matter ("comissao" finds «comissão»); each hit is a point, with a
short extract around the first match.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ui.rulebook.places import Place
from ui.rulebook.texts import Text

#: At most this many hits are listed.
MOST_HITS = 200
_AROUND = 40


def folded(text: str) -> str:
    """``text`` without case or accents, one character for each of ``text``'s."""
    return "".join(unicodedata.normalize("NFD", ch)[0].casefold()[:1] or ch for ch in text)


@dataclass(frozen=True)
class Hit:
    place: Place
    language: str
    extract: str


def search(texts: list[Text], query: str, language: str) -> list[Hit]:
    """The points of ``texts`` holding ``query`` in ``language`` or in Portuguese, in the
    rulebook's order (the language shown first where both hold it)."""
    wanted = folded(query.strip())
    if len(wanted) < 2:
        return []
    hits: list[Hit] = []
    for text in texts:
        for article in text.articles:
            for point in article.points:
                for lang in dict.fromkeys((language, "pt_MO")):
                    words = point.text[lang]
                    at = folded(words).find(wanted)
                    if at >= 0:
                        hits.append(Hit(Place(text.key, article.number, point.item), lang,
                                        _extract(words, at, len(wanted))))
                        break
                if len(hits) >= MOST_HITS:
                    return hits
    return hits


def _extract(words: str, at: int, length: int) -> str:
    """The words around a hit, cut between words (a script written without spaces, such
    as Chinese, between characters)."""
    start, end = max(0, at - _AROUND), min(len(words), at + length + _AROUND)
    if start and not words[start - 1].isspace():
        space = words.find(" ", start, at)
        start = space + 1 if space >= 0 else start
    if end < len(words) and not words[end].isspace():
        space = words.rfind(" ", at + length, end)
        end = space if space >= 0 else end
    return ("…" if start else "") + " ".join(words[start:end].split()) + (
        "…" if end < len(words) else "")
