"""Jupyter notebooks (.ipynb): their code cells as one Python source to lint and fix, and
the way back to cells and to the notebook file.

The code cells are joined in order (names defined in one cell are known in the next, as
when the notebook runs), each after a marker comment line, so that a fixed text splits
back into cells. IPython syntax is not Python: a cell starting with a cell magic
whose body is another language (`%%bash`, `%%html`, `%%writefile`) is left out; one whose
body is Python run in the notebook (`%%time`, `%%timeit`, `%%capture`, `%%prun`,
`%%debug`, and `%%python`, `%%python3`, `%%pypy`, ruff's list) is checked with its magic
line masked; a line magic or shell escape (`%time ...`, `!pip ...`, `x = !ls`, `obj?`)
and a cell magic's line become a placeholder `pass` that the fixed text gets back
verbatim, so rows within the cell are kept.
A cell that does not parse is left out too, with its own SYN000 finding, so the other
cells are still checked (each cell is parsed on its own when a notebook runs).

Positions are reported per cell, like ruff: `nb.ipynb:cell 3:2:5:` in text, and the
`cell` key (1-based, counting every cell) with rows within the cell in JSON and SARIF.
"""

from __future__ import annotations

import ast
import json
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from synclint.diagnostics import Diagnostic, Edit, Fix, Location, Related
from synclint.files_io import SourceError
from synclint.rule_info import SYNTAX_ERROR

SUFFIX = ".ipynb"
#: Why a notebook's findings offer no fix (the sentence `fix` would refuse with).
_LAYOUT_REFUSAL = ("No fix in this notebook: its JSON layout cannot be reproduced, so "
                   "writing it would reformat every cell.")
_CELL_MARK = "# synclint-notebook-cell "
_MAGIC = "pass  # synclint-notebook-magic "
_MAGIC_LINE = re.compile(r"^(\s*)pass  # synclint-notebook-magic (\d+)$")
#: IPython-only lines: magics, shell escapes, help, and assignments from them.
_IPYTHON_LINE = re.compile(r"^\s*(?:[%!?]|[\w.,\s\[\]()]+=\s*[%!])|\?\s*$")
#: Cell magics whose body is Python (ruff's list, crates/ruff_notebook): the cell is
#: checked, its first line masked. Every other cell magic's body is another language.
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug", "python",
                                "python3", "pypy"})


def is_notebook(path: str) -> bool:
    return path.endswith(SUFFIX)


