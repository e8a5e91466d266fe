"""Regressions found by the fuzzers (benchmarks/mutate.py, seed 1): each input is the
minimal excerpt of a mutant that broke a property of tests/robustness/properties.py."""

from __future__ import annotations

import pytest

from synclint.engine import lint_source
from synclint.fixer import fix_source
from synclint.rules import ALL_RULES
from tests.robustness.properties import check_properties

#: A parameter named `cat` shadows `from torch import cat` (mutant of SYN201's INVALID
#: example 15): the call is the caller's function, not torch.cat.
SHADOWED_IMPORT = """\
from torch import cat, flatten
def f(cat, grads):
    return cat(tuple(flatten(g) for g in grads)).pow(2).sum().sqrt()
"""

#: The float32 squared sum survives SYN201's fix (per tensor), but SYN301 stops seeing it.
HIDDEN_SQUARED_SUM = """\
from torch import cat, flatten
def f(grads):
    return cat(tuple(flatten(g) for g in grads)).pow(2).sum().sqrt()
"""


def test_a_parameter_shadowing_a_torch_import_is_not_rewritten() -> None:
    codes = [d.code for d in lint_source(SHADOWED_IMPORT, "x.py", ALL_RULES).diagnostics]
    assert "SYN201" not in codes
    assert not fix_source(SHADOWED_IMPORT, "x.py", ALL_RULES).changed


def test_the_chunked_fix_keeps_the_float32_squared_norm_finding() -> None:
    failures = check_properties(HIDDEN_SQUARED_SUM, "x.py")
    assert not failures, "\n".join(f.describe() for f in failures)


def test_five_thousand_concatenated_strings_are_not_a_syntax_error() -> None:
    # The model (`ast`) finds no site where a rule could fire, so LibCST never parses it.
    source = "import torch\nx = t.item()\ny = " + " ".join(["'s'"] * 5_000) + "\n"
    compile(source, "x.py", "exec")  # CPython accepts it
    codes = [d.code for d in lint_source(source, "x.py", ALL_RULES).diagnostics]
    assert "SYN000" not in codes


@pytest.mark.xfail(strict=True, reason=(
    "LibCST's parser gives up on more than ~3 000 implicitly concatenated strings "
    "('expected one of STRING'), so valid Python where a rule may fire gets a false "
    "SYN000 (found by benchmarks/fuzz.py --limits)"))
def test_five_thousand_concatenated_strings_beside_a_candidate_are_not_a_syntax_error(
        ) -> None:
    source = ("import torch\nfor t in ts:\n    x = t.item()\ny = "
              + " ".join(["'s'"] * 5_000) + "\n")
    compile(source, "x.py", "exec")  # CPython accepts it
    codes = [d.code for d in lint_source(source, "x.py", ALL_RULES).diagnostics]
    assert "SYN000" not in codes
