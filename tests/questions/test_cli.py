"""The headless command: ``python -m questions list | sample``."""

import subprocess
import sys

import questions
from questions.__main__ import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_names_every_skill(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    assert [line.split("\t")[0] for line in out.splitlines()] == questions.skills()


def test_sample_prints_the_question_and_grades_a_typed_answer(capsys):
    question = questions.generate("thirteen.first_seat", 3, 1)
    right = question.reference_answer()
    code, out, _ = run(capsys, "sample", "thirteen.first_seat", "--seed", "3",
                       "--answer", str(right))
    assert code == 0
    assert str(question.prompt) in out and "Correct." in out and "Article 2" in out
    code, out, _ = run(capsys, "sample", "thirteen.first_seat", "--seed", "3",
                       "--answer", str(right % 4 + 1))
    assert code == 0 and "Not quite." in out


def test_sample_in_another_language(capsys):
    code, out, _ = run(capsys, "sample", "thirteen.first_seat", "--seed", "3",
                       "--lang", "zh_Hant_MO", "--reference")
    assert code == 0 and "第 2 條" in out


def test_an_unreadable_answer_is_not_graded(capsys):
    code, out, err = run(capsys, "sample", "thirteen.first_seat", "--answer", "seven")
    assert code == 2 and "1 to 4" in err and "Not quite" not in out


def test_an_unknown_skill_is_one_line(capsys):
    code, _, err = run(capsys, "sample", "thirteen.nothing")
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_it_runs_as_a_module():
    done = subprocess.run([sys.executable, "-m", "questions", "list"], capture_output=True,
                          text=True, check=True)
    assert "thirteen.first_seat" in done.stdout
