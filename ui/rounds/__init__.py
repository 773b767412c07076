"""The table mode on screen: a whole round played as the croupier (``trainer.rounds``).

=====================  ==============================================================
module                 what
=====================  ==============================================================
``setup``              the page before a round: the game and the way to play
``screen``             the round: the table, the scene, the hint, the verdicts, the keys
``table``              the table drawn from the engine's view at the current step
``controls``           the buttons: actions, calls, rulings, the amount and chips
``draft``              the action being put together, sent in the engine's text form
``review``             a step's verdict with its article; the round reviewed at the end
``replay``             a played round replayed step by step (the desk's and the trainee's)
``mine``               the trainee's own rounds, from their progress page
=====================  ==============================================================
"""
