"""Mah-Jong ruling questions: table conduct and the false win, with the scenes and cases built
for them."""
