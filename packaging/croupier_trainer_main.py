"""The frozen app's entry point: the same command as ``python -m ui`` (ui.command)."""

import sys

from ui.command import main

sys.exit(main())
