"""The house rules page, its form, and the changes in the rules core's readings."""
