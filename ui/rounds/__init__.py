"""The table mode on screen: a whole round played as the croupier (``trainer.rounds``).

=====================  ==============================================================
module                 what
=====================  ==============================================================
``setup``              the page before a round: the game and the way to play
``screen``             the round: the table, the scene, the hint, the verdicts, the keys
``kit``, ``kits``      what the screen needs of each game: keys, calls, rulings, table
``game_table``         what the screen asks of a game's table widget
``table``              the Mahjong Baccarat table drawn from the engine's view
``thirteen_table``     the 13-card table drawn from the engine's view
``setting``            the 13-card banker's hand set in tiers (the house-way control)
``controls``           the buttons: actions, calls, rulings, the amount and chips
``draft``              the action being put together, sent in the engine's text form
``review``             a step's verdict with its article; the round reviewed at the end
``replay``             a played round replayed step by step (the desk's and the trainee's)
``mine``               the trainee's own rounds, from their progress page
=====================  ==============================================================
"""
