"""What a question is: a reproducible situation, a prompt, a form of answer, and a grade.

A ``Question`` is plain data that serialises to JSON (the store keeps it, exams replay
it). Grading never reads a stored key: the question's skill asks the rules core.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any, Protocol

from i18n import N_, Message, TranslatedError
from questions.situation import Situation
from trainer.rules.house import HouseRules
from trainer.rules.mistakes import OTHER, MistakeKind
from trainer.rules.regulations import Reason

JSON_VERSION = 1


class AnswerKind(StrEnum):
    CHOICE = "choice"  # one place, seat or option
    ORDERING = "ordering"
    AMOUNT = "amount"
    CHOICES = "choices"  # a set of options
    MOVES = "moves"  # card moves (card, from place, to place)
    ARRANGEMENT = "arrangement"  # 13 cards into three tiers
    RULING = "ruling"  # one ruling (an option) and every reason that applies (``reasons``)
    CHIPS = "chips"  # an amount paid in the house's chips, and change below the smallest
    WALK = "walk"  # a table settled place by place in chips (options: the places with a bet)


@dataclass(frozen=True)
class Option:
    value: int | str
    label: Message

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "label": self.label.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Option:
        return cls(data["value"], Message.from_json(data["label"]))


@dataclass(frozen=True)
class AnswerForm:
    """How the trainee answers. A ruling picks one of ``options`` and ticks every one of
    ``reasons`` (the articles behind it) that applies; other forms have no reasons."""

    kind: AnswerKind
    options: tuple[Option, ...] = ()
    reasons: tuple[Option, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind.value,
                                "options": [o.to_json() for o in self.options]}
        if self.reasons:
            data["reasons"] = [o.to_json() for o in self.reasons]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AnswerForm:
        return cls(AnswerKind(data["kind"]),
                   tuple(Option.from_json(o) for o in data.get("options", ())),
                   tuple(Option.from_json(o) for o in data.get("reasons", ())))


class UnreadableAnswer(TranslatedError, ValueError):
    """An answer that cannot be graded as typed; ``str()`` says how to fix it (translated)."""


@dataclass(frozen=True)
class Verdict:
    correct: bool
    score: float
    expected: Any
    expected_text: Message
    reasons: tuple[Reason, ...]
    #: What the answer is told besides the rules' reasons (the fewest chips, say): the
    #: house's practice, not the regulation's, so cited by none of its articles.
    notes: tuple[Message, ...] = ()
    #: The kinds of mistake a wrong answer is, named by the rules core (empty when right,
    #: and for a skill with no known mistakes; :data:`~trainer.rules.mistakes.OTHER` for a
    #: wrong answer that is none of its skill's usual mistakes).
    mistakes: tuple[MistakeKind, ...] = ()

    @property
    def mistake_lines(self) -> list[str]:
        """What the answer did wrong, one sentence per named kind with its article (in the
        current language), to say above the reasons; none for "another mistake"."""
        return [_sentence(str(mistake.line)) for mistake in self.mistakes
                if mistake is not OTHER]

    @property
    def mistake_ids(self) -> tuple[str, ...]:
        """The kinds' stable ids, as the store records them."""
        return tuple(mistake.id for mistake in self.mistakes)

    @property
    def explanation(self) -> str:
        """The rules core's reasons, each with its article, in the current language; each
        reason a sentence, so it starts with a capital ("four of a kind of 6 ranks above …"
        names a hand first)."""
        return "\n".join(_sentence(str(reason)) for reason in self.reasons)

    @property
    def steps(self) -> list[tuple[str, str]]:
        """The reasons as steps: each sentence and, apart, the article it cites (in the
        current language)."""
        return [(_sentence(str(reason.text)), str(reason.source.cite()))
                for reason in self.reasons]

    @property
    def word(self) -> str:
        """The verdict in a word, for its one line: "Correct." or "Not quite."."""
        return str(Message.of(N_("Correct.") if self.correct else N_("Not quite.")))

    @property
    def right_answer(self) -> str:
        """The right answer in a sentence (under a verdict that is not right)."""
        return str(Message.of(N_("The right answer: {expected}."),
                              expected=self.expected_words))

    @property
    def summary(self) -> str:
        if self.correct:
            return str(Message.of(N_("Correct.")))
        return str(Message.of(N_("Not quite. The right answer: {expected}."),
                              expected=self.expected_words))

    @property
    def expected_words(self) -> str:
        """The right answer in words, to end a sentence with (its own full stop dropped:
        "… and pay it." would end in two)."""
        return str(self.expected_text).rstrip(".。")


