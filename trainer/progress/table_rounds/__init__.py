"""Table rounds in a person's progress: each step recorded as the acting trainee's answer
to its skill as it is given (:mod:`.recording`), and the rounds read back whole for their
replay step by step (:mod:`.history`).

A step is an answer like any other (:mod:`trainer.rounds.recorded` says what its stored
question and answer hold), so mastery, self-study, targets, reports, bundles and the school
server count and carry rounds with no plumbing of their own.
"""
