"""The table mode's engine: a whole round of a game, played as the croupier, step by step.

Pure (no Qt, no store, no clock, no I/O but the command line's): a round is drawn from
(game, seed, mode, house rules), worked out from the rules core's rulings, and each action,
in its plain text form, is graded the moment it is given.

- :mod:`.actions` — actions in their text form and the strict reader of a game's grammar;
- :mod:`.play` — steps, verdicts, the round and its runner, ``solve`` and ``play``;
- :mod:`.modes` — learn, guided, practice, table-ready;
- :mod:`.incidents` — incidents drawn from the seed, called and ruled;
- :mod:`.games` — the games by id, and ``start``;
- one package per game: :mod:`.mahjong_baccarat`, :mod:`.thirteen`;
- ``python -m trainer.rounds`` — the command line (:mod:`.__main__`).
"""
