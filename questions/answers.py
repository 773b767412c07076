"""Reading a trainee's answer into canonical form, or saying (translated) how to fix it.

Answers arrive from the app as typed text or as values picked with the mouse; the
headless command passes text. Each reader accepts both and raises
:class:`~questions.model.UnreadableAnswer` for anything it cannot read — never a
wrong grade for a typo.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from i18n import N_, Message, MoneyError, format_money, parse_money
from questions.model import Option, Question, UnreadableAnswer
from trainer.rules.chips import MOST_OF_ONE


def _values(question: Question) -> list[int | str]:
    return [option.value for option in question.form.options]


def _one_value(question: Question, token: Any,
               options: tuple[Option, ...] | None = None) -> int | str:
    """One option value (of ``options``, by default the form's), given as itself, as its
    text (``"3"`` for option 3) or by its label in the language shown ("jogador", "閒家"
    as well as "player")."""
    text = _plain(str(token))
    coerced = isinstance(token, bool | float)  # True is not option 1, nor 26.0 option 26
    for option in question.form.options if options is None else options:
        if not coerced and (token == option.value or text in (_plain(str(option.value)),
                                                              _plain(str(option.label)))):
            return option.value
    raise UnreadableAnswer(Message.of(N_("“{text}” is not one of the options: choose among "
                                         "{options}."),
                                      text=str(token).strip(),
                                      options=_listing(question, options)))


def _plain(text: str) -> str:
    return " ".join(text.split()).casefold()


def _listing(question: Question, options: tuple[Option, ...] | None = None) -> str:
    """What to type for each option: a code as it is (17, A, 5m), an option whose value is
    a word ("player", "void") by its name in the language shown."""
    listed = question.form.options if options is None else options
    names = [str(option.label) if _is_word(option.value) else str(option.value)
             for option in listed]
    words = any(_is_word(option.value) for option in listed)
    return ("; " if words else ", ").join(names)


def _is_word(value: Any) -> bool:
    """"player", "no", "front-middle" are words; 17, "A", "5m", "E" are codes."""
    return (isinstance(value, str) and len(value) > 1 and any(c.islower() for c in value)
            and not any(c.isdigit() for c in value))


def _tokens(answer: Any) -> list[Any]:
    """A list given as a list, or typed as text separated by spaces, commas or '>'."""
    if answer is None:
        return []
    if isinstance(answer, str):
        text = answer
        for separator in (",", ">", "，", "、", ";"):
            text = text.replace(separator, " ")
        return text.split()
    if isinstance(answer, Iterable):
        return list(answer)
    return [answer]


def read_choice(question: Question, answer: Any) -> int | str:
    """One of the form's options."""
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        raise UnreadableAnswer(Message.of(N_("Choose one of the options: {options}."),
                                          options=_listing(question)))
    return _one_value(question, answer)


def read_choices(question: Question, answer: Any) -> frozenset[int | str]:
    """Any set of the form's options (possibly none)."""
    return frozenset(_one_value(question, token) for token in _tokens(answer))


def read_ruling(question: Question, answer: Any) -> dict[str, Any]:
    """One ruling and the reasons ticked for it: ``{"ruling": value, "reasons": frozenset}``.

    Given as such a mapping, as a list whose first item is the ruling, or typed as text
    (the ruling first, then the reasons)."""
    if isinstance(answer, dict):
        ruling, reasons = answer.get("ruling"), _tokens(answer.get("reasons"))
    else:
        ruling, *reasons = _tokens(answer) or [None]
    if ruling is None or (isinstance(ruling, str) and not ruling.strip()):
        raise UnreadableAnswer(Message.of(N_("Choose the ruling: {options}."),
                                          options=_listing(question)))
    return {"ruling": _one_value(question, ruling),
            "reasons": frozenset(_one_value(question, token, question.form.reasons)
                                 for token in reasons)}


def read_ordering(question: Question, answer: Any) -> tuple[int | str, ...]:
    """Every option exactly once, in the order given (first = highest)."""
    order = tuple(_one_value(question, token) for token in _tokens(answer))
    if sorted(map(str, order)) != sorted(map(str, _values(question))):
        raise UnreadableAnswer(Message.of(N_("Put every one of {options} in order, each "
                                             "exactly once."), options=_listing(question)))
    return order


def read_amount(answer: Any) -> Decimal:
    """An amount of money: a number, or text read in the current language's conventions."""
    if isinstance(answer, Decimal):
        return answer
    if isinstance(answer, int) and not isinstance(answer, bool):
        return Decimal(answer)
    if isinstance(answer, bool | float):  # money is never a float, nor a yes or no
        raise UnreadableAnswer(Message.of(N_("Type an amount, for example {example}."),
                                          example=format_money(Decimal("1234.50"))))
    try:
        return parse_money("" if answer is None else str(answer))
    except MoneyError as error:
        raise UnreadableAnswer(error.message) from None


def ordering_score(given: tuple[Any, ...], expected: tuple[Any, ...]) -> float:
    """The share of pairs put in the right relative order (1.0 when all are)."""
    position = {value: index for index, value in enumerate(given)}
    pairs = [(a, b) for i, a in enumerate(expected) for b in expected[i + 1:]]
    if not pairs:
        return 1.0
    return sum(position[a] < position[b] for a, b in pairs) / len(pairs)


def ruling_score(given: dict[str, Any], expected: dict[str, Any]) -> float:
    """Nothing for the wrong ruling; for the right one, half, and the other half by how
    well the reasons ticked match the reasons that apply."""
    if given["ruling"] != expected["ruling"]:
        return 0.0
    return 0.5 + 0.5 * choices_score(frozenset(given["reasons"]),
                                     frozenset(expected["reasons"]))


def choices_score(given: frozenset[Any], expected: frozenset[Any]) -> float:
    """Overlap of two sets of options (Jaccard); 1.0 only when they are the same."""
    union = given | expected
    return 1.0 if not union else len(given & expected) / len(union)


def read_chips(answer: Any, tray: tuple[Decimal, ...]) -> tuple[dict[Decimal, int], Decimal]:
    """A payment in chips: ``{"chips": {"100": 3, "25": 1}, "change": "2.50"}`` — how many
    of each of the tray's denominations, and the change typed beside them (text in the
    current language's conventions, or empty), which is below the smallest chip
    (HI-CHIP-CHANGE). The chips as denomination → count, and the change."""
    if not isinstance(answer, dict) or set(answer) - {"chips", "change"}:
        raise UnreadableAnswer(Message.of(N_("Pay with the chips of the tray.")))
    given = answer.get("chips", {})
    if not isinstance(given, dict):
        raise UnreadableAnswer(Message.of(N_("Pay with the chips of the tray.")))
    chips: dict[Decimal, int] = {}
    for key, count in given.items():
        try:
            value = Decimal(str(key))
        except ArithmeticError:
            value = Decimal(-1)
        if value not in tray or type(count) is not int or not 0 <= count <= MOST_OF_ONE:
            raise UnreadableAnswer(Message.of(N_("Pay with the chips of the tray.")))
        if count:
            chips[value] = chips.get(value, 0) + count
    text = answer.get("change") or ""
    change = read_amount(text) if str(text).strip() else Decimal(0)
    if not Decimal(0) <= change < tray[0]:
        raise UnreadableAnswer(Message.of(N_(
            "Change is what is below the smallest chip ({smallest}): pay the rest in chips."),
            smallest=format_money(tray[0])))
    return chips, change
