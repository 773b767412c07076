"""A rulebook text as HTML for the page and for print: articles, their points with anchors,
the chosen place and the words searched for highlighted."""

from __future__ import annotations

import html
import re

from i18n import _
from ui.palette import hex_colour, hex_of
from ui.rulebook.places import HOUSE, Place
from ui.rulebook.search import folded
from ui.rulebook.texts import Text

#: The place asked for and a word searched for, in the normal palette (the page takes the
#: palette in use when it is written: :func:`ui.palette.hex_colour`).
HIGHLIGHT = hex_of("highlight")
MATCH = hex_of("match")



def anchor_name(place: Place) -> str:
    return "p_" + re.sub(r"[^0-9A-Za-z]", "_", place.anchor)


def label(item: str) -> str:
    """How a point is numbered in the text: "a)", "2.", "II.", "(5)"."""
    if not item:
        return ""
    inner = re.fullmatch(r"(?:[a-z]|\d+)\((\w+)\)", item)
    if inner:
        return f"({inner.group(1)})"
    if item.isdigit():
        return f"{item}."
    return f"{item})" if item.islower() else f"{item}."


def article_title(text: Text, number: int, language: str) -> str:
    article = text.article(number)
    heading = article.heading[language] if article and article.heading else ""
    if number == 0 or text.key == HOUSE:
        return heading
    name = _("Article {number}").format(number=number)
    return f"{name} — {heading}" if heading else name


def marked(words: str, query: str) -> str:
    """``words`` as HTML (its line breaks kept), each occurrence of ``query`` (case and
    accents aside) marked."""
    return _marked(words, query).replace("\n", "<br>")


def _marked(words: str, query: str) -> str:
    wanted = folded(query.strip()) if query else ""
    if len(wanted) < 2:
        return html.escape(words)
    haystack, out, start = folded(words), [], 0
    while (at := haystack.find(wanted, start)) >= 0:
        out += [html.escape(words[start:at]),
                f"<span style='background:{hex_colour('match')}'>"
                f"{html.escape(words[at:at + len(wanted)])}"
                "</span>"]
        start = at + len(wanted)
    return "".join(out + [html.escape(words[start:])])


def numbered_line(words: str, line: str) -> int | None:
    """Which of ``words``' lines is its numbered line ``line`` ("5." starts it)."""
    return next((n for n, said in enumerate(words.split("\n"))
                 if said.startswith(f"{line}.")), None)


def lit_line(words: str, query: str, line: str, anchor: str) -> str:
    """``words`` as HTML with its numbered line ``line`` highlighted and anchored (the rank
    that decided, not the whole list), the rest as :func:`marked` gives it."""
    lines = words.split("\n")
    at = numbered_line(words, line)
    shown = [_marked(said, query) for said in lines]
    if at is not None:
        shown[at] = (f"<a name='{anchor}'></a><span style='background:{hex_colour('highlight')}'>"
                     f"{shown[at]}</span>")
    return "<br>".join(shown)


def text_html(text: Text, language: str, chosen: Place | None = None, query: str = "",
              official_beside: bool = False) -> str:
    """The whole text; the chosen point (or every point of a chosen article) highlighted."""
    parts = [f"<h2>{html.escape(text.title[language])}</h2>"]
    if language not in text.official:
        parts.append(f"<p style='color:{hex_colour('aside')}'><i>{{}}</i></p>".format(html.escape(_(
            "Unofficial translation by the app: the official text is in Portuguese{also}.")
            .format(also=_(" and Chinese") if "zh_Hant_MO" in text.official else ""))))
    for paragraph in text.preamble:
        parts.append(f"<p>{marked(paragraph[language], query)}</p>")
    for article in text.articles:
        place = Place(text.key, article.number)
        parts.append(f"<a name='{anchor_name(place)}'></a><h3>"
                     f"{html.escape(article_title(text, article.number, language))}</h3>")
        for point in article.points:
            here = Place(text.key, article.number, point.item)
            lit = chosen is not None and (chosen == here or (
                not chosen.item and chosen.whole_article() == place))
            indent = 28 if "(" in point.item else 0
            style = f"margin-left:{indent}px" + (
                f"; background:{hex_colour('highlight')}" if lit else "")
            number = label(point.item)
            line = chosen.line if chosen is not None and chosen.line and \
                Place(chosen.text, chosen.article, chosen.point) == here else ""
            words = lit_line(point.text[language], query, line, anchor_name(chosen)) \
                if line and chosen is not None else marked(point.text[language], query)
            beside = ""
            if official_beside and language != "pt_MO":
                beside = (f"<br><span style='color:{hex_colour('aside_quiet')}'>"
                          f"{marked(point.text['pt_MO'], query)}"
                          "</span>")
            parts.append(f"<a name='{anchor_name(here)}'></a><p style='{style}'>"
                         f"{f'<b>{number}</b> ' if number else ''}{words}{beside}</p>")
    return "".join(parts)
