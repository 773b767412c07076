"""Dealing 13-card situations on purpose: the deck, tiers set above or below each other, hands
that meet, naturals and showdowns."""
