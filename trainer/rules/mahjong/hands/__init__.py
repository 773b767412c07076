"""Mah-Jong hands: the tiles, a hand and its sets, the win check, and the fán a win scores."""
