"""The unit a question's stakes are drawn in.

A generator draws stakes as a number of its own steps (tens, hundreds): ``10 *
rng.randint(1, 20)`` is written ``unit(10) * rng.randint(1, 20)``. For a typed question
:func:`unit` gives the step itself, so typed questions stay what they were. For a question
paid in chips (:mod:`questions.chips`) the wrapper deals inside :func:`drawn_in_chips`, and
every step becomes the least whole number of the house's smallest chip not below it
(with chips of 5, a step of 10 stays 10; with chips of 25 it becomes 25): every stake is
then a whole number of chips, and the question keeps its levels' sizes.

The unit never draws from the generator's random numbers: the same (skill, seed,
difficulty, rules) always gives the same question.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal

_SMALLEST_CHIP: ContextVar[int | None] = ContextVar("smallest_chip", default=None)


@contextmanager
def drawn_in_chips(smallest: Decimal) -> Iterator[None]:
    """Stakes drawn inside are whole numbers of ``smallest`` (a whole amount)."""
    if smallest <= 0 or smallest != smallest.to_integral_value():
        raise ValueError(f"a chip is worth a whole positive amount, not {smallest}")
    token = _SMALLEST_CHIP.set(int(smallest))
    try:
        yield
    finally:
        _SMALLEST_CHIP.reset(token)


def in_chips() -> bool:
    """Whether stakes are being drawn for a question paid in chips."""
    return _SMALLEST_CHIP.get() is not None


def unit(step: int) -> int:
    """``step`` as stakes are drawn now: itself for a typed question; paid in chips, the
    least whole number of the smallest chip that is not below it."""
    chip = _SMALLEST_CHIP.get()
    if chip is None:
        return step
    return -(-step // chip) * chip
