"""An explanation shown as short numbered steps, each with its article set apart.

A run of cards (``K♠ Q♥ 3♦``) or of ranks (``K-Q-J-10-4``) is never broken across lines.
"""

from __future__ import annotations

import html
import re

from questions import Verdict
from ui.palette import hex_colour
from ui.rulebook.places import place_of

_CARD_GAP = re.compile(r"(?<=[♠♥♦♣]) (?=(?:10|[2-9JQKA])[♠♥♦♣])")
_RANK_RUN = re.compile(r"\b(?:10|[2-9JQKA])(?:-(?:10|[2-9JQKA]))+\b")


def unbroken(text: str) -> str:
    """``text`` with its runs of cards and ranks held together (no-break space, no-break
    hyphen)."""
    text = _CARD_GAP.sub("\u00a0", text)
    return _RANK_RUN.sub(lambda run: run.group(0).replace("-", "\u2011"), text)


def steps_html(verdict: Verdict) -> str:
    """The verdict's reasons as a numbered list; the citation of each on a line of its own,
    smaller, a link that opens the rulebook there (:mod:`ui.rulebook.links`)."""
    items = "".join(
        f"<li style='margin-bottom:6px'>{html.escape(unbroken(text), quote=False)}<br>"
        f"<a href='{place_of(reason.source).link}'"
        f" style='color:{hex_colour('link')}; font-size:small'>"
        f"{html.escape(cite, quote=False)}</a></li>"
        for (text, cite), reason in zip(verdict.steps, verdict.reasons, strict=True))
    return f"<ol style='margin-left:-20px'>{items}</ol>"
