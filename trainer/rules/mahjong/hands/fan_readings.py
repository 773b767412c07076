"""A hand that reads several ways worth the same fán (HI-MJ-INCLUDES).

The patterns of Art. 6 (a) depend on how the fourteen tiles are read as sets and a pair:
1-1-1, 2-2-2, 3-3-3 are three pungs or three chows. A pattern-listing answer names the
patterns of one reading, so when two readings are equally valuable — valued after the cap,
as :func:`~trainer.rules.mahjong.hands.fan.equally_valuable` decides — either reading's list is
right. This module says which lists those are and explains them, each with its reading.
"""

from __future__ import annotations

from i18n import N_, Message, listing
from trainer.rules.house import MahjongRules
from trainer.rules.mahjong.hands.fan import HI_MJ_INCLUDES, FanResult, Win, all_best
from trainer.rules.mahjong.hands.tile_words import set_words
from trainer.rules.regulations import Reason


def listings(win: Win, rules: MahjongRules | None = None, *,
             inclusion: bool = True) -> tuple[FanResult, ...]:
    """One equally valuable reading of ``win`` for each different list of patterns: a
    listing answer may give any one's list (HI-MJ-INCLUDES). First the reading
    :func:`~trainer.rules.mahjong.hands.fan.score` gives; readings that list the same patterns
    (5-5-5, 6-6-6, 7-7-7 read as pungs from either end) count once. ``inclusion=False``:
    the lists of a fán counted twice (:func:`~trainer.rules.mahjong.hands.fan.score`)."""
    kept: dict[frozenset[str], FanResult] = {}
    for result in all_best(win, rules, inclusion=inclusion):
        kept.setdefault(result.names, result)
    return tuple(kept.values())


def reads_several_ways(listed: tuple[FanResult, ...]) -> tuple[Reason, ...]:
    """That the hand reads as many ways as ``listed`` (its :func:`listings`), each worth
    the same after the cap, so that each list is right; nothing when it reads one way."""
    if len(listed) < 2:
        return ()
    return (Reason(Message.counted(
        "The hand reads {count} way that lists different patterns, worth {fan} fán after "
        "the cap: its list is right.",
        "The hand reads {count} ways that list different patterns, each worth {fan} fán "
        "after the cap: each reading's list is right.",
        len(listed), fan=listed[0].fan), HI_MJ_INCLUDES),)


def other_readings(listed: tuple[FanResult, ...], shown: FanResult) -> tuple[Reason, ...]:
    """The readings of ``listed`` (:func:`listings`) other than the one ``shown`` explains,
    each with its sets, its pair and its list of patterns (HI-MJ-INCLUDES)."""
    reasons = []
    for result in listed:
        if result.names == shown.names:
            continue
        # Thirteen orphans (no pair) reads one way only: it is never another reading.
        assert result.reading.pair is not None
        reasons.append(Reason(Message.of(N_(
            "The hand can also be read as the sets {sets} and the pair {pair}: so read, it "
            "scores {patterns}, also {fan} fán after the cap, and that list is right too."),
            sets=listing([set_words(meld.tiles) for meld in result.reading.sets]),
            pair=set_words((result.reading.pair,) * 2),
            patterns=listing([hit.label for hit in result.patterns]), fan=result.fan),
            HI_MJ_INCLUDES))
    return tuple(reasons)
