"""A one-line progress bar on stderr for long runs on a terminal; silent everywhere else."""

from __future__ import annotations

import os
import sys
import time
from typing import TextIO

#: Fewer files than this finish before a bar would be worth reading.
MIN_FILES = 200
#: Environment variables that mean "running under CI" (logs, not a terminal).
CI_VARIABLES = ("CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "JENKINS_URL", "TF_BUILD")
_WIDTH = 30
_INTERVAL = 0.1


def wanted(file_count: int, output_format: str, stream: TextIO | None = None) -> bool:
    """Whether to show a bar: many files, text output, stderr a terminal, not CI."""
    stream = sys.stderr if stream is None else stream
    if file_count <= MIN_FILES or output_format != "text":
        return False
    if any(os.environ.get(name, "").lower() not in ("", "0", "false") for name in CI_VARIABLES):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class ProgressBar:
    """Call with the number of files just finished; `close()` erases the line."""

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.total = total
        self.done = 0
        self.stream = sys.stderr if stream is None else stream
        self._last = 0.0

    def __call__(self, count: int) -> None:
        self.done += count
        now = time.monotonic()
        if now - self._last < _INTERVAL and self.done < self.total:
            return  # redrawing on every file would cost more than linting small ones
        self._last = now
        filled = _WIDTH * self.done // max(self.total, 1)
        bar = "#" * filled + "-" * (_WIDTH - filled)
        self.stream.write(f"\r[{bar}] {self.done}/{self.total} files")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\r" + " " * (_WIDTH + 32) + "\r")
        self.stream.flush()
