"""13-card questions on hands and tiers: ranking, the tier winner, fouls, naturals and the
house way."""
