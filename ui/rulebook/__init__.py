"""The rulebook inside the app: the official texts, our translations, the house's readings."""
