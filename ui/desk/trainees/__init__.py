"""The trainees page and what it opens: classes, first PINs, ID numbers."""
