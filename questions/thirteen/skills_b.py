"""Placeholder until the skills land."""

SKILLS_B = ()
