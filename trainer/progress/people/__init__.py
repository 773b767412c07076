"""People: the one rule for names, accounts and roles, passwords and PINs, and the extra time
an instructor grants.
"""
