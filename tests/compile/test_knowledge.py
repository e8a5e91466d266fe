"""The Dynamo table answers by torch version and flags; the rules never hold its facts."""

from __future__ import annotations

from pathlib import Path

from synclint.knowledge.dynamo import (
    BREAKS,
    CAPTURE_SCALARS,
    CAPTURE_SHAPES,
    fullgraph_flags,
    verdict,
)
from synclint.torch_version import installed_torch, parse_version


def test_a_flag_avoids_only_its_own_patterns() -> None:
    scalars = frozenset({CAPTURE_SCALARS})
    assert verdict("item-arithmetic", frozenset(), version=(2, 13)).avoided_by == CAPTURE_SCALARS
    assert not verdict("item-arithmetic", scalars, version=(2, 13)).breaks
    assert verdict("dynamic-shape", scalars, version=(2, 13)).breaks
    assert not verdict("dynamic-shape", frozenset({CAPTURE_SHAPES}), version=(2, 13)).breaks
    found = verdict("tolist-float", scalars | {CAPTURE_SHAPES}, version=(2, 13))
    assert found is not None and found.breaks and found.avoided_by is None
    assert verdict("not-a-pattern", frozenset()) is None


def test_versions_outside_the_rows_use_the_nearest_row() -> None:
    assert parse_version("2.13.0+cpu") == (2, 13) and parse_version("nightly") is None
    for version in ((2, 4), (2, 13), (3, 0), None):
        assert verdict("print", frozenset(), version=version).breaks
    assert fullgraph_flags((2, 13)) == {CAPTURE_SCALARS, CAPTURE_SHAPES}
    assert fullgraph_flags((2, 4)) == frozenset()  # not measured before 2.13: no claim


def test_one_row_per_pattern_and_version() -> None:
    keys = [(row.pattern, row.since) for row in BREAKS]
    assert len(keys) == len(set(keys))
    assert all(row.avoided_by is None or row.breaks for row in BREAKS)


def test_no_rule_names_a_pattern_of_the_table_as_a_fact() -> None:
    """Rules may name a pattern (to ask about it) but never hold whether it breaks."""
    rules = Path(__file__).resolve().parents[2] / "synclint" / "rules"
    for path in rules.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "capture_scalar_outputs" not in text, path.name
        assert "capture_dynamic_output_shape_ops" not in text, path.name


def test_the_installed_torch_is_read_from_its_metadata_folder() -> None:
    """Without importing torch or importlib.metadata (a warm run's cache key needs it)."""
    from importlib import metadata

    import pytest

    try:
        expected = parse_version(metadata.version("torch"))
    except metadata.PackageNotFoundError:
        pytest.skip("torch is not installed")
    installed_torch.cache_clear()
    assert installed_torch() == expected
