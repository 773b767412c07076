"""The question engine without the app: ``python -m questions list | sample SKILL ...``.

``sample`` prints one question (the situation, the prompt, the options) in the chosen
language and, given ``--answer``, grades it and prints the verdict and its explanation.
A payment in chips is given as JSON: ``--answer '{"chips": {"100": 3}, "change": "2.50"}'``.
An answer that cannot be read is not graded: its message says how to fix it (exit 2).
"""

from __future__ import annotations

import argparse
import json
import sys

import i18n
from i18n import _
from questions.model import AnswerKind, Question, UnreadableAnswer
from questions.registry import generate, skill, skills
from questions.skill import DIFFICULTIES


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m questions")
    commands = parser.add_subparsers(dest="command", required=True)
    listing = commands.add_parser("list", help="every skill id and its title")
    listing.add_argument("--lang", choices=i18n.LANGUAGES, default="en")
    sample = commands.add_parser("sample", help="print one question and grade an answer")
    sample.add_argument("skill")
    sample.add_argument("--seed", type=int, default=1)
    sample.add_argument("--difficulty", type=int, choices=DIFFICULTIES, default=1)
    sample.add_argument("--lang", choices=i18n.LANGUAGES, default="en")
    sample.add_argument("--answer", help="the answer as a trainee would type it")
    sample.add_argument("--reference", action="store_true",
                        help="grade the rules core's own answer")
    return parser.parse_args(argv)


def describe(question: Question) -> list[str]:
    lines = [f"{question.skill}  ·  {skill(question.skill).title}",
             _("Seed {seed}, difficulty {difficulty}").format(seed=question.seed,
                                                             difficulty=question.difficulty)]
    lines.append(_("At the table (as stored with the question):"))
    for key, value in question.to_json()["situation"].items():
        shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        lines.append(f"  {key}: {shown}")
    lines.append("")
    lines.append(str(question.prompt))
    for option in question.form.options:
        lines.append(f"  [{option.value}] {option.label}")
    return lines


def grade_lines(question: Question, answer: object) -> list[str]:
    verdict = question.grade(answer)
    return [verdict.summary, *(str(note) for note in verdict.notes),
            _("Score: {score}").format(score=f"{verdict.score:.0%}"),
            verdict.explanation]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    i18n.set_language(args.lang)
    if args.command == "list":
        for skill_id in skills():
            print(f"{skill_id}\t{skill(skill_id).title}")
        return 0
    try:
        question = generate(args.skill, args.seed, args.difficulty)
    except KeyError:
        print(_("Unknown skill “{skill}”; `python -m questions list` shows them all.")
              .format(skill=args.skill), file=sys.stderr)
        return 2
    print("\n".join(describe(question)))
    answer = question.reference_answer() if args.reference else args.answer
    if answer is None:
        return 0
    if question.form.kind in (AnswerKind.CHIPS, AnswerKind.WALK) and isinstance(answer, str):
        try:  # chips counted as JSON; anything else is refused by the reader
            answer = json.loads(answer)
        except json.JSONDecodeError:
            pass
    print()
    try:
        print("\n".join(grade_lines(question, answer)))
    except UnreadableAnswer as error:
        print(str(error), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
