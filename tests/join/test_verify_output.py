"""What `synclint fix --verify` prints: the before/after table, the reasons a run is not
verified, and its one-line errors, on scripted profiles (the runs are faked where only the
figures matter) and on real runs where the error comes from the run itself."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from synclint import verify
from synclint.profile_data import Frame, Profile, Site
from synclint.verify import Command, Run, VerifyError, copy_tree

from .conftest import invoke

pytest.importorskip("torch")


def _run(counts: dict[str, int], *, exit_code: int = 0, stdout: str = "same\n",
         stderr: str = "") -> Run:
    sites = tuple(Site(file, line, "f", "item", count, "SYN101", True, (Frame(file, line, "f"),))
                  for line, (file, count) in enumerate(counts.items(), 1))
    return Run(exit_code, stdout, stderr, Profile(sum(counts.values()), "emulated", sites))


def _scripted(monkeypatch: pytest.MonkeyPatch, before: Run, after: Run) -> None:
    def profiled(command: Command, cwd: Path, workdir: Path, name: str) -> Run:
        return before if name == "before" else after

    monkeypatch.setattr(verify, "run_profiled", profiled)


def _rows(output: str) -> list[list[str]]:
    """The table's rows between its header and `exit code`."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("syncs (emulated)"))
    end = next(i for i, line in enumerate(lines) if line.startswith("exit code"))
    return [line.split() for line in lines[start + 1:end]]


def _section(output: str, title: str) -> list[str]:
    """The indented lines under `title`."""
    lines = output.splitlines()
    section = []
    for line in lines[lines.index(title) + 1:]:
        if not line.startswith("  "):
            break
        section.append(line)
    return section


