"""`synclint fix --verify COMMAND PATHS` on the example training script.

These tests run the command in this process (the same `synclint profile` the real
subprocess runs, minus the process); test_verify_runs.py runs a small program through the
real subprocesses on every run, and SYNCLINT_SLOW_TESTS=1 adds the example's.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from synclint import verify
from synclint.profile_data import Frame, Profile, Site, load_profile
from synclint.verify import Command, Run, VerifyError, copy_tree, parse_command

from .conftest import example_syncs, forget_modules, invoke, line_of

pytest.importorskip("torch")


def in_process(command: Command, cwd: Path, workdir: Path, name: str) -> Run:
    """Run `synclint profile` as the subprocess would, in this process."""
    from synclint.profile_command import profile

    out = workdir / f"{name}.json"
    previous = os.getcwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(profile, [
            "--backend", "emulated", "--no-static", "--output-format", "json", "-o", str(out),
            *command.program])
    finally:
        os.chdir(previous)
        forget_modules(cwd)
    return Run(result.exit_code, result.stdout, result.stderr, load_profile(str(out)))


@pytest.fixture
def fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(verify, "run_profiled", in_process)


def _total_row(output: str) -> list[str]:
    return next(line for line in output.splitlines() if line.startswith("total")).split()


def test_a_verified_fix_is_written_and_syncs_less(project: Path, fast: None) -> None:
    train = project / "train.py"
    original = train.read_text()
    # What the original prints, from a run of it (in this process, like the fast runs).
    expected_output = invoke("profile", "train.py").stdout
    forget_modules(project)
    syncs = example_syncs(train)
    result = invoke("fix", "--verify", "python train.py", ".")
    assert result.exit_code == 0, result.output
    fixed = train.read_text()
    # The batched fix: one stacked transfer instead of one `.item()` per parameter.
    assert fixed != original and ".item() for p in" not in fixed
    assert "torch.stack(" in fixed and ".tolist()" in fixed
    assert (project / "train_helpers.py").read_text() == (
        Path(__file__).resolve().parents[2] / "examples" / "train_helpers.py").read_text()
    table = result.stdout
    assert f"identical ({syncs.steps} lines)" in table  # one line per step
    assert _total_row(table) == ["total", str(syncs.before), str(syncs.after)]
    assert "Verified" in table
    # The fixed program prints what the original printed and syncs less, profiled afresh.
    rerun = invoke("profile", "--output-format", "json", "-o", "after.json", "train.py")
    assert rerun.stdout == expected_output
    assert expected_output.count("\n") == syncs.steps
    assert load_profile("after.json").total == syncs.after


def test_an_absolute_script_path_runs_the_fixed_copy(project: Path, fast: None) -> None:
    result = invoke("fix", "--verify", f"python {project / 'train.py'}", ".")
    assert result.exit_code == 0, result.output
    syncs = example_syncs(project / "train.py")
    assert _total_row(result.stdout) == ["total", str(syncs.before), str(syncs.after)]


def test_a_file_edited_during_verification_is_not_overwritten(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    train = project / "train.py"

    def edit_then_run(command: Command, cwd: Path, workdir: Path, name: str) -> Run:
        if name == "before":
            train.write_text(train.read_text() + "# edited meanwhile\n")
        return in_process(command, cwd, workdir, name)

    monkeypatch.setattr(verify, "run_profiled", edit_then_run)
    result = invoke("fix", "--verify", "python train.py", ".")
    assert result.exit_code == 2, result.output
    assert "verified but not written" in result.stderr
    assert train.read_text().endswith("# edited meanwhile\n")
    assert ".item() for p in" in train.read_text()


def test_changed_output_writes_nothing_and_shows_the_diff(project: Path, fast: None) -> None:
    # The scratch copy runs in another directory: a program that prints where it runs
    # cannot be proven unchanged.
    train = project / "train.py"
    train.write_text(train.read_text().replace(
        "if __name__ == \"__main__\":\n", "if __name__ == \"__main__\":\n"
        "    import os\n    print(os.getcwd())\n"))
    original = train.read_text()
    result = invoke("fix", "--verify", "python train.py", ".")
    assert result.exit_code == 1, result.output
    assert train.read_text() == original
    assert "The output changed" in result.stdout
    assert f"-{project}" in result.stdout
    assert "Not verified: nothing was written." in result.stdout


def test_nothing_to_fix_exits_0_and_writes_nothing(project: Path, fast: None) -> None:
    result = invoke("fix", "--verify", "python train.py", "train_helpers.py")
    assert result.exit_code == 0, result.output
    assert "No fixes to verify" in result.stdout


@pytest.mark.parametrize(("command", "message"), [
    ("echo hi", "needs a Python command"),
    ("python -c 'print(1)'", "not `python -c`"),
    ("python", "no script or module"),
    ("python 'unclosed", "cannot split"),
    ("python missing.py", "did not run under the profiler"),
])
def test_a_command_that_cannot_be_verified_is_an_error(project: Path, command: str,
                                                       message: str) -> None:
    before = (project / "train.py").read_text()
    result = invoke("fix", "--verify", command, ".")
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert (project / "train.py").read_text() == before


def test_paths_outside_the_current_directory_are_an_error(project: Path,
                                                          tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.py"
    outside.write_text("x = 1\n")
    result = invoke("fix", "--verify", "python train.py", str(outside))
    assert result.exit_code == 2
    assert "only files under the current directory" in result.stderr


def test_verify_refuses_diff(project: Path) -> None:
    assert invoke("fix", "--verify", "python train.py", "--diff", ".").exit_code == 2


def test_more_syncs_in_a_file_is_not_verified() -> None:
    def run(*counts: int) -> Run:
        sites = tuple(Site("a.py", n, "f", "item", c, "SYN101", False, (Frame("a.py", n, "f"),))
                      for n, c in enumerate(counts, 1))
        return Run(0, "same\n", "", Profile(sum(counts), "emulated", sites))

    assert verify._differences(run(5, 5), run(1, 5)) == []
    [problem] = verify._differences(run(5), run(3, 3))
    assert problem == "a.py makes more syncs after the fixes: 5 before, 6 after."
    assert verify._differences(Run(1, "x", "", run(1).profile), run(1))[0].startswith(
        "The exit code changed: 1 before, 0 after")


def test_parse_command() -> None:
    import sys

    assert parse_command("python train.py --steps 3") == Command(
        sys.executable, (), ("train.py", "--steps", "3"))
    assert parse_command("python3 -u -W error -m pkg.train x") == Command(
        sys.executable, ("-u", "-W", "error"), ("-m", "pkg.train", "x"))
    assert parse_command("/opt/py/bin/python3.11 t.py").python == "/opt/py/bin/python3.11"
    with pytest.raises(VerifyError):
        parse_command("pytest tests/")


def test_the_scratch_copy_skips_environments_and_links_big_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "src"
    for relative in (".git/HEAD", ".venv/lib/x.py", "env/pyvenv.cfg", "pkg/mod.py",
                     "__pycache__/m.pyc"):
        (source / relative).parent.mkdir(parents=True, exist_ok=True)
        (source / relative).write_text("x")
    (source / "weights.bin").write_bytes(b"0" * 64)
    monkeypatch.setattr(verify, "LINK_ABOVE_BYTES", 32)
    copy_tree(source, tmp_path / "copy")
    copied = sorted(p.relative_to(tmp_path / "copy").as_posix()
                    for p in (tmp_path / "copy").rglob("*"))
    assert copied == ["pkg", "pkg/mod.py", "weights.bin"]
    assert (tmp_path / "copy" / "weights.bin").is_symlink()


def test_the_scratch_copy_never_copies_itself(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\n")
    workdir = tmp_path / "synclint-verify-x"
    workdir.mkdir()
    copy_tree(tmp_path, workdir / "tree", outside=workdir)
    assert sorted(p.name for p in (workdir / "tree").iterdir()) == ["a.py"]


@pytest.mark.skipif(not os.environ.get("SYNCLINT_SLOW_TESTS"),
                    reason="runs the example twice in subprocesses (SYNCLINT_SLOW_TESTS=1)")
def test_real_subprocesses_verify_the_example(project: Path) -> None:
    result = invoke("fix", "--verify", "python train.py", ".")
    assert result.exit_code == 0, result.output
    assert "torch.stack(" in (project / "train.py").read_text()
    syncs = example_syncs()
    assert _total_row(result.stdout) == ["total", str(syncs.before), str(syncs.after)]
    assert line_of(project / "train.py", ".tolist()")
