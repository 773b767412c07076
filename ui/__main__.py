"""``python -m ui``: the same command as the installed ``croupier-trainer`` (ui.command)."""

import sys

from ui.command import main

sys.exit(main())
