"""The pre-commit hooks, run by the real pre-commit against a snapshot of this checkout."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.integrations.conftest import ROOT

pytest.importorskip("pre_commit", reason="pre-commit is a test dependency")

BAD = (
    "import torch\n"
    "\n"
    "def total(ts: list[torch.Tensor]) -> float:\n"
    "    s = 0.0\n"
    "    for t in ts:\n"
    "        s += t.item()\n"
    "    return s\n"
)
CLEAN = "import torch\n\nx = torch.ones(3).sum().item()\n"
#: Fixable without any rule's own fix: SYN100 removes the stale suppression.
STALE = "import torch\n\nx = torch.ones(3).sum().item()  # noqa: SYN101\n"
GIT_IDENTITY = {
    "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
    "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
    "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
}


def _git(cwd: Path, *args: str) -> str:
    env = {**os.environ, **GIT_IDENTITY}
    done = subprocess.run(["git", *args], cwd=cwd, env=env, check=True, text=True,
                          capture_output=True)
    return done.stdout.strip()


@dataclass(frozen=True)
class Hooks:
    """A committed snapshot of this checkout and a pre-commit home shared by the tests."""

    repo: Path
    rev: str
    home: Path

    def run(self, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, **GIT_IDENTITY, "PRE_COMMIT_HOME": str(self.home),
               "PRE_COMMIT_COLOR": "never", "SKIP": ""}
        env.pop("VIRTUAL_ENV", None)
        return subprocess.run([sys.executable, "-m", "pre_commit", *args], cwd=cwd, env=env,
                              text=True, capture_output=True, timeout=900)


@pytest.fixture(scope="module")
def hooks(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hooks]:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    # try-repo on the checkout itself would snapshot it anew (a new rev, a new hook
    # environment) on every call; one committed copy is built once for the module.
    snapshot = tmp_path_factory.mktemp("synclint-snapshot")
    listed = _git(ROOT, "ls-files", "--cached", "--others", "--exclude-standard", "-z")
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            target = snapshot / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    _git(snapshot, "init", "-q")
    _git(snapshot, "add", "-A")
    _git(snapshot, "commit", "-q", "-m", "snapshot")
    result = Hooks(snapshot, _git(snapshot, "rev-parse", "HEAD"),
                   tmp_path_factory.mktemp("pre-commit-home"))
    # Build the hook environment once; a failure to build it (no network for pip) skips.
    probe = _project(tmp_path_factory.mktemp("probe"), result, {"ok.py": CLEAN})
    done = result.run(probe, "install-hooks")
    if done.returncode != 0:
        pytest.skip("pre-commit could not build the hook environment (pip needs PyPI for "
                    f"libcst and click):\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    yield result


def _project(root: Path, hooks: Hooks, files: dict[str, str]) -> Path:
    _git(root, "init", "-q")
    (root / ".pre-commit-config.yaml").write_text(
        "repos:\n"
        f"  - repo: {hooks.repo.as_posix()}\n"
        f"    rev: {hooks.rev}\n"
        "    hooks:\n"
        "      - id: synclint\n"
        "      - id: synclint-fix\n"
        "        args: [--extend-select, SYN100]\n",
        encoding="utf-8",
    )
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    _git(root, "add", "-A")
    return root


def _hook_env_has_torch(home: Path) -> bool:
    return any(home.glob("repo*/py_env-*/lib/python*/site-packages/torch"))


def test_check_hook_fails_on_the_bad_file_and_passes_on_the_clean_one(
        hooks: Hooks, tmp_path: Path) -> None:
    project = _project(tmp_path, hooks, {"bad.py": BAD, "clean.py": CLEAN})
    bad = hooks.run(project, "run", "synclint", "--files", "bad.py")
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "bad.py:6:14: SYN101" in bad.stdout
    clean = hooks.run(project, "run", "synclint", "--files", "clean.py")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "Passed" in clean.stdout


def test_try_repo_runs_the_hook_from_the_repository(hooks: Hooks, tmp_path: Path) -> None:
    project = _project(tmp_path, hooks, {"bad.py": BAD})
    done = hooks.run(project, "try-repo", str(hooks.repo), "synclint", "--ref", hooks.rev,
                     "--all-files")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "SYN101" in done.stdout


def test_no_python_files_at_all_passes(hooks: Hooks, tmp_path: Path) -> None:
    project = _project(tmp_path, hooks, {"README.md": "# nothing to lint\n"})
    done = hooks.run(project, "run", "--all-files")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    empty = hooks.run(project, "run")  # nothing staged that changed: nothing to check
    assert empty.returncode == 0, empty.stdout + empty.stderr


def test_fix_hook_fixes_the_file_and_fails_then_passes(hooks: Hooks, tmp_path: Path) -> None:
    project = _project(tmp_path, hooks, {"stale.py": STALE})
    first = hooks.run(project, "run", "synclint-fix", "--files", "stale.py")
    assert first.returncode == 1, first.stdout + first.stderr
    assert (project / "stale.py").read_text(encoding="utf-8") == CLEAN
    second = hooks.run(project, "run", "synclint-fix", "--files", "stale.py")
    assert second.returncode == 0, second.stdout + second.stderr
    check = hooks.run(project, "run", "synclint", "--files", "stale.py")
    assert check.returncode == 0, check.stdout + check.stderr


def test_installing_the_hook_does_not_install_torch(hooks: Hooks) -> None:
    assert list(hooks.home.glob("repo*/py_env-*")), "no hook environment was built"
    assert not _hook_env_has_torch(hooks.home)


def test_the_readme_snippet_works_with_a_pinned_commit(hooks: Hooks, tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    snippet = readme.split("<!-- ci:pre-commit -->\n```yaml\n", 1)[1].split("```", 1)[0]
    # The README's repository and placeholder commit, replaced by this checkout's snapshot.
    config = re.sub(r"repo: \S+", f"repo: {hooks.repo.as_posix()}", snippet)
    config = re.sub(r"rev: \S+", f"rev: {hooks.rev}", config)
    project = _project(tmp_path, hooks, {"bad.py": BAD})
    (project / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")
    done = hooks.run(project, "run", "--all-files")
    assert done.returncode == 1, done.stdout + done.stderr
    # The fix hook fixed the file (and so failed), then the check hook passed.
    assert "Found 1 error (1 fixed, 0 remaining)." in done.stdout
    assert (project / "bad.py").read_text(encoding="utf-8") != BAD
