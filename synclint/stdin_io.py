"""Source read from standard input (`-`): decoded like a file (BOM, PEP 263 cookie), and
for `fix -` echoed back on standard output, fixed or not, in its own encoding and line
endings, as `ruff check --fix -` does: an editor that replaces its buffer with the
output must never get an empty buffer back."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import BinaryIO

from synclint.files_io import SourceError, SourceFile, decode_source, encode_text


@dataclass(frozen=True)
class StdinSource:
    """The bytes read from standard input and, when they decode, the source they hold."""

    name: str
    data: bytes
    file: SourceFile | None
    #: Why the bytes cannot be checked (not decodable, NUL bytes), or None.
    problem: str | None = None


def read_stdin(name: str, stream: BinaryIO | None = None) -> StdinSource:
    """Read standard input to the end; `name` is what errors call it."""
    data = (stream if stream is not None else sys.stdin.buffer).read()
    try:
        return StdinSource(name, data, decode_source(name, data))
    except SourceError as error:
        return StdinSource(name, data, None, error.problem)


def echo_source(source: StdinSource, fixed_text: str | None,
                stream: BinaryIO | None = None) -> str | None:
    """Write the fixed text (in the input's encoding and line endings) or, when nothing was
    fixed, the input's own bytes, unchanged. Returns why the fixed text could not be
    written (the input is written instead), or None."""
    out = stream if stream is not None else sys.stdout.buffer
    data, problem = source.data, None
    if fixed_text is not None and source.file is not None:
        try:
            data = encode_text(source.file, fixed_text)
        except SourceError as error:
            problem = error.problem
    out.write(data)
    out.flush()
    return problem
