"""Mah-Jong at the table: the wall and the deal, claims on a discard, the conduct of a game,
the nulo and who answers for a feed, and the payments."""
