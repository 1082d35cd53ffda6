"""``python -m junqi``: see ``junqi.cli`` and docs/junqi.md."""

import os
import sys

from .cli import main

try:
    status = main()
    sys.stdout.flush()
except BrokenPipeError:  # output piped into e.g. `head`, which closed early: not an error of ours
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    status = 0
raise SystemExit(status)
