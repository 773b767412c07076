"""The command line: --solve and play round-trip; bad input gives a message and exit code 2."""

import json
import subprocess
import sys

from trainer.rounds.__main__ import BAD_INPUT, main
from trainer.rounds.games import GAMES

ROUND = ["play", "mahjong_baccarat", "--seed", "42", "--mode", "table-ready"]


def solved(capsys, *extra):
    assert main([*ROUND, "--solve", *extra]) == 0
    return capsys.readouterr().out.splitlines()


def test_the_solved_actions_play_back_all_right(capsys, tmp_path):
    actions = solved(capsys)
    (tmp_path / "round.txt").write_text("# seed 42\n\n" + "\n".join(actions) + "\n")
    assert main([*ROUND, "--actions", str(tmp_path / "round.txt")]) == 0
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["action"] for line in lines] == actions
    assert [line["step"] for line in lines] == list(range(1, len(actions) + 1))
    assert all(line["correct"] and line["article"] and "expected" not in line
               for line in lines)
    assert err == ""  # the whole round: nothing said of where it stops


def test_a_file_that_stops_before_the_end_says_where_the_round_goes_on(capsys, tmp_path):
    actions = solved(capsys)
    (tmp_path / "round.txt").write_text("\n".join(actions[:5]) + "\n")
    assert main([*ROUND, "--actions", str(tmp_path / "round.txt")]) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 5
    assert err == (f"The actions stop after step 5 of {len(actions)}: the round goes on at "
                   "step 6.\n")


def test_a_wrong_action_is_printed_with_the_expected_one(capsys, tmp_path):
    actions = solved(capsys)
    at = next(n for n, line in enumerate(actions) if line.startswith("first "))
    place = int(actions[at].split()[1]) % 10 + 1
    (tmp_path / "round.txt").write_text("\n".join([*actions[:at], f"first {place}"]))
    assert main([*ROUND, "--actions", str(tmp_path / "round.txt")]) == 0
    last = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert last["step"] == at + 1 and last["correct"] is False
    assert last["expected"] == actions[at] and last["mistake"] == "wrong"
    assert last["article"] == "Ordinance 15/96/M (Mahjong Baccarat), Article 2(2)"


def test_a_line_that_is_not_an_action_exits_2_with_its_line(capsys, tmp_path):
    (tmp_path / "round.txt").write_text("reorder allow\npay 3 570,50\n")
    assert main([*ROUND, "--actions", str(tmp_path / "round.txt")]) == BAD_INPUT
    assert capsys.readouterr().err == (f"{tmp_path / 'round.txt'}, line 2: “570,50” is not an "
                                       "amount: write it in digits, with a dot before any "
                                       "decimals, such as 570 or 541.50.\n")


def test_actions_after_the_end_of_the_round_exit_2(capsys, tmp_path):
    actions = solved(capsys)
    (tmp_path / "round.txt").write_text("\n".join([*actions, "bank none"]))
    assert main([*ROUND, "--actions", str(tmp_path / "round.txt")]) == BAD_INPUT
    assert f"The round is over after its {len(actions)} steps." in capsys.readouterr().err


def test_a_malformed_house_file_exits_2_with_a_message(capsys, tmp_path):
    for text, message in [("{not json", "Expecting property name"),
                          ('{"mahjong_baccarat": {"par": 3}}', "unknown house rule 'par'"),
                          ('{"mahjong_baccarat": {"commission_rate": "five"}}',
                           "a setting that is a number is not written as one."),
                          ('{"mahjong_baccarat": {"max_rounds_in_a_row": "two"}}',
                           "house rule mahjong_baccarat.max_rounds_in_a_row cannot be 'two'"),
                          ('[1, 2]', "HouseRules settings must be an object")]:
        (tmp_path / "house.json").write_text(text)
        assert main([*ROUND, "--solve", "--house", str(tmp_path / "house.json")]) == BAD_INPUT
        err = capsys.readouterr().err
        assert err.startswith(f"The house rules in {tmp_path / 'house.json'} cannot be read: ")
        assert message in err
    assert main([*ROUND, "--solve", "--house", str(tmp_path / "none.json")]) == BAD_INPUT
    assert "cannot be read: [Errno 2]" in capsys.readouterr().err


def test_house_rules_change_the_round(capsys, tmp_path):
    (tmp_path / "house.json").write_text('{"mahjong_baccarat": {"commission_rate": "0.1"}}')
    assert solved(capsys, "--house", str(tmp_path / "house.json")) != solved(capsys)


def test_an_unknown_game_exits_2(capsys):
    assert main(["play", "blackjack", "--seed", "1", "--solve"]) == BAD_INPUT
    assert capsys.readouterr().err == ("There is no table round for “blackjack”; the games "
                                       f"are: {', '.join(GAMES)}.\n")
    assert list(GAMES)[:2] == ["mahjong_baccarat", "thirteen"]


def test_messages_in_the_language_asked_for(capsys):
    assert main(["play", "blackjack", "--seed", "1", "--solve", "--language", "pt_MO"]) == 2
    assert capsys.readouterr().err == ("Não há jogadas à mesa para «blackjack»; os jogos são: "
                                       f"{', '.join(GAMES)}.\n")


def test_run_as_a_module_without_a_traceback(tmp_path):
    (tmp_path / "round.txt").write_text("open three\n")
    done = subprocess.run([sys.executable, "-m", "trainer.rounds", *ROUND, "--actions",
                           str(tmp_path / "round.txt")], capture_output=True, text=True)
    assert done.returncode == BAD_INPUT
    assert done.stderr.endswith("line 1: “three” is not a place: the places are numbered 1 "
                                "to 10.\n")
    assert "Traceback" not in done.stderr


THIRTEEN = ["play", "thirteen", "--seed", "35", "--mode", "table-ready"]


def test_a_thirteen_card_round_solves_and_plays_back_with_a_slip_caught(capsys, tmp_path):
    assert main([*THIRTEEN, "--solve"]) == 0
    actions = capsys.readouterr().out.splitlines()
    at = next(n for n, line in enumerate(actions) if line.startswith("set "))
    back, middle, front = actions[at].split()[1:]
    slip = f"set {middle} {back} {front}"  # the middle and back swapped: a foul
    (tmp_path / "round.txt").write_text("\n".join([*actions[:at], slip, *actions[at + 1:]]))
    assert main([*THIRTEEN, "--actions", str(tmp_path / "round.txt")]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["step"] for line in lines if not line["correct"]] == [at + 1]
    assert lines[at]["expected"] == actions[at]
    assert lines[at]["article"] == "House interpretation HI-HOUSE-WAY"


class _ClosedPipe:
    """Standard output whose reader has gone (``| head``): every write breaks the pipe."""

    def write(self, _text):
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self):
        pass

    def close(self):
        pass


def test_a_reader_that_stops_early_ends_the_command_quietly(monkeypatch):
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    monkeypatch.setattr(sys, "stderr", _ClosedPipe())  # closed, as the command closes it
    assert main([*ROUND, "--solve"]) == 0
