"""What every game's round must show, checked the same way for each: a single wrong action
caught at its step while the rest replays right; the state after a wrong action the
reference state; every incident caught when called and missed when not."""

import random
from collections.abc import Callable, Iterable

from trainer.rounds.actions import Action
from trainer.rounds.play import Mistake, Round, RoundPlay, play, solve

Wrong = Callable[[Action, random.Random], Action]


def single_slips_caught(rounds: Iterable[Round], wrong: Wrong, rng: random.Random) -> set[str]:
    """Three single wrong actions (typed as text) in each round, each caught at its step
    with the step's article; the verbs of the actions slipped on."""
    caught = set()
    for round_ in rounds:
        actions = solve(round_)
        for _ in range(3):
            at = rng.randrange(len(actions))
            slip = wrong(actions[at], rng)
            verdicts = play(round_, [*actions[:at], str(slip), *actions[at + 1:]])
            assert [v.step for v in verdicts if not v.correct] == [at + 1]
            verdict = verdicts[at]
            assert verdict.given == slip and verdict.expected == actions[at]
            assert verdict.article == round_.steps[at].article and verdict.reasons
            expected = Mistake.MISSED if actions[at].verb == "call" else Mistake.WRONG
            assert verdict.mistake is expected
            caught.add(actions[at].verb)
    return caught


def wrong_actions_keep_the_reference_state(round_: Round, wrong: Wrong) -> None:
    played, reference = RoundPlay(round_), RoundPlay(round_)
    for step in round_.steps:
        played.give(wrong(step.expected, random.Random(0)))
        reference.give(step.expected)
        assert played.done() == reference.done()
    assert not any(v.correct for v in played.verdicts)


def incidents_caught_and_missed(rounds: Iterable[Round]) -> set[object]:
    """Each incident of the rounds: called and ruled, right; carried on past (the step
    after the ruling given instead of the call), missed at its step with its article. The
    kinds seen."""
    seen = set()
    for round_ in rounds:
        actions = solve(round_)
        for at, step in enumerate(round_.steps):
            if not step.incident:
                continue
            seen.add(step.expected.values[0])
            assert actions[at + 1].verb == "decide"
            verdicts = play(round_, [*actions[:at], actions[at + 2], *actions[at + 1:]])
            assert [(v.step, v.mistake) for v in verdicts if not v.correct] \
                == [(at + 1, Mistake.MISSED)]
            assert verdicts[at].reasons[0].text.msgid.startswith("Something happened here")
            assert verdicts[at].article == step.article
    return seen
