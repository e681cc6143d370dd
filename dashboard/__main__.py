"""``python -m dashboard``: see :mod:`dashboard.cli`."""

import gc
import sys

from dashboard.cli import main

status = main()
# The process ends here: freezing skips the shutdown's full garbage collections over every object the libraries
# made; atexit handlers and refcount-driven cleanup still run.
gc.freeze()
sys.exit(status)
