"""The desktop app (PySide6). No game logic here: widgets ask ``questions`` and the store."""
