"""Speed and memory of the explorer beside what a user would otherwise run (issue 9): ``make bench``."""
