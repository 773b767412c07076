"""Mah-Jong claim questions: who takes a discard, the calls ruled, what one player may claim,
and the words of the rulings."""
