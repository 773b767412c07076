"""The school's learning record store (an xAPI LRS): where it is and how the desk signs in
to it (:mod:`.settings`), the desk's outbox of statements (:mod:`.outbox`), and sending them
(:mod:`.sending`), offline first: a statement is queued on the desk and marked sent only
once the record store acknowledged it."""
