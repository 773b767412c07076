"""13-card questions at the table: the first seat, a misdeal and the table's procedure, with
their scenes."""
