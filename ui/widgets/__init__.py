"""Things a croupier recognises, painted by the project (dice, the table and its places), and
the controls the screens share."""
