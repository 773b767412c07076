"""Tools that write the files the rules core ships but may not write itself (it does no
I/O): run by a developer, never by the app."""
