"""Mah-Jong, Portarias 52/89/M and 135/91/M: conventional and simplified forms."""

from trainer.rules.mahjong.hand import (
    Decomposition,
    Meld,
    MeldKind,
    decompositions,
    is_winning,
    waits,
)
from trainer.rules.mahjong.tiles import Variant, Wind, format_tiles, parse_tiles

__all__ = ["Decomposition", "Meld", "MeldKind", "Variant", "Wind", "decompositions",
           "format_tiles", "is_winning", "parse_tiles", "waits"]