@dataclass(frozen=True)
class Question:
    skill: str
    seed: int
    difficulty: int
    #: What is dealt: the skill's typed situation (:mod:`questions.situation`).
    situation: Situation
    prompt: Message
    form: AnswerForm
    rules: HouseRules = field(default_factory=HouseRules)
    #: What is asked, shown beside the drawing when the prompt repeats what it draws
    #: (:meth:`questions.skill.Skill.brief`); ``None``: the prompt is shown.
    brief: Message | None = None

    @property
    def shown(self) -> Message:
        """The words shown with the table drawn: the brief, else the prompt."""
        return self.brief if self.brief is not None else self.prompt

    @property
    def game(self) -> str:
        return self.skill.split(".", 1)[0]

    def grade(self, answer: Any) -> Verdict:
        """Grade ``answer`` by asking the rules core; raises :class:`UnreadableAnswer`."""
        return skill_of(self.skill).grade(self, answer)

    def unanswered(self) -> Verdict:
        """The verdict on no answer at all (the time ran out, a question left): wrong, with
        the rules core's answer and its reasons as they read when nothing was given (not as
        the verdict on its own answer, which would speak of "the answer given")."""
        solution = skill_of(self.skill).solve(self)
        return Verdict(False, 0.0, solution.answer, solution.answer_text, solution.reasons)

    def reference_answer(self) -> Any:
        return skill_of(self.skill).solve(self).answer

    def to_json(self) -> dict[str, Any]:
        return {
            "version": JSON_VERSION,
            "skill": self.skill,
            "seed": self.seed,
            "difficulty": self.difficulty,
            "rules": self.rules.to_json(),
            "situation": self.situation.to_json(),
            "prompt": self.prompt.to_json(),
            "form": self.form.to_json(),
            **({} if self.brief is None else {"brief": self.brief.to_json()}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Question:
        if data.get("version") != JSON_VERSION:
            raise ValueError(f"unsupported question version {data.get('version')!r}")
        return cls(
            skill=data["skill"],
            seed=int(data["seed"]),
            difficulty=int(data["difficulty"]),
            situation=read_situation(data["skill"], data["situation"]),
            prompt=Message.from_json(data["prompt"]),
            form=AnswerForm.from_json(data["form"]),
            rules=HouseRules.from_json(data.get("rules", {})),
            brief=Message.from_json(data["brief"]) if "brief" in data else None,
        )


def read_situation(skill_id: str, data: Any) -> Situation:
    """A stored situation read as its skill's type; ``ValueError`` for one that is not
    (not an object, a key its type lacks) or a skill this version does not know."""
    if not isinstance(data, dict):
        raise ValueError(f"a situation is an object, not {type(data).__name__}")
    try:
        kind = skill_of(skill_id).situation_type
    except KeyError:
        raise ValueError(f"unknown skill {skill_id!r}") from None
    return kind.from_json(data)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def jsonable(answer: Any) -> Any:
    """The answer as plain JSON values (sets become sorted lists, Decimals text)."""
    if isinstance(answer, set | frozenset):
        return sorted((jsonable(a) for a in answer), key=str)
    if isinstance(answer, list | tuple):
        return [jsonable(a) for a in answer]
    if isinstance(answer, dict):
        return {str(k): jsonable(v) for k, v in answer.items()}
    if isinstance(answer, Decimal):
        return str(answer)
    return answer


# The skill that grades a question: the registry's, given to this module when it loads
# (it imports this module, so this one cannot import it: no cycle).


class Solved(Protocol):
    """What a skill's solution gives: the answer, how to say it, and why."""

    @property
    def answer(self) -> Any: ...

    @property
    def answer_text(self) -> Message: ...

    @property
    def reasons(self) -> tuple[Reason, ...]: ...


class Grading(Protocol):
    """What a question asks of its skill."""

    @property
    def situation_type(self) -> type[Situation]: ...

    def grade(self, question: Question, answer: Any) -> Verdict: ...

    def solve(self, question: Question) -> Solved: ...


_skill_of: Callable[[str], Grading] | None = None


def use_skills(lookup: Callable[[str], Grading]) -> None:
    """Questions are graded by the skills ``lookup`` finds by id (the registry's)."""
    global _skill_of
    _skill_of = lookup


def skill_of(skill_id: str) -> Grading:
    if _skill_of is None:  # only a broken install: the questions package gives it
        raise RuntimeError("no skills to grade with: import the questions package")
    return _skill_of(skill_id)
