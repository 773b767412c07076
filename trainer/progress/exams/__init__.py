"""Exams: defining them, sitting them, grading them and their results.
"""
