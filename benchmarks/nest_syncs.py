"""Host syncs of the loop-nest shapes: the original, the per-loop fix (one transfer per
outer iteration, what `synclint fix` wrote before the nest form) and the nest fix (one
transfer for the whole nest), with the lines each fix adds.

Usage: python benchmarks/nest_syncs.py

For every differential shape whose fix is the nest form (`tests/fixes/shapes/batched/`),
runs the three versions on each of the shape's inputs under the emulated sync counter and
prints the counts on the input with the most syncs (`n -> per-loop -> nest`) and the lines
added by each fix. Exits 1 when a nest fix syncs more than the per-loop one anywhere, or
computes something else than the original.
"""

from __future__ import annotations

import contextlib
import difflib
import importlib.util
import io
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from synclint.fixer import fix_source  # noqa: E402
from synclint.fixes import batched_nest  # noqa: E402
from synclint.runtime import count_syncs  # noqa: E402
from tests.fixes.differential import FIX_CODES, compare, shape_paths  # noqa: E402


def _lines_added(before: str, after: str) -> int:
    diff = list(difflib.ndiff(before.splitlines(), after.splitlines()))
    return sum(line.startswith("+ ") for line in diff) - sum(
        line.startswith("- ") for line in diff)


@contextlib.contextmanager
def _per_loop_form() -> Iterator[None]:
    """The fixer as it was before the nest form: every nest keeps the per-loop fix."""
    with mock.patch.object(batched_nest, "_check_inner",
                           side_effect=batched_nest.Refused("per-loop form")):
        yield


def _load(text: str, name: str, folder: Path) -> ModuleType:
    path = folder / f"{name}.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run(function: Callable[..., Any], args: tuple[Any, ...]) -> tuple[Any, int]:
    """The result (or the type of the exception raised) and the host syncs."""
    with count_syncs("emulated") as syncs, contextlib.redirect_stdout(io.StringIO()):
        try:
            value = function(*args)
        except Exception as exc:  # noqa: BLE001  # the original may raise: so must the fix
            value = f"raised {type(exc).__name__}"
    return value, syncs.total


def main() -> int:
    failed = False
    print(f"{'shape':38} {'syncs: naive -> per-loop -> nest':>34} {'lines: per-loop, nest':>22}")
    with tempfile.TemporaryDirectory() as folder:
        for path in shape_paths(("batched",)):
            source = path.read_text(encoding="utf-8")
            nest = fix_source(source, path.name, FIX_CODES["batched"], unsafe=True).text
            with _per_loop_form():
                per_loop = fix_source(source, path.name, FIX_CODES["batched"], unsafe=True).text
            if nest == per_loop:
                continue  # not a nest the nest form rewrites
            modules = [_load(text, f"{kind}_{path.stem}", Path(folder))
                       for kind, text in (("naive", source), ("per_loop", per_loop),
                                          ("nest", nest))]
            worst = (0, 0, 0)
            for index in range(len(modules[0].inputs())):
                runs = [_run(module.naive, tuple(modules[0].inputs()[index]))
                        for module in modules]
                counts = tuple(syncs for _, syncs in runs)
                if compare(runs[0][0], runs[2][0]) or counts[2] > counts[1]:
                    print(f"{path.stem}: input {index}: the nest fix differs or syncs more")
                    failed = True
                worst = max(worst, counts)
            lines = f"+{_lines_added(source, per_loop)}, +{_lines_added(source, nest)}"
            print(f"{path.stem:38} {' -> '.join(map(str, worst)):>34} {lines:>22}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
