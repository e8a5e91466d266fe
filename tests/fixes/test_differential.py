"""Every shape of the differential harness: the fixer does what its header says, and the
fixed version computes what the naive one did, with no more syncs (and, for chunked
shapes, a peak temporary of at most twice the largest input tensor)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from types import ModuleType

import pytest
import torch

from tests.fixes.differential import (
    Shape,
    _run_input,
    compare,
    load_shape,
    run_shape,
    shape_paths,
)

SHAPES = shape_paths()


@pytest.mark.parametrize("path", SHAPES, ids=[f"{p.parent.name}/{p.stem}" for p in SHAPES])
def test_fixed_shape_computes_what_the_naive_one_did(path: Path) -> None:
    outcome = run_shape(load_shape(path))
    assert outcome.verified, "\n".join(outcome.all_problems)


def test_the_harness_has_enough_shapes_of_its_own_patterns() -> None:
    by_pattern = {pattern: [p for p in SHAPES if p.parent.name == pattern]
                  for pattern in ("float64", "chunked")}
    assert len(by_pattern["float64"]) >= 15
    assert len(by_pattern["chunked"]) >= 15


def test_compare_is_exact_for_counts_and_bools() -> None:
    assert compare({"n": 3, "ok": True}, {"n": 3, "ok": True}) == []
    assert compare(3, 4) != []
    assert compare(True, 1) != []
    assert compare(1, 1.0) != []


def test_compare_is_exact_in_type_and_dtype() -> None:
    f32, f64 = torch.tensor(1.0), torch.tensor(1.0, dtype=torch.float64)
    assert compare(f32, f32.clone()) == []
    assert compare(f32, f64) == ["result.dtype: torch.float32 != torch.float64"]
    assert compare(f32, 1.0) == ["result: type Tensor(torch.float32) != float"]
    assert compare((1, 2), [1, 2]) == ["result: type tuple != list"]
    assert compare(torch.tensor([1, 2]), torch.tensor([1.0, 2.0])) != []
    assert compare(torch.tensor([True]), torch.tensor([1])) != []
    assert compare(torch.ones(2, 1), torch.ones(2)) != []
    assert compare({"a": 1, "b": 2}, {"b": 2, "a": 1}) != []  # the order callers iterate in
    assert compare(f32, f64, ignore_dtype=True) == []


def test_compare_allows_one_part_in_a_million_for_floats() -> None:
    assert compare(1.0, 1.0 + 5e-7) == []
    assert compare(1.0, 1.0 + 5e-6) != []
    assert compare(float("nan"), float("nan")) == []
    assert compare(float("inf"), float("inf")) == []
    assert compare(float("inf"), 1.0) != []


def test_compare_allows_a_unit_in_the_last_place_of_a_half_precision_tensor() -> None:
    a = torch.tensor([1000.0], dtype=torch.float16)
    assert compare(a, a + 0.5) == []  # 1000.5 rounds to 1000 or 1001 in float16
    assert compare(a, a + 8) != []
    assert compare(torch.tensor([1000.0]), torch.tensor([1000.5])) != []


def test_compare_accepts_a_finite_fix_of_an_overflow_only_when_it_matches_the_reference() -> None:
    assert compare(float("inf"), 3e20, 3e20) == []
    assert compare(float("inf"), 3e20, None) != []  # never "any finite value"
    assert compare(float("inf"), 1e20, 3e20) != []
    assert compare(3e20, float("inf"), 3e20) != []
    # A fix more exact than a float16 naive result is judged by the reference too.
    assert compare(2.5391, 2.5393, 2.5393) == []
    assert compare(2.5393, 2.5391, 2.5393) != []
    inf32 = torch.tensor([float("inf"), 1.0])
    assert compare(inf32, torch.tensor([3e38, 1.0]), [3e38, 1.0]) == []
    assert compare(inf32, torch.tensor([3e38, 1.0]), None) != []


def test_compare_recurses_through_lists_and_dicts() -> None:
    assert compare([1.0, {"a": [2]}], [1.0, {"a": [2]}]) == []
    assert compare([1.0, {"a": [2]}], [1.0, {"a": [3]}]) == ["result[1]['a'][0]: 2 != 3"]
    assert compare([1.0], [1.0, 2.0]) != []


def test_a_shape_header_must_state_the_expected_fix(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import torch\n")
    with pytest.raises(ValueError):
        load_shape(bad)
    none_without_reason = tmp_path / "none.py"
    none_without_reason.write_text("# expect-fix: none\n")
    with pytest.raises(ValueError):
        load_shape(none_without_reason)
    good = tmp_path / "good.py"
    good.write_text("# expect-fix: none: why\n# max-syncs: 2\nimport torch\n")
    shape = load_shape(good)
    assert (shape.expect, shape.reason, shape.max_syncs) == ("none", "why", 2)


def _module(name: str, source: str) -> ModuleType:
    module = ModuleType(name)
    exec(compile(textwrap.dedent(source), name, "exec"), module.__dict__)  # noqa: S102
    return module


INPUTS = """\
import torch
def inputs():
    return [(torch.ones(3),)]
