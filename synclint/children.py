"""Short-lived child processes that send one result back through a pipe (the second lane
of the fixed point, `model/ahead.py`). The child exits at once, without any cleanup (the
system takes its memory back whole); the parent stops and reaps it when done."""

from __future__ import annotations

import os
from collections.abc import Callable


def fork_writer(write: Callable[[int], None]) -> tuple[int, int] | None:
    """Fork a child that calls `write` with the write end of a new pipe and exits (status
    0 when `write` returns, 1 when it raises); the parent gets the child's pid and the
    read end, or None where the pipe or the fork fails."""
    try:
        reading, writing = os.pipe()
        pid = os.fork()
    except OSError:
        return None
    if pid == 0:
        status = 1
        try:
            os.close(reading)
            write(writing)
            status = 0
        finally:
            os._exit(status)
    os.close(writing)
    return pid, reading


def stop_child(pid: int) -> None:
    """Kill the child `pid` if it still runs, and reap it."""
    try:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done == 0:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
    except OSError:
        pass
