"""A `synclint check` killed outright (SIGKILL, a CI job's timeout) leaves no process
behind: the child that builds the model and forks the lint workers sees its parent gone
at its next send and exits, where it once blocked forever on a full pipe, holding the
model's memory (it kept its own copy of the pipe's other end open)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists() or not hasattr(os, "fork"),
                                reason="reads processes from /proc (Linux)")

#: A per-step loop of many syncs: each file's outcome is large, so that the outcomes of
#: the files together fill a pipe (64 KiB) many times over.
LOOP = "import torch\n\ndef train(model, loader):\n    for batch in loader:\n" + "".join(
    f"        print(model(batch)[{n}].item())\n" for n in range(60))


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_killed_check_leaves_no_child_behind(tmp_path: Path) -> None:
    for n in range(48):
        (tmp_path / f"train_{n}.py").write_text(LOOP)
    main = subprocess.Popen(
        [sys.executable, "-m", "synclint", "check", "--no-cache", "--jobs", "2",
         "--output-format", "json", str(tmp_path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    children: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while not children and time.monotonic() < deadline and main.poll() is None:
            children = _children(main.pid)
            time.sleep(0.01)
        if not children:
            pytest.skip("the check ended before its child could be seen")
        main.send_signal(signal.SIGKILL)
        main.wait()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(_alive(pid) for pid in children):
            time.sleep(0.1)
        assert not any(_alive(pid) for pid in children)
    finally:
        for pid in children:
            try:
                os.killpg(pid, signal.SIGKILL)
            except OSError:
                pass
        if main.poll() is None:
            main.kill()
