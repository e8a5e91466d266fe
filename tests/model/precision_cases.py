"""The precision set's cases (`benchmarks/precision/`), as the model's tests read them whole:
each single file, and each package's files, by its name under its side."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

PRECISION = Path(__file__).resolve().parents[2] / "benchmarks" / "precision"


def precision_cases() -> Iterator[tuple[str, dict[str, str]]]:
    """("positive/name", {file name within the case: text}) for every case."""
    for side in ("positive", "negative"):
        for path in sorted((PRECISION / side).iterdir()):
            if path.suffix == ".py":
                yield f"{side}/{path.name}", {path.name: path.read_text(encoding="utf-8")}
            elif path.is_dir():
                yield f"{side}/{path.name}", {
                    str(file.relative_to(path)): file.read_text(encoding="utf-8")
                    for file in sorted(path.rglob("*.py"))}
