"""Reports: the figures of a progress report, its spreadsheets, and the words they are
written in.
"""
