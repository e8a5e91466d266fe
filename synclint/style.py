"""The code style of the project a file belongs to, as far as generated code must follow
it: the line length (ruff's or black's `line-length`) and the oldest Python it targets
(ruff's `target-version`, black's, `requires-python`, or the oldest `Programming Language ::
Python :: 3.x` classifier; from pyproject.toml, setup.cfg, setup.py, or the metadata of an
unpacked wheel or sdist)."""

from __future__ import annotations

import functools
import io
import re
import sys
import tokenize
from collections.abc import Iterator
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


#: The longest line length a file's own lines may set where no configuration says one.
_LONGEST_INFERRED = 120


def style_for(filename: str, source: str | None = None) -> CodeStyle:
    """The style of the nearest pyproject.toml above an existing file; the defaults for
    anything else (standard input, a file that is not there). Where no configuration sets
    the line length, the file's own `source` may: see `inferred_line_length`."""
    try:
        path = Path(filename)
        style, length_set = _style_in(path.resolve().parent) if path.is_file() \
            else (CodeStyle(), False)
    except OSError:
        style, length_set = CodeStyle(), False
    if not length_set and source is not None:
        length = inferred_line_length(source)
        if length != style.line_length:
            style = CodeStyle(length, style.python)
    return style


def inferred_line_length(source: str) -> int:
    """The line length a file without a configuration was written to: black's 88, unless
    more than a few of its lines (1%, at least 5) are longer, as in a project formatted at
    119 or 120 whose configuration did not come with the file (an unpacked wheel); then its
    longest line up to 120."""
    lines = source.splitlines()
    text = set(_text_lines(source))
    # Comments and strings say nothing: black leaves long ones as they are.
    lengths = [len(line) for number, line in enumerate(lines, start=1)
               if number not in text and not line.lstrip().startswith("#")]
    longer = [n for n in lengths if DEFAULT_LINE_LENGTH < n <= _LONGEST_INFERRED]
    if len(longer) < 5 or len(longer) < len(lengths) / 100:
        return DEFAULT_LINE_LENGTH
    return max(longer)


def _text_lines(source: str) -> Iterator[int]:
    """The lines a string literal spans or ends on (a docstring, a long message)."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.STRING or token.type == getattr(
                    tokenize, "FSTRING_MIDDLE", -1):
                yield from range(token.start[0], token.end[0] + 1)
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return


@functools.lru_cache(maxsize=256)
def _style_in(directory: Path) -> tuple[CodeStyle, bool]:
    """The style, and whether a configuration sets its line length."""
    for folder in (directory, *directory.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            try:
                data = tomllib.loads(candidate.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
                return CodeStyle(), False
            style = _style_of(data)
            length_set = _says_line_length(data)
            if _says_python(data):
                return style, length_set
            python = _python_of_setup(folder)
            return (style if python is None else CodeStyle(style.line_length, python),
                    length_set)
        python = _python_of_setup(folder) or _python_of_metadata(folder)
        if python is not None:
            return CodeStyle(python=python), False
    return CodeStyle(), False


def _says_line_length(data: dict[str, Any]) -> bool:
    tool = data.get("tool", {}) if isinstance(data.get("tool"), dict) else {}
    return any(isinstance(tool.get(name), dict) and "line-length" in tool[name]
               for name in ("ruff", "black"))


def _says_python(data: dict[str, Any]) -> bool:
    tool = data.get("tool", {}) if isinstance(data.get("tool"), dict) else {}
    project = data.get("project", {}) if isinstance(data.get("project"), dict) else {}
    ruff = tool.get("ruff", {}) if isinstance(tool.get("ruff"), dict) else {}
    black = tool.get("black", {}) if isinstance(tool.get("black"), dict) else {}
    return any(key in table for key, table in (
        ("target-version", ruff), ("target-version", black), ("requires-python", project),
        ("classifiers", project)))


def _python_of_setup(folder: Path) -> tuple[int, int] | None:
    """`python_requires` or the classifiers of setup.cfg, else of setup.py."""
    for name in ("setup.cfg", "setup.py"):
        path = folder / name
        if not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        found = _requires(" ".join(re.findall(r"python_requires\s*[=:]\s*[\"']?([^\"'\n]+)",
                                              text)))
        if found is None:
            found = _oldest_classifier(text)
        if found is not None:
            return found
    return None


def _python_of_metadata(folder: Path) -> tuple[int, int] | None:
    """`Requires-Python` or the classifiers of an unpacked wheel (`*.dist-info/METADATA`)
    or sdist (`PKG-INFO`) next to the package."""
    candidates = [folder / "PKG-INFO", *sorted(folder.glob("*.dist-info/METADATA"))]
    for path in candidates:
        if not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        header = text.split("\n\n", 1)[0]
        found = _requires(" ".join(re.findall(r"^Requires-Python:\s*(.+)$", header, re.M)))
        if found is None:
            found = _oldest_classifier(header)
        if found is not None:
            return found
    return None


def _requires(spec: str) -> tuple[int, int] | None:
    """The oldest Python 3 a `requires-python` specifier admits (`>=3.8`, `~=3.9`,
    `>3.7`, `^3.8`), or None."""
    match = re.search(r"(>=|~=|\^|==)\s*3\.(\d+)", spec)
    if match:
        return 3, int(match.group(2))
    match = re.search(r">\s*3\.(\d+)", spec)
    if match:
        return 3, int(match.group(1)) + 1
    return None


def _oldest_classifier(text: str) -> tuple[int, int] | None:
    minors = [int(m) for m in re.findall(
        r"Programming Language :: Python :: 3\.(\d+)\b", text)]
    return (3, min(minors)) if minors else None


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
    elif isinstance(requires, str) and _requires(requires) is not None:
        python = _requires(requires) or python
    elif isinstance(project.get("classifiers"), list):
        python = _oldest_classifier("\n".join(
            c for c in project["classifiers"] if isinstance(c, str))) or python
    return CodeStyle(length, python)
