"""A host read is reported by one rule: reads logged per step are SYN106's (whose remedy is
to log the tensor), not also SYN112's several-reads finding or SYN101's loop finding."""

from __future__ import annotations

from pathlib import Path

from synclint.engine import lint_sources

#: The labelled case (SYN106=2 and nothing else) where SYN112 also fired.
CASE = (Path(__file__).resolve().parents[2] / "benchmarks" / "precision" / "positive"
        / "syn106_wp_lightning_log_dict" / "lit.py")


def _found(source: str, codes: tuple[str, ...] = ("SYN101", "SYN106", "SYN112")
           ) -> list[tuple[str, int]]:
    outputs = lint_sources({"lit.py": source}, list(codes))
    return sorted((d.code, d.location.row) for o in outputs.values() for d in o.diagnostics)


def _row(source: str, text: str) -> int:
    return next(n for n, line in enumerate(source.splitlines(), 1) if text in line)


def test_reads_logged_per_step_are_reported_by_syn106_alone() -> None:
    source = CASE.read_text()
    logged = _row(source, "self.log_dict(")
    assert _found(source) == [("SYN106", logged), ("SYN106", logged)]


def test_reads_not_logged_next_to_logged_ones_are_still_merged() -> None:
    source = CASE.read_text() + "        return {'mse': mse.item(), 'mae': mae.item()}\n"
    logged, returned = _row(source, "self.log_dict("), _row(source, "return {'mse'")
    assert _found(source, ("SYN106", "SYN112")) == [
        ("SYN106", logged), ("SYN106", logged), ("SYN112", returned)]
