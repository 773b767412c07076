"""Mah-Jong hand questions: winning hands and their waits, the fán, and the tiles and hands
built on purpose for them."""