"""


def test_a_fix_that_prints_differently_or_changes_its_arguments_differently_fails() -> None:
    shape = Shape(Path("float64/x.py"), "float64", "x", "safe")
    naive = _module("naive", INPUTS + "def naive(t):\n    print('a'); print('b')\n    t.add_(1)\n")
    reordered = _module("fixed", INPUTS + "def naive(t):\n    print('b'); print('a')\n    t.add_(1)\n")
    mutated = _module("fixed", INPUTS + "def naive(t):\n    print('a'); print('b')\n    t.add_(2)\n")
    same = _module("fixed", INPUTS + "def naive(t):\n    print('a'); print('b')\n    t += 1\n")
    assert _run_input(shape, naive, same, 0, 1).problems == ()
    assert "printed output differs" in _run_input(shape, naive, reordered, 0, 1).problems[0]
    [problem, *_] = _run_input(shape, naive, mutated, 0, 1).problems
    assert problem.startswith("arguments after the call[0][0]: 2.0 != 3.0")


def test_an_exception_must_be_the_same_exception() -> None:
    shape = Shape(Path("float64/x.py"), "float64", "x", "safe")
    naive = _module("naive", INPUTS + "def naive(t):\n    raise ValueError\n")
    fixed = _module("fixed", INPUTS + "def naive(t):\n    raise RuntimeError\n")
    assert _run_input(shape, naive, fixed, 0, 1).problems == (
        "naive raised ValueError, fixed raised RuntimeError",)


UNSAFE_SHAPE = '''\
# expect-fix: unsafe
import torch


def naive(grads: list[torch.Tensor]) -> float:
    norms = [g.norm() for g in grads]
    return torch.stack(norms).pow(2).sum().item()


def inputs():
    return [([torch.ones(3)],)]


def edge_inputs():
    return [([{edge}],)]
'''


def test_an_unsafe_shape_must_show_its_reason_on_an_edge_input(tmp_path: Path) -> None:
    (tmp_path / "float64").mkdir()
    path = tmp_path / "float64" / "unsafe.py"
    path.write_text(UNSAFE_SHAPE.replace("{edge}", "torch.ones(3, dtype=torch.complex64)"))
    outcome = run_shape(load_shape(path))
    assert outcome.verified, outcome.all_problems
    assert "naive raised None, fixed raised RuntimeError" in outcome.inputs[1].differences
    path.write_text(UNSAFE_SHAPE.replace("{edge}", "torch.ones(2)"))
    assert run_shape(load_shape(path)).problems == (
        "unsafe, yet no edge input shows a difference: the reason is not shown",)


def test_only_an_unsafe_shape_may_differ_in_dtype(tmp_path: Path) -> None:
    path = tmp_path / "safe.py"
    path.write_text("# expect-fix: safe\n# may-differ: dtype\n")
    with pytest.raises(ValueError):
        load_shape(path)
    path.write_text("# expect-fix: unsafe\n# may-differ: dtype\n")
    assert load_shape(path).may_differ == {"dtype"}
