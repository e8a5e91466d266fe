"""Reading and writing fixed files: byte-faithful, atomic, and never over a changed file."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

import pytest

from synclint.files_io import (
    SourceChangedError,
    SourceError,
    decode_source,
    encode_text,
    read_source,
    unified_diff,
    write_source,
)
from synclint.fixer import fix_source

from .fake_rules import FAKE_CODES

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def fix_file(path: Path) -> bool:
    source = read_source(path)
    result = fix_source(source.text, str(path), FAKE_CODES, unsafe=False)
    assert result.error is None
    return write_source(source, result.text)


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".synclint.tmp"))


@pytest.mark.parametrize(
    ("name", "original", "expected"),
    [
        ("crlf", b"import torch\r\nfor t in ts:\r\n    v = t.item()\r\n",
         b"import torch\r\nfor t in ts:\r\n    v = t.tolist()\r\n"),
        ("cr", b"import torch\rv = t.item()\r", b"import torch\rv = t.tolist()\r"),
        ("bom", b"\xef\xbb\xbfimport torch\nv = t.item()\n",
         b"\xef\xbb\xbfimport torch\nv = t.tolist()\n"),
        ("latin1", b"# -*- coding: latin-1 -*-\nimport torch\nlabel = '\xe9t\xe9'; v = t.item()\n",
         b"# -*- coding: latin-1 -*-\nimport torch\nlabel = '\xe9t\xe9'; v = t.tolist()\n"),
        ("no-trailing-newline", b"import torch\nv = t.item()", b"import torch\nv = t.tolist()"),
        ("crlf-bom-no-newline", b"\xef\xbb\xbfimport torch\r\nv = t.item()",
         b"\xef\xbb\xbfimport torch\r\nv = t.tolist()"),
    ],
)
def test_fix_keeps_encoding_bom_line_endings_and_trailing_newline(
        tmp_path: Path, name: str, original: bytes, expected: bytes) -> None:
    path = tmp_path / f"{name}.py"
    path.write_bytes(original)
    assert fix_file(path)
    assert path.read_bytes() == expected
    assert leftovers(tmp_path) == []


def test_read_normalises_line_endings_and_records_the_style(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_bytes(b"\xef\xbb\xbfa = 1\r\nb = 2\r\n")
    source = read_source(path)
    assert source.text == "a = 1\nb = 2\n"
    assert (source.newline, source.bom, source.encoding) == ("\r\n", True, "utf-8-sig")
    assert not source.mixed_newlines and source.trailing_newline
    assert encode_text(source, source.text) == path.read_bytes()


def test_mixed_line_endings_are_detected_from_the_first_line(tmp_path: Path) -> None:
    source = decode_source("m.py", b"a = 1\nb = 2\r\n")
    assert source.newline == "\n" and source.mixed_newlines


def test_latin1_cookie_is_decoded(tmp_path: Path) -> None:
    source = decode_source("m.py", b"# coding: latin-1\nx = '\xe9'\n")
    assert source.text == "# coding: latin-1\nx = '\u00e9'\n"
    assert source.encoding == "iso-8859-1" and not source.bom


def test_text_the_encoding_cannot_hold_is_an_error_and_nothing_is_written(
        tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_bytes(b"# coding: latin-1\nx = 1\n")
    source = read_source(path)
    with pytest.raises(SourceError, match="cannot be encoded as iso-8859-1"):
        write_source(source, "# coding: latin-1\nx = '\u2603'\n")
    assert path.read_bytes() == b"# coding: latin-1\nx = 1\n"


def test_permission_bits_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "script.py"
    path.write_bytes(b"import torch\nv = t.item()\n")
    path.chmod(0o751)
    assert fix_file(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o751


def test_unchanged_text_is_not_written(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_bytes(b"x = 1\r\ny = 2\n")  # mixed: a rewrite would normalise it
    before = path.stat().st_mtime_ns
    source = read_source(path)
    assert write_source(source, source.text) is False
    assert path.read_bytes() == b"x = 1\r\ny = 2\n" and path.stat().st_mtime_ns == before


def test_write_through_a_symlink_keeps_the_link(tmp_path: Path) -> None:
    target = tmp_path / "real.py"
    target.write_bytes(b"x = 1\n")
    link = tmp_path / "link.py"
    link.symlink_to(target)
    assert write_source(read_source(link), "x = 2\n")
    assert link.is_symlink() and target.read_bytes() == b"x = 2\n"


# -- unreadable input -------------------------------------------------------------------

def test_missing_file_is_an_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match=r"nope\.py: no such file"):
        read_source(tmp_path / "nope.py")


def test_directory_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "pkg.py").mkdir()
    with pytest.raises(SourceError, match="is a directory"):
        read_source(tmp_path / "pkg.py")


def test_broken_symlink_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "dangling.py").symlink_to(tmp_path / "gone.py")
    with pytest.raises(SourceError, match="broken symbolic link"):
        read_source(tmp_path / "dangling.py")


def test_fifo_is_not_read(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.py")
    with pytest.raises(SourceError, match="not a regular file"):
        read_source(tmp_path / "pipe.py")


def test_binary_file_with_nul_bytes_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "blob.py"
    path.write_bytes(b"\x7fELF\x00\x00\x01")
    with pytest.raises(SourceError, match="NUL bytes"):
        read_source(path)


def test_undecodable_bytes_are_an_error_with_the_offset(tmp_path: Path) -> None:
    path = tmp_path / "bad.py"
    path.write_bytes(b"x = '\xff'\n")
    with pytest.raises(SourceError, match=r"bad\.py: cannot decode as utf-8: invalid byte 0xff at offset 5"):
        read_source(path)


def test_unknown_coding_cookie_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "odd.py"
    path.write_bytes(b"# coding: klingon\nx = 1\n")
    with pytest.raises(SourceError, match="odd.py: cannot decode"):
        read_source(path)


@pytest.mark.skipif(IS_ROOT, reason="root reads any file")
def test_unreadable_file_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "secret.py"
    path.write_bytes(b"x = 1\n")
    path.chmod(0)
    with pytest.raises(SourceError, match="permission denied|Permission denied"):
        read_source(path)


def test_source_error_message_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(SourceError) as caught:
        read_source(tmp_path / "nope.py")
    assert "\n" not in str(caught.value)
    assert caught.value.path.endswith("nope.py")


# -- refusing to write ------------------------------------------------------------------

def test_read_only_file_is_reported_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "ro.py"
    path.write_bytes(b"x = 1\n")
    path.chmod(0o444)
    source = read_source(path)
    with pytest.raises(SourceError, match="ro.py: file is read-only"):
        write_source(source, "x = 2\n")
    assert path.read_bytes() == b"x = 1\n" and leftovers(tmp_path) == []


def test_read_only_directory_is_reported_and_the_file_left_untouched(tmp_path: Path) -> None:
    directory = tmp_path / "locked"
    directory.mkdir()
    path = directory / "m.py"
    path.write_bytes(b"x = 1\n")
    source = read_source(path)
    directory.chmod(0o555)
    try:
        with pytest.raises(SourceError, match="directory is read-only"):
            write_source(source, "x = 2\n")
    finally:
        directory.chmod(0o755)
    assert path.read_bytes() == b"x = 1\n" and leftovers(directory) == []


def test_temp_file_creation_failure_is_reported(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "m.py"
    path.write_bytes(b"x = 1\n")
    source = read_source(path)

    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(SourceError, match="m.py: cannot write: Permission denied"):
        write_source(source, "x = 2\n")
    assert path.read_bytes() == b"x = 1\n"


def test_file_changed_since_read_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_bytes(b"x = 1\n")
    source = read_source(path)
    path.write_bytes(b"x = 1  # edited by the user\n")
    with pytest.raises(SourceChangedError, match="changed on disk since it was read"):
        write_source(source, "x = 2\n")
    assert path.read_bytes() == b"x = 1  # edited by the user\n"
    assert leftovers(tmp_path) == []


def test_file_changed_while_the_temp_file_is_written_is_not_overwritten(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "m.py"
    path.write_bytes(b"x = 1\n")
    source = read_source(path)
    real_fsync = os.fsync

    def edit_then_fsync(fd: int) -> None:
        path.write_bytes(b"x = 3\n")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", edit_then_fsync)
    with pytest.raises(SourceChangedError):
        write_source(source, "x = 2\n")
    assert path.read_bytes() == b"x = 3\n" and leftovers(tmp_path) == []


def test_file_deleted_since_read_is_reported_and_not_recreated(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_bytes(b"x = 1\n")
    source = read_source(path)
    path.unlink()
    with pytest.raises(SourceError, match="deleted since it was read"):
        write_source(source, "x = 2\n")
    assert not path.exists() and leftovers(tmp_path) == []


# -- failures in the middle of a write ----------------------------------------------------

def test_failed_rename_leaves_the_original_and_no_temp_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "m.py"
    path.write_bytes(b"x = 1\n")
    source = read_source(path)

    def fail(*args: object) -> None:
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(SourceError, match="m.py: cannot write: Invalid cross-device link"):
        write_source(source, "x = 2\n")
    assert path.read_bytes() == b"x = 1\n" and leftovers(tmp_path) == []


def test_disk_full_during_the_write_leaves_the_original_and_no_temp_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "m.py"
    path.write_bytes(b"x = 1\n")
    source = read_source(path)

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(SourceError, match="No space left on device"):
        write_source(source, "x = 2\n")
    assert path.read_bytes() == b"x = 1\n" and leftovers(tmp_path) == []


def test_ctrl_c_during_the_write_leaves_the_original_and_no_temp_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "m.py"
    path.write_bytes(b"x = 1\n")
    source = read_source(path)

    def interrupt(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_source(source, "x = 2\n")
    assert path.read_bytes() == b"x = 1\n" and leftovers(tmp_path) == []


def test_ctrl_c_at_the_rename_leaves_the_original_and_no_temp_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "m.py"
    path.write_bytes(b"x = 1\n")
    source = read_source(path)

    def interrupt(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_source(source, "x = 2\n")
    assert path.read_bytes() == b"x = 1\n" and leftovers(tmp_path) == []


# -- diff -------------------------------------------------------------------------------

def test_unified_diff_has_a_and_b_headers() -> None:
    diff = unified_diff("pkg/m.py", "x = 1\ny = 2\n", "x = 1\ny = 3\n")
    assert diff.splitlines() == ["--- a/pkg/m.py", "+++ b/pkg/m.py", "@@ -1,2 +1,2 @@",
                                 " x = 1", "-y = 2", "+y = 3"]


def test_unified_diff_of_equal_texts_is_empty() -> None:
    assert unified_diff("m.py", "x = 1\n", "x = 1\n") == ""


def test_unified_diff_marks_a_missing_final_newline() -> None:
    diff = unified_diff("m.py", "x = 1", "x = 2")
    assert diff.endswith("-x = 1\n\\ No newline at end of file\n+x = 2\n"
                         "\\ No newline at end of file\n")


def test_unified_diff_splits_lines_on_newlines_only() -> None:
    diff = unified_diff("m.py", "a = '\x0c'\nb = 1\n", "a = '\x0c'\nb = 2\n")
    assert " a = '\x0c'\n" in diff
