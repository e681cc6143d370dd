"""``python -m dashboard``: see :mod:`dashboard.cli`."""

import gc
import sys

from dashboard.cli import main

status = main()
# Freezing skips shutdown's full garbage collections; atexit handlers and refcount-driven cleanup still run.
gc.freeze()
sys.exit(status)
