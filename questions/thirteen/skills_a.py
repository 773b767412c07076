"""Placeholder until the skills land."""

SKILLS_A = ()
