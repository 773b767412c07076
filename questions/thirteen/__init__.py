"""Questions on the 13-card game (Portaria 51/89/M)."""
