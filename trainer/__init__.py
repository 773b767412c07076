"""The rules core and the trainees' progress (no Qt)."""

#: The app's version: the package's (pyproject.toml reads it from here), ``--version``'s,
#: and the one an installed package is named with.
__version__ = "0.2.0"