@dataclass(frozen=True)
class Notebook:
    """A parsed notebook and its code as one Python source."""

    data: dict[str, Any]
    #: The code cells joined, with marker lines; what the linter and fixer see.
    source: str
    #: For each row of `source` (index row - 1): (1-based cell, 1-based row in the cell),
    #: or (cell, 0) for a marker line.
    rows: tuple[tuple[int, int], ...]
    #: The 0-based indices of the cells in `source`, in order.
    code_cells: tuple[int, ...]
    #: The original text of each placeholder line, by its number.
    magics: tuple[str, ...]
    #: SYN000 findings of cells left out because they do not parse (cell coordinates).
    syntax_errors: tuple[Diagnostic, ...]
    #: 0-based indices of cells left out (cell magics, syntax errors): never rewritten.
    left_out: frozenset[int]
    #: How the file was serialised, to write it back the same way.
    indent: int | None
    ensure_ascii: bool
    trailing_newline: bool
    #: Whether the file can be written back changing only the fixed cells (see writable);
    #: where it cannot, `fix` refuses, so no finding offers a fix.
    layout_kept: bool = True

    def locate(self, d: Diagnostic) -> Diagnostic:
        """`d` (rows of `source`) in cell coordinates."""
        cell, start = self._cell_location(d.location)
        _, end = self._cell_location(d.end_location)
        fix = d.fix
        help_text = d.help
        if fix is not None and not self.layout_kept:
            fix = None
            help_text = f"{help_text or ''} {_LAYOUT_REFUSAL}".strip()
        elif fix is not None:
            fix = Fix(fix.applicability, fix.message, tuple(
                Edit(e.content, self._cell_location(e.location)[1],
                     self._cell_location(e.end_location)[1]) for e in fix.edits))
        message, related = d.message, d.related
        if related:
            message, related = self._locate_related(d)
        return replace(d, message=message, location=start, end_location=end, fix=fix,
                       cell=cell, help=help_text, related=related)

    def _locate_related(self, d: Diagnostic) -> tuple[str, tuple[Related, ...]]:
        """`d`'s related locations in this notebook in cell coordinates, and its
        message's "(nb.ipynb:8)" (`chains.where`) as "(cell 2:5)"."""
        name = os.path.basename(d.filename)
        message, related = d.message, []
        for r in d.related:
            if r.filename == d.filename:
                cell, location = self._cell_location(r.location)
                message = message.replace(f"({name}:{r.location.row})",
                                          f"(cell {cell}:{location.row})")
                r = replace(r, location=location, cell=cell)
            related.append(r)
        return message, tuple(related)

    def for_source(self, source: str) -> Notebook:
        """The same notebook with `source` (a fixed text, its marker lines intact) as its
        code, so findings of the fixed text map to the right cells and rows."""
        rows: list[tuple[int, int]] = []
        cell, row = 1, 0
        for line in source.split("\n")[:-1] if source.endswith("\n") else source.split("\n"):
            if line.startswith(_CELL_MARK) and line[len(_CELL_MARK):].strip().isdigit():
                cell, row = int(line[len(_CELL_MARK):]), 0
            else:
                row += 1
            rows.append((cell, row))
        return replace(self, source=source, rows=tuple(rows))

    def _cell_location(self, location: Location) -> tuple[int, Location]:
        index = min(max(location.row, 1), len(self.rows)) - 1
        cell, row = self.rows[index] if self.rows else (1, 1)
        if row == 0:  # a marker line: the first line of its cell
            return cell, Location(1, 1)
        return cell, Location(row, location.column)

    def rebuild(self, fixed: str) -> str | None:
        """The notebook file's text with the code cells of `fixed`; None when the fixed
        text no longer splits into the same cells (then nothing is written)."""
        parts = fixed.split("\n" + _CELL_MARK)
        if fixed.startswith(_CELL_MARK):
            parts[0] = parts[0][len(_CELL_MARK):]
        else:
            return None
        if len(parts) != len(self.code_cells):
            return None
        cells = [dict(cell) for cell in self.data["cells"]]
        for index, part in zip(self.code_cells, parts, strict=True):
            header, _, body = part.partition("\n")
            if header.strip() != str(index + 1):
                return None
            if index in self.left_out:
                continue
            restored = self._restore(body)
            if restored is None:
                return None
            original = _cell_text(cells[index])
            magic = _first_line(original)
            if cell_magic(magic) is not None and _first_line(restored) != magic:
                return None  # a fix moved code above the cell magic, which must come first
            if restored.rstrip("\n") == original.rstrip("\n"):
                continue
            # A cell's text has no final newline in Jupyter's files; keep the original's.
            restored = restored.rstrip("\n") + ("\n" if original.endswith("\n") else "")
            source = cells[index].get("source")
            cells[index]["source"] = (restored if isinstance(source, str)
                                      else restored.splitlines(keepends=True))
        data = dict(self.data)
        data["cells"] = cells
        return self.dumps(data)

    def _restore(self, body: str) -> str | None:
        lines = body.split("\n")
        for number, line in enumerate(lines):
            match = _MAGIC_LINE.match(line)
            if match is not None:
                index = int(match.group(2))
                if index >= len(self.magics):
                    return None
                lines[number] = self.magics[index]
        restored = "\n".join(lines)
        if _MAGIC in restored:
            return None
        return restored

    def dumps(self, data: dict[str, Any]) -> str:
        text = json.dumps(data, indent=self.indent, ensure_ascii=self.ensure_ascii)
        return text + "\n" if self.trailing_newline else text


