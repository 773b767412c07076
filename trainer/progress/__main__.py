"""``python -m trainer.progress``: see :mod:`trainer.progress.command_line`."""

import sys

from trainer.progress.command_line import main

sys.exit(main())
