"""The school server's side: connecting to it, its schema and roles (``server init``), the
functions its roles call, and the IT commands that set it up."""
