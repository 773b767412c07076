"""Three-card baccarat: the 31 classes of a hand and the coup (classes), what each bet of
the house's table is paid (pay)."""
