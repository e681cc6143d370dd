"""``python -m dashboard``: see :mod:`dashboard.cli`."""

import sys

from dashboard.cli import main

sys.exit(main())
