"""`synclint profile` as `python` runs things: `-m pkg.mod` finds packages in the current
directory, Ctrl-C exits 130 with what was measured and no traceback, no torch is an
environment error (exit 2), and a profile notices files edited since it was taken."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")

REPO = Path(__file__).resolve().parents[2]


def _synclint(cwd: Path, *args: str, env: dict[str, str] | None = None,
              timeout: int = 180) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "synclint", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def test_module_mode_finds_a_package_in_the_current_directory(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "util.py").write_text("def scale():\n    return 2\n")
    (package / "train.py").write_text(
        "import torch\nfrom pkg.util import scale\n"
        "for t in torch.ones(3) * scale():\n    t.item()\nprint('trained')\n")
    # The console script, as users run it: `python -m synclint` would put the current
    # directory on sys.path by itself.
    script = Path(sys.executable).with_name("synclint")
    if not script.exists():
        pytest.skip("no synclint console script next to this interpreter")
    done = subprocess.run([str(script), "profile", "-m", "pkg.train"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "trained\n"
    assert "pkg/train.py:4" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.skipif(signal.getsignal(signal.SIGINT) is signal.SIG_IGN,
                    reason="started with SIGINT ignored (a background job): children inherit it")
def test_ctrl_c_exits_130_with_the_syncs_so_far_and_no_traceback(tmp_path: Path) -> None:
    (tmp_path / "long.py").write_text(
        "import os, signal, torch\n"
        "for step, t in enumerate(torch.ones(100)):\n"
        "    t.item()\n"
        "    if step == 4:\n"
        "        os.kill(os.getpid(), signal.SIGINT)\n")
    done = _synclint(tmp_path, "profile", "long.py")
    assert done.returncode == 130
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr
    assert "interrupted" in done.stderr
    assert "long.py:3" in done.stderr and "5 host syncs at 1 site" in done.stderr


def test_without_torch_profile_is_a_one_line_environment_error(tmp_path: Path) -> None:
    fake = tmp_path / "site" / "torch"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError(\"No module named 'torch'\")\n")
    (tmp_path / "s.py").write_text("print('ran')\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path / "site"), str(REPO)]))
    done = _synclint(tmp_path, "profile", "s.py", env=env)
    assert done.returncode == 2
    assert done.stdout == ""  # the script never ran
    (line,) = done.stderr.splitlines()
    assert line.startswith("error: ") and "PyTorch" in line


def test_check_runtime_ignores_sites_of_files_edited_since(tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text(
        "import torch\n\ndef read(t: torch.Tensor) -> float:\n    return t.item()\n")
    (tmp_path / "train.py").write_text(
        "import torch\nfrom helpers import read\n\n\n"
        "def main(ts: list[torch.Tensor]) -> None:\n"
        "    for t in ts:\n        read(t)\n"
        "    for t in ts[:3]:\n        t.item()\n\n\n"
        "main(list(torch.ones(4)))\n")
    assert _synclint(tmp_path, "profile", "-o", "p.json", "--json", "train.py").returncode == 0
    profile = json.loads((tmp_path / "p.json").read_text())
    assert set(profile["files"]) == {"train.py", "helpers.py"}

    def joined() -> subprocess.CompletedProcess[str]:
        return _synclint(tmp_path, "check", "--no-cache", "--output-format", "json",
                         "--runtime", "p.json", "train.py", "helpers.py")

    before = joined()
    assert {(d["filename"], d["location"]["row"], d["runtime"]["syncs"])
            for d in json.loads(before.stdout) if d["runtime"]} == {("train.py", 7, 4),
                                                                    ("train.py", 9, 3)}
    assert "changed since" not in before.stderr
    # Two lines inserted at the top of helpers.py: the sites through it are not joined
    # (their lines moved); train.py's own loop still is. Said once, on stderr.
    helpers = tmp_path / "helpers.py"
    helpers.write_text("# a comment\n# another\n" + helpers.read_text())
    after = joined()
    warnings = [line for line in after.stderr.splitlines() if "changed since" in line]
    assert warnings == ["warning: helpers.py changed since the profile was taken; its "
                        "measured syncs are not joined (run `synclint profile` again)"]
    measured = {(d["filename"], d["location"]["row"], (d["runtime"] or {}).get("syncs"))
                for d in json.loads(after.stdout)}
    assert ("train.py", 9, 3) in measured
    assert ("train.py", 7, 0) in measured  # the call is still reported, nothing measured
    assert "SYN199" not in after.stdout