def test_files_are_listed_by_syncs_before_and_a_missing_side_shows_zero(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = _run({"train_helpers.py": 1, "train.py": 4, "gone.py": 2})
    after = _run({"train_helpers.py": 1, "train.py": 1, "new.py": 5})
    _scripted(monkeypatch, before, after)
    result = invoke("fix", "--verify", "python train.py", ".")
    assert result.exit_code == 1, result.output  # new.py syncs more
    assert _rows(result.stdout) == [
        ["train.py", "4", "1"], ["gone.py", "2", "0"], ["train_helpers.py", "1", "1"],
        ["new.py", "0", "5"], ["total", "7", "7"]]
    assert "new.py makes more syncs after the fixes: 0 before, 5 after." in result.stdout
    assert [line.split()[0] for line in _section(result.stdout, "sites after:")] == [
        "train_helpers.py:1", "train.py:2", "new.py:3"]


def test_each_runs_sites_are_listed_and_a_run_without_any_says_so(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _scripted(monkeypatch, _run({"train.py": 3}), _run({}))
    result = invoke("fix", "--verify", "python train.py", ".")
    assert result.exit_code == 0, result.output
    assert [line.split() for line in _section(result.stdout, "sites before:")] == [
        ["train.py:1", "item", "SYN101", "3", "f"]]
    assert _section(result.stdout, "sites after:") == ["  (none)"]
    assert "Running it again on a scratch copy with the fixes to train.py..." in (
        result.stdout.splitlines())


def test_a_changed_output_is_shown_as_a_diff_of_the_two_runs(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _scripted(monkeypatch, _run({"train.py": 2}, stdout="loss 1.0\n"),
              _run({"train.py": 1}, stdout="loss 1.5\n"))
    result = invoke("fix", "--verify", "python train.py", ".")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    [row] = [line for line in lines if line.startswith("stdout ")]
    assert row.split(None, 1) == ["stdout", "different (diff below)"]
    diff = lines[lines.index("The output changed:") + 1:]
    assert diff[:2] == ["--- stdout before the fixes", "+++ stdout after the fixes"]
    assert "-loss 1.0" in diff and "+loss 1.5" in diff
    assert lines[-1] == "Not verified: nothing was written."


def test_a_changed_exit_code_shows_what_the_fixed_run_printed_on_stderr(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _scripted(monkeypatch, _run({"train.py": 2}),
              _run({"train.py": 1}, exit_code=1, stderr="Traceback ...\nNameError: x\n"))
    result = invoke("fix", "--verify", "python train.py", ".")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert "The exit code changed: 0 before, 1 after the fixes." in lines
    at = lines.index("Standard error after the fixes:")
    assert lines[at + 1:at + 3] == ["Traceback ...", "NameError: x"]


def test_fixes_to_several_files_are_counted_in_the_last_line(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (project / "extra.py").write_text(
        "import torch\n\ndef norms(ts: list[torch.Tensor]) -> list[float]:\n"
        "    return [t.norm().item() for t in ts]\n")
    would = invoke("fix", "--diff", "train.py", "extra.py")
    count = int(would.stderr.split("Would fix ", 1)[1].split(" ", 1)[0])
    _scripted(monkeypatch, _run({"train.py": 2}), _run({"train.py": 1}))
    result = invoke("fix", "--verify", "python train.py", "train.py", "extra.py")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == (
        f"Verified: same exit code and output, no file syncs more. Wrote {count} fixes to "
        "2 files.")


def test_select_chooses_the_fixes_to_verify(project: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    _scripted(monkeypatch, _run({"train.py": 2}), _run({"train.py": 1}))
    original = (project / "train.py").read_text()
    # The tensor `if` (SYN102) has no fix here: selecting it alone leaves nothing to verify.
    result = invoke("fix", "--verify", "python train.py", "--select", "SYN102", ".")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == ["No fixes to verify: the files are left as they are."]
    assert (project / "train.py").read_text() == original


@pytest.mark.parametrize(("args", "message"), [
    (("python -", "."), "--verify runs a script or a module, not `python -c` or stdin"),
    (("python -c 'print(1)'", "."), "--verify runs a script or a module, not `python -c` or stdin"),
    (("python train.py", "--diff", "."), "--verify cannot be combined with --diff or standard input"),
])
def test_commands_that_cannot_be_verified_get_a_one_line_error(
        project: Path, args: tuple[str, ...], message: str) -> None:
    result = invoke("fix", "--verify", *args)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"error: {message}"]


@pytest.mark.parametrize(("script", "detail"), [
    ("missing.py", "Error: no such script: missing.py"),
    ("quits.py", "no output"),  # os._exit: no profile written, nothing on stderr
])
def test_a_run_that_leaves_no_profile_names_the_last_thing_it_said(
        project: Path, script: str, detail: str) -> None:
    (project / "quits.py").write_text("import os\nos._exit(3)\n")
    result = invoke("fix", "--verify", f"python {script}", ".")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: the command did not run under the profiler (before): {detail}"]


def test_files_at_the_link_size_are_copied_and_larger_ones_linked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "src"
    source.mkdir()
    (source / "at.bin").write_bytes(b"0" * 32)
    (source / "above.bin").write_bytes(b"0" * 33)
    monkeypatch.setattr(verify, "LINK_ABOVE_BYTES", 32)
    copy_tree(source, tmp_path / "copy")
    assert not (tmp_path / "copy" / "at.bin").is_symlink()
    assert (tmp_path / "copy" / "above.bin").is_symlink()


def test_links_in_the_tree_stay_links_in_the_scratch_copy(tmp_path: Path) -> None:
    source = tmp_path / "src"
    (source / "pkg").mkdir(parents=True)
    (source / "pkg" / "mod.py").write_text("x = 1\n")
    outside = tmp_path / "data"
    outside.mkdir()
    (outside / "big.bin").write_bytes(b"0" * 64)
    os.symlink(outside, source / "data")
    os.symlink("pkg/mod.py", source / "alias.py")
    copy_tree(source, tmp_path / "copy")
    assert os.readlink(tmp_path / "copy" / "data") == str(outside)
    assert os.readlink(tmp_path / "copy" / "alias.py") == "pkg/mod.py"


def test_a_file_that_cannot_be_copied_is_named_in_the_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "src"
    source.mkdir()
    (source / "a.py").write_text("x = 1\n")

    def full(src: str, dst: str, **_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(shutil, "copy2", full)
    with pytest.raises(VerifyError) as raised:
        copy_tree(source, tmp_path / "copy")
    assert str(raised.value) == (f"cannot copy {source} to a scratch directory: "
                                 "[Errno 28] No space left on device")



def test_a_scratch_directory_that_cannot_be_made_is_named_in_the_error(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    (tmp_path / "copy").mkdir()  # already there
    with pytest.raises(VerifyError) as raised:
        copy_tree(source, tmp_path / "copy")
    assert str(raised.value) == f"cannot copy {source} to a scratch directory: File exists"
