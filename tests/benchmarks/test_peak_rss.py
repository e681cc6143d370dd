"""peak_rss reports the child's own memory, not its parent's (no timing is checked)."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from benchmarks.peak_memory_sharded import peak_rss

MB = 2**20


def test_a_child_is_not_charged_with_the_parents_memory():
    held = np.ones(300 * MB // 8)  # this process holds 300 MB while the child runs
    rss, seconds, out = peak_rss([sys.executable, "-c", "print('small')"])
    assert out == "small\n"
    assert rss < 100 * MB  # a bare interpreter; without the helper Linux reports >= 300 MB here
    assert seconds >= 0
    del held


def test_a_child_that_allocates_is_measured():
    rss, _, _ = peak_rss([sys.executable, "-c", "import numpy; a = numpy.ones(200 * 2**20 // 8); a += 1"])
    assert rss > 200 * MB


def test_a_failing_child_raises_with_its_stderr():
    with pytest.raises(RuntimeError, match="status 3.*went wrong"):
        peak_rss([sys.executable, "-c", "import sys; sys.stderr.write('went wrong'); sys.exit(3)"])
