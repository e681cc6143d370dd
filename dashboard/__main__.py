"""``python -m dashboard``: see :mod:`dashboard.cli`."""

import gc
import sys

from dashboard.cli import main

status = main()
# The process ends here: the interpreter's shutdown would still walk every object the libraries made (scikit-learn,
# SciPy and pandas leave over a hundred thousand) in several full garbage collections. Freezing them skips those
# walks (a sixth of a cold `project`: docs/benchmarks.md); atexit handlers and refcount-driven cleanup still run.
gc.freeze()
sys.exit(status)
