"""Reading source files for fixing and writing them back atomically, byte-faithfully:
same encoding, BOM, line endings, trailing newline and permissions."""

from __future__ import annotations

import contextlib
import difflib
import hashlib
import io
import os
import stat
import tempfile
import tokenize
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "SourceChangedError",
    "SourceError",
    "SourceFile",
    "encode_text",
    "read_source",
    "unified_diff",
    "write_source",
]

_TEMP_SUFFIX = ".synclint.tmp"


class SourceError(Exception):
    """A file that cannot be read or written; `str()` is one line naming the file."""

    def __init__(self, path: str | os.PathLike[str], problem: str) -> None:
        self.path = os.fspath(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


class SourceChangedError(SourceError):
    """The file changed on disk between reading and writing; it was not overwritten."""


@dataclass(frozen=True)
class SourceFile:
    """A decoded source file and what is needed to write it back the way it was."""

    path: Path
    #: The decoded text with every line ending normalised to "\n".
    text: str
    #: The codec that decodes the bytes ("utf-8-sig" when there is a BOM).
    encoding: str
    bom: bool
    #: The file's line ending, from its first line: "\n", "\r\n" or "\r".
    newline: str
    #: Whether the file mixes line endings (a write makes them all `newline`).
    mixed_newlines: bool
    #: Permission bits (`stat.S_IMODE`).
    mode: int
    size: int
    #: SHA-256 of the bytes read, to refuse writing over a file changed since.
    digest: str

    @property
    def trailing_newline(self) -> bool:
        return self.text.endswith("\n")


def read_source(path: str | os.PathLike[str]) -> SourceFile:
    """Read and decode a Python source file (PEP 263 cookie or BOM, else UTF-8).

    Raises SourceError for a missing file, a broken symlink, a directory or other
    non-regular file, a permission problem, NUL bytes or undecodable bytes.
    """
    name = os.fspath(path)
    try:
        info = os.stat(name)
    except FileNotFoundError:
        if os.path.islink(name):
            raise SourceError(name, "broken symbolic link") from None
        raise SourceError(name, "no such file") from None
    except OSError as error:
        raise SourceError(name, f"cannot read: {_reason(error)}") from None
    if stat.S_ISDIR(info.st_mode):
        raise SourceError(name, "is a directory")
    if not stat.S_ISREG(info.st_mode):
        raise SourceError(name, "not a regular file")
    try:
        with open(name, "rb") as handle:
            data = handle.read()
            info = os.fstat(handle.fileno())
    except OSError as error:
        raise SourceError(name, f"cannot read: {_reason(error)}") from None
    return decode_source(name, data, stat.S_IMODE(info.st_mode))


def decode_source(path: str | os.PathLike[str], data: bytes, mode: int = 0o644) -> SourceFile:
    """A SourceFile from bytes already read (stdin, tests)."""
    name = os.fspath(path)
    if b"\x00" in data:
        raise SourceError(name, "contains NUL bytes (a binary file?)")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:
        if "invalid or missing encoding" not in error.msg:
            raise SourceError(name, f"cannot decode: {error.msg}") from None
        # Undecodable bytes in the first two lines: say which, as for any other line.
        encoding = "utf-8"
    try:
        raw = data.decode(encoding)
    except UnicodeDecodeError as error:
        raise SourceError(
            name, f"cannot decode as {encoding}: invalid byte "
                  f"0x{data[error.start]:02x} at offset {error.start}") from None
    except LookupError:
        raise SourceError(name, f"unknown encoding {encoding!r}") from None
    newline, mixed = _newline_style(raw)
    text = raw.replace("\r\n", "\n").replace("\r", "\n")
    return SourceFile(Path(name), text, encoding, encoding == "utf-8-sig", newline, mixed,
                      mode, len(data), hashlib.sha256(data).hexdigest())


def _newline_style(raw: str) -> tuple[str, bool]:
    crlf = raw.count("\r\n")
    lone_cr = raw.count("\r") - crlf
    lone_lf = raw.count("\n") - crlf
    mixed = sum(1 for count in (crlf, lone_cr, lone_lf) if count) > 1
    first = min((index for index in (raw.find("\r"), raw.find("\n")) if index >= 0),
                default=-1)
    if first < 0 or raw[first] == "\n":
        return "\n", mixed
    return ("\r\n" if raw.startswith("\r\n", first) else "\r"), mixed


def encode_text(source: SourceFile, text: str) -> bytes:
    """`text` (with "\\n" endings) as the bytes the file would hold: its encoding, BOM,
    line endings, and its trailing-newline state (a file without a final newline keeps
    having none; one with keeps it)."""
    if source.text and not source.trailing_newline:
        text = text.rstrip("\n")
    elif source.trailing_newline and text and not text.endswith("\n"):
        text += "\n"
    if source.newline != "\n":
        text = text.replace("\n", source.newline)
    try:
        return text.encode(source.encoding)
    except UnicodeEncodeError as error:
        raise SourceError(source.path, f"the fixed text cannot be encoded as {source.encoding}"
                                       f" ({error.object[error.start]!r})") from None


def write_source(source: SourceFile, new_text: str) -> bool:
    """Replace the file's content with `new_text` atomically; False when nothing changed.

    A temporary file in the same directory gets the bytes, the permission bits, an fsync,
    then `os.replace`s the original. Raises SourceChangedError when the file changed on
    disk since it was read and SourceError for a read-only file or directory, a deleted
    file or a failed write; in every case (KeyboardInterrupt included) the original is
    left byte-for-byte as it was and no temporary file remains.
    """
    if new_text == source.text:
        return False
    data = encode_text(source, new_text)
    # Write through a symlink to its target rather than replace the link with a file.
    target = os.path.realpath(source.path)
    directory = os.path.dirname(target) or "."
    info = _check_unchanged(source, target)
    if not info.st_mode & 0o222 or not os.access(target, os.W_OK):
        raise SourceError(source.path, "file is read-only; not fixed")
    try:
        directory_info = os.stat(directory)
    except OSError as error:
        raise SourceError(source.path, f"cannot write: {_reason(error)}") from None
    if not directory_info.st_mode & 0o222 or not os.access(directory, os.W_OK | os.X_OK):
        raise SourceError(source.path, "directory is read-only; not fixed")
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.",
                                        suffix=_TEMP_SUFFIX, dir=directory)
    except OSError as error:
        raise SourceError(source.path, f"cannot write: {_reason(error)}") from None
    try:
        try:
            stream = os.fdopen(handle, "wb")
        except BaseException:
            os.close(handle)
            raise
        with stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
            os.fchmod(stream.fileno(), stat.S_IMODE(info.st_mode))
            if (info.st_uid, info.st_gid) != (os.getuid(), os.getgid()):
                with contextlib.suppress(OSError):  # only root may give files away
                    os.fchown(stream.fileno(), info.st_uid, info.st_gid)
        # Checked again last: the window in which another writer could be lost is tiny.
        _check_unchanged(source, target)
        os.replace(temp, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(error, SourceError):
            raise
        if isinstance(error, OSError):
            raise SourceError(source.path, f"cannot write: {_reason(error)}") from None
        raise
    _sync_directory(directory)
    return True


def _check_unchanged(source: SourceFile, target: str) -> os.stat_result:
    try:
        with open(target, "rb") as handle:
            data = handle.read()
            info = os.fstat(handle.fileno())
    except FileNotFoundError:
        raise SourceError(source.path, "file was deleted since it was read; not written") \
            from None
    except OSError as error:
        raise SourceError(source.path, f"cannot re-read before writing: {_reason(error)}") \
            from None
    if len(data) != source.size or hashlib.sha256(data).hexdigest() != source.digest:
        raise SourceChangedError(source.path, "file changed on disk since it was read; "
                                              "not overwritten")
    return info


def _sync_directory(directory: str) -> None:
    """Make the rename durable; not every platform or file system allows it."""
    try:
        handle = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def _reason(error: OSError) -> str:
    return error.strerror or str(error) or type(error).__name__


def unified_diff(path: str | os.PathLike[str], old: str, new: str) -> str:
    """A unified diff of two texts, with `--- a/path` / `+++ b/path` headers; "" when equal.

    Lines are split on "\\n" only (a form feed is not a line break in Python source).
    """
    if old == new:
        return ""
    name = Path(path).as_posix()
    # git's a/ b/ prefixes only make sense for relative paths (`a//tmp/x.py` does not).
    before, after = (name, name) if Path(path).is_absolute() else (f"a/{name}", f"b/{name}")
    lines = difflib.unified_diff(_lines(old), _lines(new), fromfile=before, tofile=after)
    out: list[str] = []
    for line in lines:
        if line.endswith("\n"):
            out.append(line)
        else:
            out.append(line + "\n\\ No newline at end of file\n")
    return "".join(out)


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    result = [line + "\n" for line in lines[:-1]]
    if lines[-1]:
        result.append(lines[-1])
    return result


def text_sha(text: str) -> str:
    """The digest the model keeps of a file's text (SHA-256 of its UTF-8)."""
    import hashlib

    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