def _cell_text(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _parses(text: str) -> SyntaxError | None:
    try:
        # Top-level `await` is valid in a notebook cell.
        compile(text, "<cell>", "exec", flags=ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT,
                dont_inherit=True)
    except SyntaxError as error:
        return error
    except (ValueError, RecursionError, MemoryError) as error:
        return SyntaxError(str(error))
    return None


def parse_notebook(name: str, text: str) -> Notebook:
    """The notebook in `text` (the file's JSON); SourceError when it is not one."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise SourceError(name, f"not a valid notebook: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        raise SourceError(name, "not a valid notebook: no list of cells")
    language = (data.get("metadata", {}) or {}).get("language_info", {}) or {}
    if isinstance(language, dict) and language.get("name", "python") != "python":
        raise SourceError(name, f"not a Python notebook (language {language.get('name')!r})")
    lines: list[str] = []
    rows: list[tuple[int, int]] = []
    code_cells: list[int] = []
    magics: list[str] = []
    errors: list[Diagnostic] = []
    left_out: set[int] = set()
    for index, cell in enumerate(data["cells"]):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        cell_text = _cell_text(cell).replace("\r\n", "\n")
        cell_lines = cell_text.split("\n")
        if cell_lines and cell_lines[-1] == "":
            cell_lines.pop()
        first = next((number for number, line in enumerate(cell_lines) if line.strip()), 0)
        code_cells.append(index)
        lines.append(f"{_CELL_MARK}{index + 1}")
        rows.append((index + 1, 0))
        magic = cell_magic(cell_lines[first]) if cell_lines else None
        if magic is not None and magic not in PYTHON_CELL_MAGICS:
            # A cell magic whose body is another language (bash, html, writefile).
            kept = ["" for _ in cell_lines]
            _add(lines, rows, index, kept)
            left_out.add(index)
            continue
        python = []
        for number, line in enumerate(cell_lines):
            if (magic is not None and number == first) or (
                    _IPYTHON_LINE.search(line) and _parses(line.strip()) is not None):
                margin = line[:len(line) - len(line.lstrip())]
                python.append(f"{margin}{_MAGIC}{len(magics)}")
                magics.append(line)
            else:
                python.append(line)
        problem = _parses("\n".join(python) + "\n")
        if problem is not None:
            errors.append(_syntax_error(name, index + 1, problem))
            python = ["" for _ in python]  # left out; the file keeps it as it was
            left_out.add(index)
        _add(lines, rows, index, python)
    source = "\n".join(lines) + "\n" if lines else ""
    indent, ensure_ascii = _style(text, data)
    notebook = Notebook(data, source, tuple(rows), tuple(code_cells), tuple(magics),
                        tuple(errors), frozenset(left_out), indent, ensure_ascii,
                        text.endswith("\n"))
    return replace(notebook, layout_kept=writable(notebook, text))


def _first_line(text: str) -> str:
    return next((line for line in text.split("\n") if line.strip()), "")


def cell_magic(line: str) -> str | None:
    """The name of the cell magic `line` starts (`%%time -n 3` -> "time"), or None."""
    stripped = line.lstrip()
    if not stripped.startswith("%%"):
        return None
    name = stripped[2:].split(maxsplit=1)
    return name[0] if name else ""


def _add(lines: list[str], rows: list[tuple[int, int]], index: int,
         cell_lines: Sequence[str]) -> None:
    for number, line in enumerate(cell_lines, start=1):
        lines.append(line)
        rows.append((index + 1, number))


def _syntax_error(name: str, cell: int, error: SyntaxError) -> Diagnostic:
    location = Location(error.lineno or 1, error.offset or 1)
    message = f"{type(error).__name__}: {error.msg or 'invalid syntax'}"
    return Diagnostic(SYNTAX_ERROR, message, name, location, location, cell=cell)


def _style(text: str, data: dict[str, Any]) -> tuple[int | None, bool]:
    """The json.dumps arguments that reproduce `text`, Jupyter's (indent 1, non-ASCII
    as is) first; (1, False) when none does (fixes are then refused: see writable)."""
    for indent in (1, 2, 4, None):
        for ensure_ascii in (False, True):
            dumped = json.dumps(data, indent=indent, ensure_ascii=ensure_ascii)
            if dumped == text.rstrip("\n"):
                return indent, ensure_ascii
    return 1, False


def writable(notebook: Notebook, text: str) -> bool:
    """Whether writing the notebook back changes nothing but the fixed cells."""
    return notebook.dumps(notebook.data) == text


def in_cells(notebook: Notebook, diagnostics: Iterable[Diagnostic]) -> tuple[Diagnostic, ...]:
    """The findings of `source` in cell coordinates, with the left-out cells' syntax
    errors (always reported, as for a .py file), in cell order."""
    found = [notebook.locate(d) for d in diagnostics]
    found.extend(notebook.syntax_errors)
    return tuple(sorted(found, key=lambda d: (d.cell or 0, d.location, d.code)))


def file_position(text: str, cell: int, row: int, column: int) -> tuple[int, int] | None:
    """Where row and column (1-based) of cell `cell`'s source lie in the notebook file's
    own text (its JSON), for annotations on the file (GitHub); None when the notebook
    cannot be read or its layout cannot be reproduced."""
    try:
        notebook = parse_notebook("", text)
        source = notebook.data["cells"][cell - 1].get("source", "")
    except (SourceError, IndexError, KeyError, TypeError, AttributeError):
        return None
    if not notebook.layout_kept:
        return None
    lines = source if isinstance(source, list) else str(source).splitlines(keepends=True)
    if not 1 <= row <= max(len(lines), 1):
        return None
    line = lines[row - 1] if lines else ""
    # The JSON line of the row: mark its string, dump as the file was dumped, find it.
    marker = "synclint-position-marker"
    while marker in text:
        marker += "-"
    marked: list[str] | str
    if isinstance(source, list):
        marked, before = [*lines[:row - 1], marker, *lines[row:]], line[:column - 1]
    else:
        before = "".join(lines[:row - 1]) + line[:column - 1]
        marked = marker + "".join(lines)
    data = dict(notebook.data)
    data["cells"] = [dict(c) for c in data["cells"]]
    data["cells"][cell - 1]["source"] = marked
    dumped = notebook.dumps(data)
    at = dumped.index(marker)
    start = dumped.rfind("\n", 0, at) + 1
    escaped = json.dumps(before, ensure_ascii=notebook.ensure_ascii)[1:-1]
    return dumped.count("\n", 0, at) + 1, at - start + len(escaped) + 1
