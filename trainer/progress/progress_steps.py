"""Progress of long work: ``(done, total)`` told to a callback now and then, and cancelling.

The long functions (reports, the attempts CSV, bundles out and in) take an optional
``progress`` callback and call it with ``(done, total)`` in their own units (answers,
summaries, entries of a bundle): first ``(0, total)``, then about every 1 % of the work
(never once per row of a million), and last ``(total, total)``, just before the result
becomes final (the file renamed into place, the import committed). ``total`` is at least 1
and ``done`` only grows.

The callback may raise :class:`Cancelled` to stop the work. The function then leaves
nothing behind: no file (it writes under a temporary name next to the target and renames
it at the end, see :func:`whole_file`), no imported row (the merge rolls back).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

#: Told ``(done, total)``; may raise :class:`Cancelled`.
Progress = Callable[[int, int], None]

#: About how many times a piece of work tells its progress between its start and its end.
REPORTS = 100

_NEVER = sys.maxsize


class Cancelled(Exception):
    """Raised by a progress callback: stop now and leave nothing half done."""


class Steps:
    """One piece of work of ``total`` units, told to ``progress`` about every 1 %.

    A hot loop keeps its own counter and compares it with :attr:`next_at` (one integer
    comparison per row), calling :meth:`reach` only when the counter gets there. Without
    a callback :attr:`next_at` is never reached, so the loop costs what it did before.
    """

    __slots__ = ("_progress", "total", "count", "next_at", "_every", "_told")

    def __init__(self, progress: Progress | None, total: int, reports: int = REPORTS):
        self._progress = progress
        self.total = max(1, total)
        self._every = max(1, self.total // reports)
        self.count = 0
        self._told = -_NEVER  # nothing told yet
        self.next_at = _NEVER
        if progress is not None:
            self._tell(0)
            self.next_at = self._every

    def reach(self, count: int) -> int:
        """``count`` units are done: tell it if a mark was passed; return the next mark.

        The end, ``(total, total)``, is told by :meth:`finish` only, when the result is
        complete, so a count that reaches the total early is told as one short of it.
        """
        self.count = count
        if self._progress is not None and count >= self.next_at:
            self._tell(min(count, self.total - 1))
            self.next_at = count + self._every
        return self.next_at

    def advance(self, units: int = 1) -> None:
        """``units`` more are done."""
        self.count += units
        if self.count >= self.next_at:
            self.reach(self.count)

    def finish(self) -> None:
        """All done: tell ``(total, total)`` (the last chance to cancel)."""
        if self._progress is not None:
            self._tell(self.total)

    def _tell(self, done: int) -> None:
        if done > self._told:
            self._told = done
            assert self._progress is not None
            self._progress(done, self.total)


class Stages:
    """Work done in stages, told to one callback as one piece of work.

    Each stage has a weight, its share of the whole in the whole's units;
    :meth:`stage` is the callback to give stage ``k``: it maps the stage's own
    ``(done, total)`` onto the whole and tells it when it moved on by 1 % of the whole
    (and at the very end), so a small stage does not tell a hundred times either.
    """

    def __init__(self, progress: Progress | None, weights: Sequence[int],
                 reports: int = REPORTS):
        self._progress = progress
        self._weights = [max(1, w) for w in weights]
        self._offsets = [sum(self._weights[:k]) for k in range(len(self._weights))]
        self.total = sum(self._weights)
        self._every = max(1, self.total // reports)
        self._told = -self._every

    def stage(self, k: int) -> Progress | None:
        if self._progress is None:
            return None
        offset, weight = self._offsets[k], self._weights[k]

        def told(done: int, total: int) -> None:
            whole = offset + weight * min(done, total) // max(1, total)
            if whole >= self._told + self._every or self._told < whole == self.total:
                self._told = whole
                assert self._progress is not None
                self._progress(whole, self.total)

        return told


@contextlib.contextmanager
def whole_file(out: Path) -> Iterator[Path]:
    """A temporary path next to ``out``, renamed to ``out`` when the block completes.

    If the block raises (a full disk, :class:`Cancelled`), the temporary file is deleted
    and a file already at ``out`` is left as it was. A problem opening the temporary file
    is reported with the name ``out``, the file the person chose.
    """
    out = Path(out)
    partial = out.with_name(out.name + ".partial")
    try:
        yield partial
        os.replace(partial, out)
    except OSError as error:
        with contextlib.suppress(OSError):  # a partial never made is no error either
            partial.unlink()
        if error.filename == str(partial):
            raise type(error)(error.errno, error.strerror, str(out)) from error
        raise
    except BaseException:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise
