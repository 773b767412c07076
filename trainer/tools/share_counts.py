"""Rewrite ``trainer/rules/thirteen/_share_counts.py`` from a fresh count of every hand
(:func:`trainer.rules.thirteen.shares.counts_module`); a test checks the shipped file is
what this writes.

    python -m trainer.tools.share_counts
"""

from __future__ import annotations

import sys
from pathlib import Path

from trainer.rules.thirteen import shares

#: The generated module, beside the one that reads it.
TARGET = Path(shares.__file__).with_name("_share_counts.py")


def main() -> int:
    TARGET.write_text(shares.counts_module(), encoding="utf-8")
    print(f"{TARGET}: written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
