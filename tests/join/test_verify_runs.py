"""`synclint fix --verify`: what decides a verdict (each file's syncs, not the total) and the
real runs (subprocesses under the profiler, with the run's own tree first on PYTHONPATH and a
fixed hash seed), on a program small enough to run on every test run."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from synclint import verify
from synclint.profile_data import Frame, Profile, Site
from synclint.verify import Command, Run

from .conftest import invoke

pytest.importorskip("torch")


def _run(counts: dict[str, int]) -> Run:
    sites = tuple(Site(file, 1, "f", "item", count, "SYN101", True, (Frame(file, 1, "f"),))
                  for file, count in counts.items())
    return Run(0, "the same output\n", "", Profile(sum(counts.values()), "emulated", sites))


def _row(output: str, name: str) -> list[str]:
    return next(line for line in output.splitlines() if line.startswith(name)).split()


def test_a_file_that_syncs_more_is_not_verified_even_when_the_total_drops(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = {"train.py": 2, "train_helpers.py": 10}
    after = {"train.py": 5, "train_helpers.py": 1}

    def profiled(command: Command, cwd: Path, workdir: Path, name: str) -> Run:
        return _run(before if name == "before" else after)

    monkeypatch.setattr(verify, "run_profiled", profiled)
    original = (project / "train.py").read_text()
    result = invoke("fix", "--verify", "python train.py", ".")
    assert result.exit_code == 1, result.output
    assert _row(result.stdout, "total") == [
        "total", str(sum(before.values())), str(sum(after.values()))]
    assert (f"train.py makes more syncs after the fixes: {before['train.py']} before, "
            f"{after['train.py']} after.") in result.stdout
    assert "train_helpers.py makes more" not in result.stdout
    assert "Not verified: nothing was written." in result.stdout
    assert (project / "train.py").read_text() == original


WORDS = 40
MAIN = textwrap.dedent(f'''\
    import subprocess
    import sys
    import tempfile

    import torch


    def main() -> None:
        torch.manual_seed(0)
        model = torch.nn.Linear(3, 2)
        norms = [p.norm().item() for p in model.parameters()]
        print([round(n, 4) for n in norms])
        # A set's order follows the string hash seed: the same in both runs only under one.
        print(" ".join({{f"w{{i}}" for i in range({WORDS})}}))
        # A helper process started elsewhere finds the run's modules through PYTHONPATH.
        child = subprocess.run([sys.executable, "-c", "import settings; print(settings.NAME)"],
                               cwd=tempfile.gettempdir(), capture_output=True, text=True,
                               check=True)
        print(child.stdout.strip())


    if __name__ == "__main__":
        main()
''')


def test_real_runs_verify_a_fix_and_write_it(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "small"
    root.mkdir()
    (root / "main.py").write_text(MAIN)
    (root / "settings.py").write_text('NAME = "settings of the run\'s own tree"\n')
    monkeypatch.chdir(root)
    monkeypatch.delenv("PYTHONHASHSEED", raising=False)
    monkeypatch.delenv("PYTHONPATH", raising=False)
    result = invoke("fix", "--verify", "python main.py", "main.py")
    assert result.exit_code == 0, result.output
    # nn.Linear has a weight and a bias: one `.item()` each before, one `.tolist()` after.
    assert _row(result.stdout, "main.py") == ["main.py", "2", "1"]
    assert _row(result.stdout, "exit code") == ["exit", "code", "0", "0"]
    assert "identical (3 lines)" in result.stdout
    fixed = (root / "main.py").read_text()
    assert fixed != MAIN and ".tolist()" in fixed and ".item()" not in fixed
    assert "Wrote 1 fix to 1 file." in result.stdout
