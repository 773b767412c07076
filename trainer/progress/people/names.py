"""The one rule for a person's name, applied wherever a name enters: the desk and the start
screen, a class list, the command line, an instructor's account, a bundle and the school
server's rows.

A name is kept as typed but for two things that do not change how it reads: Unicode's
composed form (NFC, so that "é" typed as "e" and an accent is the same name as "é") and its
white space (one space between words, none at either end). Characters that do not show, or
that change how the text around them shows, are refused, naming the character's code point so
that it can be found: controls, invisible formatting (a zero-width space or joiner, the
byte-order mark, tags), the marks and overrides of text direction (a right-to-left override
shows "Ana" as "anA"), private-use characters (each computer shows its own) and what is no
character (surrogates, noncharacters, unassigned code points). Such a name looks like another
one, or like nothing, and every desktop refused it in the bundles and the school server's rows
that carried it. Letters of every script, their marks, digits and punctuation are welcome.

Names stored or exported before the rule are not refused: :func:`repaired_name` gives each
one its allowed form, the same on every desktop, so that a person is one row everywhere.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from i18n import N_, Message
from trainer.progress.storage.errors import StoreError

MAX_NAME_LENGTH = 80

_CONTROL = N_("A name cannot hold the control character {code}.")
_DIRECTION = N_("A name cannot hold {code}, which changes the direction of the text around it.")
_INVISIBLE = N_("A name cannot hold {code}, an invisible formatting character.")
_TAG = N_("A name cannot hold the tag character {code}, which does not show.")
_PRIVATE = N_("A name cannot hold {code}, a private-use character that each computer shows "
              "in its own way.")
_NO_CHARACTER = N_("A name cannot hold {code}, which is not a character.")
_UNASSIGNED = N_("A name cannot hold {code}, which is not a character this version of the "
                 "trainer knows.")

#: Unicode's general categories refused, and why (Zl and Zp are white space: made a space).
_CATEGORIES = {"Cc": _CONTROL, "Zl": _CONTROL, "Zp": _CONTROL, "Cf": _INVISIBLE,
               "Co": _PRIVATE, "Cs": _NO_CHARACTER, "Cn": _UNASSIGNED}
#: The explicit embeddings, overrides and isolates of the bidirectional algorithm (by class),
#: and its marks (LRM, RLM, ALM), whose classes are those of letters.
_DIRECTION_CLASSES = {"LRE", "RLE", "PDF", "LRO", "RLO", "LRI", "RLI", "FSI", "PDI"}
_DIRECTION_MARKS = {"\u200e", "\u200f", "\u061c"}
_TAGS = range(0xE0000, 0xE0080)


def tidied(text: str) -> str:
    """``text`` as names are written: composed (NFC), one space between words, none at the
    ends. Nothing is refused: a name looked up is tidied, then compared."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def stored_name(text: str) -> str:
    """The name ``text`` is stored as (:func:`tidied`), or a :class:`StoreError` saying what
    is wrong with it: empty, too long, or the first character a name cannot hold."""
    name = tidied(text)
    if not name:
        raise StoreError(Message.of(N_("Type a name.")))
    for character in name:
        refusal = _refusal(character)
        if refusal is not None:
            raise StoreError(Message.of(refusal, code=code_point(character)))
    if len(name) > MAX_NAME_LENGTH:
        raise StoreError(Message.of(N_("A name has at most {count} characters."),
                                    count=MAX_NAME_LENGTH))
    return name


def is_name(value: Any) -> bool:
    """Whether ``value`` is a name as stored: text the rule accepts and leaves as it is."""
    if type(value) is not str or len(value) > MAX_NAME_LENGTH:  # an empty one: stored_name
        return False
    try:
        return stored_name(value) == value
    except StoreError:
        return False


def plain_name(name: str) -> str:
    """A name as names are told apart: "ana  ho" and "Ana Ho" are the same name, and so are
    "É" composed and "E" with its accent (Unicode's canonical caseless match)."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", tidied(name)).casefold())


def repaired_name(name: str, person_id: str) -> str:
    """The allowed form of a name stored before the rule: the characters a name cannot hold
    left out (those that are white space become a space), composed, tidied and cut to the
    longest a name may be. It depends on nothing but the name (and, for a name of nothing
    left, the person's id: "Person 1a2b3c4d"), so every desktop repairs it alike."""
    if is_name(name):
        return name
    kept = "".join(c if c.isspace() or _refusal(c) is None else ""
                   for c in unicodedata.normalize("NFC", name))
    shortened = tidied(tidied(kept)[:MAX_NAME_LENGTH])
    if is_name(shortened):
        return shortened
    return "Person " + "".join(c for c in person_id if c.isascii() and c.isalnum())[:8]


def code_point(character: str) -> str:
    """How a character is named so that it can be found: "U+200B"."""
    return f"U+{ord(character):04X}"


def _refusal(character: str) -> str | None:
    """Why a name cannot hold ``character`` (a message id), or None if it can."""
    if character in _DIRECTION_MARKS or unicodedata.bidirectional(character) in (
            _DIRECTION_CLASSES):
        return _DIRECTION
    if ord(character) in _TAGS:
        return _TAG
    if _is_noncharacter(ord(character)):
        return _NO_CHARACTER
    return _CATEGORIES.get(unicodedata.category(character))


def _is_noncharacter(code: int) -> bool:
    """The 66 code points Unicode keeps as never characters: U+FDD0..U+FDEF, and the last
    two of every plane."""
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE
