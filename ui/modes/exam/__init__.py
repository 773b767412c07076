"""An exam, as a trainee sits it: the list of exams set, the sitting (and its preview by an
instructor), leaving it, and the result with every question replayed."""
