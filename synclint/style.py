"""The code style of the project a file belongs to, as far as generated code must follow
it: the line length (ruff's or black's `line-length`) and the oldest Python it targets."""

from __future__ import annotations

import functools
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

DEFAULT_LINE_LENGTH = 88


@dataclass(frozen=True)
class CodeStyle:
    line_length: int = DEFAULT_LINE_LENGTH
    #: The oldest Python version the project supports; (3, 10) when it says nothing, as
    #: ruff assumes (Python 3.9 is past its end of life).
    python: tuple[int, int] = (3, 10)

    @property
    def zip_strict(self) -> bool:
        """`zip(..., strict=True)` exists from Python 3.10 (and ruff's B905 asks for it)."""
        return self.python >= (3, 10)


def style_for(filename: str) -> CodeStyle:
    """The style of the nearest pyproject.toml above an existing file; the defaults for
    anything else (standard input, a file that is not there)."""
    try:
        path = Path(filename)
        if not path.is_file():
            return CodeStyle()
        return _style_in(path.resolve().parent)
    except OSError:
        return CodeStyle()


@functools.lru_cache(maxsize=256)
def _style_in(directory: Path) -> CodeStyle:
    for folder in (directory, *directory.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            try:
                data = tomllib.loads(candidate.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
                return CodeStyle()
            return _style_of(data)
    return CodeStyle()


def _style_of(data: dict[str, Any]) -> CodeStyle:
    tool = data.get("tool", {}) if isinstance(data.get("tool"), dict) else {}
    ruff = tool.get("ruff", {}) if isinstance(tool.get("ruff"), dict) else {}
    black = tool.get("black", {}) if isinstance(tool.get("black"), dict) else {}
    length = ruff.get("line-length", black.get("line-length", DEFAULT_LINE_LENGTH))
    if not isinstance(length, int) or not 20 <= length <= 400:
        length = DEFAULT_LINE_LENGTH
    python = (3, 10)
    target = ruff.get("target-version")
    versions = black.get("target-version")
    project = data.get("project", {}) if isinstance(data.get("project"), dict) else {}
    requires = project.get("requires-python")
    if isinstance(target, str) and re.fullmatch(r"py3\d+", target):
        python = (3, int(target[3:]))
    elif isinstance(versions, list) and versions and all(
            isinstance(v, str) and re.fullmatch(r"py3\d+", v) for v in versions):
        python = min((3, int(v[3:])) for v in versions)
    elif isinstance(requires, str):
        match = re.search(r">=\s*3\.(\d+)", requires)
        if match:
            python = (3, int(match.group(1)))
    return CodeStyle(length, python)
