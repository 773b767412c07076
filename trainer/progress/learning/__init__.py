"""Learning: answers summed up per skill and week, mastery and its targets, self-study's
spacing, and the practice calendar.
"""
