"""The light install: the linter and the fixer run where torch cannot be imported."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import tomllib

from tests.integrations.conftest import ROOT

BAD = (
    "import torch\n"
    "\n"
    "def total(ts: list[torch.Tensor]) -> float:\n"
    "    s = 0.0\n"
    "    for t in ts:\n"
    "        s += t.item()\n"
    "    return s\n"
)
STALE = "import torch\n\nx = torch.ones(3).sum().item()  # noqa: SYN101\n"


def _without_torch(tmp_path: Path) -> dict[str, str]:
    """An environment whose `import torch` fails, and leaves a mark if anyone tries."""
    fake = tmp_path / "no-torch"
    (fake / "torch").mkdir(parents=True)
    marker = tmp_path / "torch-was-imported"
    (fake / "torch" / "__init__.py").write_text(
        f"open({str(marker)!r}, 'w').close()\n"
        "raise ImportError('torch is not installed (light install test)')\n",
        encoding="utf-8",
    )
    path = os.pathsep.join([str(fake), str(ROOT)])
    return {**os.environ, "PYTHONPATH": path, "SYNCLINT_CACHE_DIR": str(tmp_path / "cache")}


def _synclint(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "synclint", *args], cwd=tmp_path,
                          env=_without_torch(tmp_path), text=True, capture_output=True,
                          timeout=120)


def test_the_fake_torch_really_blocks_the_import(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", "import torch"], env=_without_torch(tmp_path),
                          text=True, capture_output=True)
    assert done.returncode != 0
    assert "light install test" in done.stderr


def test_check_runs_without_torch(tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text(BAD, encoding="utf-8")
    done = _synclint(tmp_path, "check", "--extend-select", "SYN100", "bad.py")
    assert done.returncode == 1, done.stderr
    assert "bad.py:6:14: SYN101" in done.stdout
    assert not (tmp_path / "torch-was-imported").exists()


def test_check_with_many_files_uses_worker_processes_without_torch(tmp_path: Path) -> None:
    for index in range(40):
        (tmp_path / f"m{index}.py").write_text(BAD, encoding="utf-8")
    done = _synclint(tmp_path, "check", "--jobs", "2", "--output-format", "json", ".")
    assert done.returncode == 1, done.stderr
    assert done.stdout.count('"SYN101"') == 40
    assert not (tmp_path / "torch-was-imported").exists()


def test_fix_runs_without_torch(tmp_path: Path) -> None:
    target = tmp_path / "stale.py"
    target.write_text(STALE, encoding="utf-8")
    done = _synclint(tmp_path, "fix", "--extend-select", "SYN100", "stale.py")
    assert done.returncode == 0, done.stderr
    assert "# noqa" not in target.read_text(encoding="utf-8")
    assert not (tmp_path / "torch-was-imported").exists()


def test_fix_of_a_rule_fix_runs_without_torch(tmp_path: Path) -> None:
    target = tmp_path / "bad.py"
    target.write_text(BAD, encoding="utf-8")
    done = _synclint(tmp_path, "fix", "--unsafe-fixes", "--diff", "bad.py")
    assert done.returncode in (0, 1), done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "torch-was-imported").exists()


def test_the_package_depends_on_light_pure_packages_only() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {dependency.split(";")[0].split(">")[0].split("=")[0].strip().lower()
             for dependency in project["dependencies"]}
    # pathspec: .gitignore matching, pure Python without dependencies of its own.
    assert names <= {"libcst", "click", "tomli", "pathspec"}
    assert "torch" not in names
