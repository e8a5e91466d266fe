"""Fault injection in writes, through the real `synclint fix` path (the CLI in-process
and in a child process): a failed write (disk full, read-only file or directory, the
file deleted or changed between read and write) leaves the original byte-for-byte
intact, is reported naming the file, leaves no temporary file, and fixes are never
written over a file that changed since it was read."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import synclint.fixer
from synclint.cli import main
from synclint.rules import ALL_RULES
from tests.fixer.fake_rules import ItemToTolist
from tests.robustness.mutations import ROOT

#: CRLF, a BOM and no final newline: a rewrite that lost any of them would show.
ORIGINAL = "\ufeffimport torch\r\n\r\nx = t.item()  # fixable by SYN901\r\ny = 1".encode()
FIXED_BY_SYN901 = "t.tolist()"
Fault = Callable[[pytest.MonkeyPatch, Path], None]


@pytest.fixture(autouse=True)
def fixing_rule(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # A fake rule with a guaranteed fix, whatever the real rules offer today.
    monkeypatch.setitem(ALL_RULES, ItemToTolist.code, ItemToTolist)
    yield


@pytest.fixture
def target(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "project" / "module.py"
    path.parent.mkdir()
    path.write_bytes(ORIGINAL)
    yield path
    for directory in (path.parent, tmp_path):
        os.chmod(directory, 0o755)  # let pytest clean up after the read-only cases


def _fix(path: Path) -> Any:
    return CliRunner().invoke(main, ["fix", "--select", ItemToTolist.code, "--no-cache",
                                     "--jobs", "1", str(path)])


def _leftovers(directory: Path) -> list[str]:
    return [name for name in os.listdir(directory) if name.endswith(".synclint.tmp")]


def _oserror(number: int) -> Callable[..., Any]:
    def fail(*_args: object, **_kwargs: object) -> Any:
        raise OSError(number, os.strerror(number))
    return fail


def _disk_full_on_write(monkeypatch: pytest.MonkeyPatch, _path: Path) -> None:
    real_fdopen = os.fdopen

    class FullDisk:
        def __init__(self, stream: Any) -> None:
            self._stream = stream

        def write(self, _data: bytes) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def __getattr__(self, name: str) -> Any:
            return getattr(self._stream, name)

        def __enter__(self) -> FullDisk:
            return self

        def __exit__(self, *exc: object) -> None:
            self._stream.close()

    monkeypatch.setattr(os, "fdopen", lambda *a, **k: FullDisk(real_fdopen(*a, **k)))


def _disk_full_on_fsync(monkeypatch: pytest.MonkeyPatch, _path: Path) -> None:
    monkeypatch.setattr(os, "fsync", _oserror(errno.ENOSPC))


def _no_space_for_temp_file(monkeypatch: pytest.MonkeyPatch, _path: Path) -> None:
    monkeypatch.setattr(tempfile, "mkstemp", _oserror(errno.ENOSPC))


def _rename_fails(monkeypatch: pytest.MonkeyPatch, _path: Path) -> None:
    monkeypatch.setattr(os, "replace", _oserror(errno.EIO))


def _read_only_file(_monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    os.chmod(path, 0o444)


def _read_only_directory(_monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    os.chmod(path.parent, 0o555)


FAULTS: dict[str, Fault] = {
    "disk full during the write": _disk_full_on_write,
    "disk full at fsync": _disk_full_on_fsync,
    "no space for the temporary file": _no_space_for_temp_file,
    "rename fails": _rename_fails,
    "read-only file": _read_only_file,
    "read-only directory": _read_only_directory,
}


def test_the_fix_is_written_when_nothing_fails(target: Path) -> None:
    result = _fix(target)
    assert result.exit_code == 0, result.output
    written = target.read_bytes()
    assert FIXED_BY_SYN901.encode() in written
    assert written.startswith(b"\xef\xbb\xbf") and b"\r\n" in written and written.endswith(b"= 1")


@pytest.mark.parametrize("fault", FAULTS, ids=list(FAULTS))
def test_failed_write_leaves_the_original_intact_and_is_reported(
    monkeypatch: pytest.MonkeyPatch, target: Path, fault: str,
) -> None:
    mode = stat.S_IMODE(os.stat(target).st_mode)
    FAULTS[fault](monkeypatch, target)
    result = _fix(target)
    monkeypatch.undo()
    assert result.exit_code != 0
    assert f"error: {target}" in result.output or f"error: {target.name}" in result.output \
        or str(target) in result.output, result.output
    assert target.read_bytes() == ORIGINAL
    if fault != "read-only file":
        assert stat.S_IMODE(os.stat(target).st_mode) == mode
    os.chmod(target.parent, 0o755)
    assert _leftovers(target.parent) == []


@pytest.mark.parametrize("change", ["other content", "same size", "deleted"])
def test_fix_is_never_written_over_a_file_changed_since_it_was_read(
    monkeypatch: pytest.MonkeyPatch, target: Path, change: str,
) -> None:
    concurrent = {
        "other content": b"import torch\nx = t.item()  # edited meanwhile\n",
        "same size": ORIGINAL.replace(b"y = 1", b"y = 2"),
        "deleted": None,
    }[change]
    real_propose = synclint.fixer.FileFixer.propose

    def edit_then_fix(*args: Any, **kwargs: Any) -> Any:
        # Runs after the runner read the file and before it writes: another editor.
        if concurrent is None:
            if target.exists():
                target.unlink()
        else:
            target.write_bytes(concurrent)
        return real_propose(*args, **kwargs)

    monkeypatch.setattr(synclint.fixer.FileFixer, "propose", edit_then_fix)
    result = _fix(target)
    assert result.exit_code != 0
    assert "since it was read" in result.output, result.output
    if concurrent is None:
        assert not target.exists()
    else:
        assert target.read_bytes() == concurrent
    assert _leftovers(target.parent) == []


_CHILD = """
import errno, os, sys
from synclint.rules import ALL_RULES
from tests.fixer.fake_rules import ItemToTolist
ALL_RULES[ItemToTolist.code] = ItemToTolist
def full(*args, **kwargs):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
if sys.argv[1] == "fsync":
    os.fsync = full
from synclint.cli import main
sys.argv = ["synclint", "fix", "--select", ItemToTolist.code, "--no-cache", *sys.argv[2:]]
main()
"""


def _child(fault: str, *paths: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", _CHILD, fault, *map(str, paths)],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_disk_full_in_a_real_process_leaves_the_original_and_exits_nonzero(
    target: Path,
) -> None:
    process = _child("fsync", target)
    assert process.returncode == 1, process.stderr
    assert f"error: {target}" in process.stderr and "No space left" in process.stderr
    assert target.read_bytes() == ORIGINAL
    assert _leftovers(target.parent) == []


def test_read_only_files_among_many_are_reported_by_the_worker_pool(target: Path) -> None:
    # 40 files take the process-pool path; the read-only ones must stay as they were.
    paths = []
    for index in range(40):
        path = target.parent / f"module_{index}.py"
        path.write_bytes(ORIGINAL)
        if index % 3 == 0:
            os.chmod(path, 0o444)
        paths.append(path)
    process = _child("none", "--jobs", "2", target.parent)  # type: ignore[arg-type]
    assert process.returncode == 1, process.stderr
    for index, path in enumerate(paths):
        if index % 3 == 0:
            assert path.read_bytes() == ORIGINAL
            assert f"{path.name}: file is read-only" in process.stderr
        else:
            assert FIXED_BY_SYN901.encode() in path.read_bytes()
    assert _leftovers(target.parent) == []
