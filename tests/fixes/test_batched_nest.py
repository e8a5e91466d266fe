"""One transfer per loop nest (fixes/batched_nest.py).

The safe nests live in the differential harness (`shapes/batched/nest_*.py` and
`nested_layer_norms.py`); here each is run once more to show the host syncs going from one
per read to one for the nest. Every check that keeps a nest on the per-loop form is then
shown to matter: with the check on, the fixer keeps one transfer per outer iteration and
computes what the original did; with the check turned off, the fixer writes the nest form
and the result, the exception or the printed output changes."""

from __future__ import annotations

import ast
import contextlib
import io
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import torch
from torch import nn

from synclint.diagnostics import Applicability
from synclint.engine import lint_source
from synclint.fixer import fix_source
from synclint.fixes import batched_nest, batched_write
from synclint.runtime import count_syncs
from tests.fixes.differential import SHAPES_DIR, compare

BATCHED = ("SYN101", "SYN102")


def _fixed(source: str, *, unsafe: bool = False) -> str:
    result = fix_source(textwrap.dedent(source), "example.py", BATCHED, unsafe=unsafe)
    assert result.error is None and not result.discarded
    return result.text


def _is_nest_form(text: str) -> bool:
    """The first pass of a nest: a list comprehension with a `for` clause per loop, in a
    statement outside every loop (the per-loop form's `[r for row in reads for r in row]`
    is inside the outer loop)."""
    def outside_loops(body: list[ast.stmt]) -> list[ast.stmt]:
        found = []
        for statement in body:
            if isinstance(statement, ast.FunctionDef):
                found.extend(outside_loops(statement.body))
            elif not isinstance(statement, (ast.For, ast.AsyncFor, ast.While)):
                found.append(statement)
        return found

    return any(isinstance(node, ast.ListComp) and len(node.generators) > 1
               for statement in outside_loops(ast.parse(text).body)
               for node in ast.walk(statement))


def _load(source: str) -> ModuleType:
    module = ModuleType("nest_example")
    exec(compile(textwrap.dedent(source), "<nest_example>", "exec"), module.__dict__)  # noqa: S102
    return module


@dataclass(frozen=True)
class _Run:
    value: Any
    error: str | None
    printed: str
    syncs: int


def _run(source: str, args: tuple[Any, ...]) -> _Run:
    function = _load(source).naive
    printed = io.StringIO()
    value: Any = None
    error: str | None = None
    with count_syncs("emulated") as syncs, contextlib.redirect_stdout(printed):
        try:
            value = function(*args)
        except Exception as exc:  # noqa: BLE001  # the original may raise: so must the fix
            error = type(exc).__name__
    return _Run(value, error, printed.getvalue(), syncs.total)


def _differences(naive: _Run, fixed: _Run) -> list[str]:
    if naive.error is not None or fixed.error is not None:
        return [] if naive.error == fixed.error else [f"raised {naive.error} / {fixed.error}"]
    found = compare(naive.value, fixed.value)
    if naive.printed != fixed.printed:
        found.append("printed output differs")
    return found


# --- the safe nests: syncs from one per read to one ------------------------------------------

#: (shape, input index, syncs of the original, syncs of the fix).
NEST_SYNCS = [
    ("nested_layer_norms", 0, 4, 1),
    ("nest_token_ids_to_subwords", 0, 12, 1),
    ("nest_grad_norms_skip_missing", 0, 4, 1),
    ("nest_grad_norms_skip_missing", 5, 3, 1),
    ("nest_dict_of_lists_sums", 0, 3, 1),
    ("nest_three_levels_epochs", 0, 6, 1),
    # Values of several dtypes are read one by one, as the loop did (exact, never more syncs);
    # values of one dtype and device in one transfer.
    ("nest_mixed_dtypes_per_group", 0, 3, 3),  # int64, bool, float
    ("nest_mixed_dtypes_per_group", 4, 4, 4),  # float32, float16, int32
    ("nest_mixed_dtypes_per_group", 6, 3, 1),  # int64 only
    ("nest_comprehension_per_module_max", 0, 3, 1),
    ("nest_generator_sum_of_squares", 0, 4, 1),
    ("nest_generator_sum_of_squares", 3, 2, 1),
]


@pytest.mark.parametrize(("shape", "index", "before", "after"), NEST_SYNCS)
def test_a_nest_reads_every_value_with_one_transfer(shape: str, index: int, before: int,
                                                    after: int) -> None:
    path = SHAPES_DIR / "batched" / f"{shape}.py"
    source = path.read_text(encoding="utf-8")
    text = _fixed(source)
    assert _is_nest_form(text), text
    arguments = _load(source).inputs()[index]
    naive, fixed = _run(source, arguments), _run(text, arguments)
    assert (naive.syncs, fixed.syncs) == (before, after)
    assert _differences(naive, fixed) == []


def test_the_fixed_nest_is_not_reported_again_and_fixing_it_changes_nothing() -> None:
    source = (SHAPES_DIR / "batched" / "nested_layer_norms.py").read_text(encoding="utf-8")
    text = _fixed(source)
    findings = [d for d in lint_source(text, "example.py", BATCHED).diagnostics
                if d.code in BATCHED]
    assert findings == []
    assert _fixed(text) == text


def test_the_first_pass_goes_before_the_outermost_loop_with_the_guard_kept() -> None:
    text = _fixed((SHAPES_DIR / "batched" / "nest_grad_norms_skip_missing.py").read_text())
    before, _, after = text.partition("    for name, child in model.named_children():")
    assert "p.grad.norm(2)\n        for name, child in model.named_children()\n" \
           "        for p in child.parameters()\n        if p.grad is not None\n" in before
    assert "torch.stack(" in before and "torch.stack(" not in after
    assert "values.append(next(grad_norm_values))" in after


def test_a_nest_fix_of_a_value_that_may_not_be_a_tensor_stays_unsafe() -> None:
    source = """\
        import torch

        def naive(metrics: dict[str, list]) -> list[float]:
            out = []
            for values in metrics.values():
                for v in values:
                    out.append(v.item())
            return out
        """
    findings = lint_source(textwrap.dedent(source), "example.py", BATCHED).diagnostics
    assert findings and all(d.fix is None or d.fix.applicability is Applicability.UNSAFE
                            for d in findings)


# --- every check that keeps a nest on the per-loop form ---------------------------------------

def _meta_last() -> list[list[torch.Tensor]]:
    """Layers of tensors, the last holding one on the meta device (it cannot be read)."""
    return [[torch.ones(2), torch.full((3,), 2.0)], [torch.tensor([5.0])],
            [torch.empty(2, device="meta")]]


def _nan_layers() -> list[nn.Module]:
    """Two layers of two parameters: a NaN in the first of one, the second of the other."""
    layers = [nn.Linear(2, 2), nn.Linear(2, 2)]
    with torch.no_grad():
        layers[0].weight[0, 0] = float("nan")
        layers[1].bias[0] = float("nan")
    return layers


def _tied() -> list[nn.Module]:
    """Two layers sharing one weight (tied embeddings), with gradients."""
    first = nn.Linear(2, 2, bias=False)
    second = nn.Linear(2, 2, bias=False)
    second.weight = first.weight
    for layer in (first, second):
        layer(torch.ones(1, 2)).sum().backward()
    return [first, second]


def _counter() -> Callable[[], int]:
    """A call that returns 1, 2, 3 ...: evaluating the list again gives other elements."""
    calls = [0]

    def count() -> int:
        calls[0] += 1
        return calls[0]
    return count


def _printing_steps() -> Callable[[int], Any]:
    def steps(count: int) -> Any:
        for step in range(count):
            print("step", step)
            yield step
    return steps


@dataclass(frozen=True)
class Refusal:
    id: str
    #: The check of batched_nest that keeps this nest on the per-loop form.
    check: str
    source: str
    arguments: Callable[[], tuple[Any, ...]]
    #: The per-loop form is an unsafe fix: both forms are applied with `--unsafe-fixes`.
    unsafe: bool = False


REFUSALS = [
    Refusal("break in the outer body", "_check_level_exits", """\
        import torch

        def naive(layers: list[list[torch.Tensor]], limit: int) -> list[float]:
            out = []
            for layer in layers:
                if len(out) >= limit:
                    break
                for t in layer:
                    out.append(t.sum().item())
            return out
        """, lambda: (_meta_last(), 3)),
    Refusal("return in the outer body", "_check_level_exits", """\
        import torch

        def naive(layers: list[list[torch.Tensor]], limit: int) -> list[float]:
            out = []
            for layer in layers:
                for t in layer:
                    out.append(t.sum().item())
                if len(out) >= limit:
                    return out
            return out
        """, lambda: (_meta_last(), 3)),
    Refusal("continue before the inner loop", "_check_no_skip", """\
        import torch

        def naive(layers: list[list[torch.Tensor]]) -> list[float]:
            out = []
            for layer in layers:
                if len(layer) < 2:
                    continue
                for t in layer:
                    out.append(t.sum().item())
            return out
        """, lambda: ([[torch.ones(2), torch.ones(3)], [torch.empty(1, device="meta")]],)),
    Refusal("the outer body assigns what the reads use", "_check_bindings", """\
        import torch

        def naive(layers: list[list[torch.Tensor]]) -> list[float]:
            out = []
            scale = 1.0
            for layer in layers:
                for t in layer:
                    out.append((t * scale).sum().item())
                scale = scale * 10
            return out
        """, lambda: ([[torch.ones(2)], [torch.ones(3)]],)),
    Refusal("the outer body rebinds its loop variable", "_check_bindings", """\
        import torch

        def naive(layers: list[torch.Tensor], offset: torch.Tensor) -> list[float]:
            out = []
            for layer in layers:
                layer = layer + offset
                for t in [layer]:
                    out.append(t.sum().item())
            return out
        """, lambda: ([torch.ones(2), torch.ones(2)], torch.ones(2))),
    Refusal("the outer body zeroes the gradients", "_check_writes", """\
        import torch
        from torch import nn

        def naive(layers: list[nn.Module]) -> list[float]:
            out = []
            for layer in layers:
                for p in layer.parameters():
                    out.append(p.grad.sum().item())
                layer.zero_grad()
            return out
        """, lambda: (_tied(),)),
    Refusal("the outer body zeroes the gradients after a comprehension", "_check_writes", """\
        import torch
        from torch import nn

        def naive(layers: list[nn.Module]) -> list[list[float]]:
            out = []
            for layer in layers:
                out.append([p.grad.sum().item() for p in layer.parameters()])
                layer.zero_grad()
            return out
        """, lambda: (_tied(),)),
    Refusal("a continue before the comprehension", "_check_no_skip", """\
        import torch

        def naive(layers: list[list[torch.Tensor]]) -> list[float]:
            out = []
            for layer in layers:
                if len(layer) < 2:
                    continue
                out.append(sum(t.sum().item() for t in layer))
            return out
        """, lambda: ([[torch.ones(2), torch.ones(3)], [torch.empty(1, device="meta")]],)),
    Refusal("the outer body changes a tensor in place", "_check_writes", """\
        import torch

        def naive(layers: list[list[torch.Tensor]]) -> list[float]:
            out = []
            for layer in layers:
                for t in layer:
                    out.append(t.sum().item())
                layers[-1][0].mul_(2)
            return out
        """, lambda: ([[torch.ones(2)], [torch.ones(3)]],)),
    Refusal("the outer body grows the list the inner loop walks", "_check_writes", """\
        import torch

        def naive(batches: list[torch.Tensor]) -> list[float]:
            seen = []
            out = []
            for batch in batches:
                seen.append(batch)
                for t in seen:
                    out.append(t.sum().item())
            return out
        """, lambda: ([torch.ones(2), torch.ones(3)],)),
    Refusal("the outer body grows a list the nest walks, through another name",
            "_check_writes", """\
        import torch

        def naive(layers: list[list[torch.Tensor]]) -> list[float]:
            out = []
            extra = layers[-1]
            for layer in layers:
                for t in layer:
                    out.append(t.sum().item())
                extra.append(torch.ones(1))
            return out
        """, lambda: ([[torch.ones(2)], [torch.ones(3)]],)),
    Refusal("the outer body assigns into a tensor the reads read", "_check_writes", """\
        import torch

        def naive(layers: list[list[torch.Tensor]]) -> list[float]:
            out = []
            for layer in layers:
                for t in layer:
                    out.append(t.sum().item())
                layers[-1][0][0] = 10.0
            return out
        """, lambda: ([[torch.ones(2)], [torch.ones(3)]],)),
    Refusal("the outer body writes through a name that may be a read tensor", "_check_writes",
            """\
        import torch

        def naive(layers: list[list[torch.Tensor]]) -> list[float]:
            out = []
            for layer in layers:
                for t in layer:
                    out.append(t.sum().item())
                last = layers[-1][0]
                last[0] = 10.0
            return out
        """, lambda: ([[torch.ones(2)], [torch.ones(3)]],)),
    Refusal("the outer body adds in place to a read tensor", "_check_writes", """\
        import torch

        def naive(layers: list[list[torch.Tensor]]) -> list[float]:
            out = []
            last = layers[-1][0]
            for layer in layers:
                for t in layer:
                    out.append(t.sum().item())
                last += 1
            return out
        """, lambda: ([[torch.ones(2)], [torch.ones(3)]],)),
    Refusal("the outer loop walks a list whose elements are made by calls", "_check_header",
            """\
        import torch

        def naive(layer, ts: list[torch.Tensor]) -> list[float]:
            out = []
            for scale in [layer(), layer()]:
                out.append(scale)
                for t in ts:
                    out.append((t * scale).sum().item())
            return out
        """, lambda: (_counter(), [torch.ones(2), torch.ones(3)])),
    Refusal("a read under a condition the first pass cannot copy", "_check_inner", """\
        import torch

        def naive(layers: list[list[torch.Tensor]]) -> list[float]:
            out = []
            for layer in layers:
                for t in layer:
                    big = t.numel() > 1
                    if big:
                        out.append(t.sum().item())
            return out
        """, lambda: ([[torch.ones(2), torch.ones(1)], [torch.full((3,), 2.0)]],)),
    Refusal("any() in the outer loop stops at the first true element", "_check_inner", """\
        import torch
        from torch import nn

        def naive(layers: list[nn.Module]) -> list[bool]:
            out = []
            for layer in layers:
                out.append(any(p.isnan().any() for p in layer.parameters()))
            return out
        """, lambda: (_nan_layers(),), unsafe=True),
    Refusal("an async outer loop", "_check_header", """\
        import asyncio

        import torch

        def naive(layers: list[list[torch.Tensor]]) -> list[float]:
            return asyncio.run(collect(layers))

        async def collect(layers: list[list[torch.Tensor]]) -> list[float]:
            out = []
            async for layer in layers:
                for t in layer:
                    out.append(t.sum().item())
            return out
        """, lambda: (_meta_last(),)),
    Refusal("the outer loop walks a generator", "_check_header", """\
        import torch

        def naive(steps, ts: list[torch.Tensor]) -> list[float]:
            out = []
            for step in steps(len(ts)):
                for t in ts:
                    out.append((t * step).sum().item())
            return out
        """, lambda: (_printing_steps(), [torch.ones(2), torch.ones(3)])),
]


@pytest.mark.parametrize("case", REFUSALS, ids=[case.id for case in REFUSALS])
def test_a_nest_the_outer_body_could_change_keeps_one_transfer_per_outer_iteration(
        case: Refusal) -> None:
    text = _fixed(case.source, unsafe=case.unsafe)
    assert not _is_nest_form(text), text
    naive, fixed = _run(case.source, case.arguments()), _run(text, case.arguments())
    assert _differences(naive, fixed) == []
    assert naive.syncs >= fixed.syncs
    # The per-loop form's own transfer inside the outer loop is not reported again.
    assert [d for d in lint_source(text, "example.py", BATCHED).diagnostics
            if d.code in BATCHED] == []


@pytest.mark.parametrize("case", REFUSALS, ids=[case.id for case in REFUSALS])
def test_without_the_check_the_nest_form_changes_the_result(
        case: Refusal, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batched_nest, case.check, lambda *args: None)
    text = fix_source(textwrap.dedent(case.source), "example.py", BATCHED, unsafe=True).text
    assert _is_nest_form(text), text
    naive, fixed = _run(case.source, case.arguments()), _run(text, case.arguments())
    assert _differences(naive, fixed) != []


def test_a_nest_with_several_reads_each_in_its_own_statement_takes_one_transfer() -> None:
    """Two reads per parameter, one behind a guard: the first pass reads a row per
    parameter (`None` where the guard does not hold) and the nest takes them in order."""
    source = (SHAPES_DIR / "batched" / "nest_weight_and_grad_norms_per_module.py").read_text(
        encoding="utf-8")
    text = _fixed(source)
    assert _is_nest_form(text), text
    assert "grad = next(values) if p.grad is not None else None" in text
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Tanh(), torch.nn.Linear(2, 1))
    model(torch.randn(4, 3)).sum().backward()
    model[0].bias.grad = None
    naive, fixed = _run(source, (model,)), _run(text, (model,))
    assert _differences(naive, fixed) == []
    assert (naive.syncs, fixed.syncs) == (7, 1)  # 4 weights, 3 gradients
    empty = (torch.nn.Sequential(),)
    assert _differences(_run(source, empty), _run(text, empty)) == []


def test_a_nest_with_reads_in_one_statement_keeps_one_transfer_per_outer_loop(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`d[k.item()] += v.item()` reads `k` first, though the analysis meets `v` first:
    taken in order, the nest would swap them."""
    source = """\
        import torch

        def naive(groups: list[list[tuple[torch.Tensor, torch.Tensor]]]) -> dict[int, float]:
            d = {0: 0.0, 1: 0.0, 2: 0.0}
            for group in groups:
                for k, v in group:
                    d[k.item()] += v.item()
            return d
        """
    arguments = ([[(torch.tensor(1), torch.tensor(2.5))], [(torch.tensor(0), torch.tensor(1.0))]],)
    naive = _run(source, arguments)
    text = _fixed(source, unsafe=True)
    assert not _is_nest_form(text) and "k.item()" not in text, text
    assert _differences(naive, _run(text, arguments)) == []
    monkeypatch.setattr(batched_write.Writer, "in_statement_order", lambda self: True)
    text = _fixed(source, unsafe=True)
    assert _is_nest_form(text) and "d[next(values)] += next(values)" in text, text
    assert _differences(naive, _run(text, arguments)) != []


def test_an_outer_body_that_reads_values_itself_keeps_both_loops_fixed_on_their_own() -> None:
    """Not a question of values: the outer loop's own fix goes before the same loop as the
    nest's first pass would, so the inner loop keeps its per-loop form and both are fixed."""
    source = """\
        import torch

        def naive(layers: list[list[torch.Tensor]]) -> list[float]:
            out = []
            for layer in layers:
                out.append(layer[0].sum().item())
                for t in layer:
                    out.append(t.max().item())
            return out
        """
    text = _fixed(source)
    assert not _is_nest_form(text)
    arguments = ([[torch.ones(2), torch.full((2,), 3.0)], [torch.tensor([-1.0])]],)
    assert _differences(_run(source, arguments), _run(text, arguments)) == []


def test_every_check_of_the_nest_form_has_a_refusal_test() -> None:
    checks = {name for name in vars(batched_nest) if name.startswith("_check_")}
    # `_check_guard` changes the syncs, not the result: its own test is
    # `test_without_the_check_a_test_that_syncs_is_evaluated_twice`.
    assert checks - {case.check for case in REFUSALS} == {"_check_level", "_check_level_reads",
                                                         "_check_written", "_check_guard"}
    assert {case.check for case in REFUSALS} <= checks


def test_the_shapes_this_file_counts_exist() -> None:
    for shape, *_ in NEST_SYNCS:
        assert Path(SHAPES_DIR / "batched" / f"{shape}.py").is_file()


# --- an inner loop over the outer loop's element: a list only where the annotation says so -----

ELEMENT_LOOP = """\
    import typing
    from collections.abc import Iterator, Sequence

    import torch

    def naive({params}) -> list[float]:
        out = []
        {before}
        for layer in {outer}:
            {inside}
            for t in {inner}:
                out.append(t.sum().item())
        return out
    """


def _element_loop(params: str, outer: str = "layers", inner: str = "layer",
                  before: str = "pass", inside: str = "pass") -> str:
    return ELEMENT_LOOP.format(params=params, outer=outer, inner=inner, before=before,
                               inside=inside)


@pytest.mark.parametrize("source", [
    _element_loop("layers: list[list[torch.Tensor]]"),
    _element_loop("layers: tuple[tuple[torch.Tensor, ...], ...]"),
    _element_loop("layers: Sequence[typing.List[torch.Tensor]]"),
    _element_loop("layers: dict[str, list[torch.Tensor]]", outer="layers.values()"),
], ids=["list of lists", "tuple of tuples", "sequence of lists", "dict of lists"])
def test_the_element_of_an_annotated_sequence_of_lists_is_walked_as_a_list(source: str) -> None:
    (finding,) = [d for d in lint_source(textwrap.dedent(source), "example.py",
                                         BATCHED).diagnostics if d.code in BATCHED]
    assert finding.fix is not None and finding.fix.applicability is Applicability.SAFE
    assert _is_nest_form(_fixed(source))


@pytest.mark.parametrize("source", [
    _element_loop("layers: list[Iterator[torch.Tensor]]"),
    _element_loop("layers: list"),
    _element_loop("layers"),
    _element_loop("layers: dict[str, Iterator[torch.Tensor]]", outer="layers.values()"),
    _element_loop("layers: dict[str, list[torch.Tensor]]", outer="layers.keys()"),
    _element_loop("layers: list[list[torch.Tensor]]",
                  before="layers = [iter(layer) for layer in layers]"),
    _element_loop("layers: list[list[torch.Tensor]]", inside="layer = iter(layer)"),
    _element_loop("layers: list[list[torch.Tensor]], other", inner="other"),
    _element_loop("layers: list[list[torch.Tensor]], *, pending: Iterator[torch.Tensor]",
                  outer="zip(layers, layers)", inner="pending"),
], ids=["list of iterators", "bare list", "no annotation", "dict of iterators", "dict keys",
        "rebound in the function", "rebound in the outer body", "another name",
        "an iterator parameter"])
def test_an_element_that_may_be_an_iterator_is_not_walked_as_a_list(source: str) -> None:
    findings = [d for d in lint_source(textwrap.dedent(source), "example.py",
                                       BATCHED).diagnostics if d.code in BATCHED]
    assert findings
    assert all(d.fix is None or d.fix.applicability is Applicability.UNSAFE for d in findings)
    assert ".item()" in _fixed(source)


@pytest.mark.parametrize("inner", ["layer", "other"])
def test_a_module_level_nest_has_no_parameter_to_trust(inner: str) -> None:
    source = f"""\
        import torch

        layers: list[list[torch.Tensor]] = load()
        other: list[torch.Tensor] = load()
        out = []
        for layer in layers:
            for t in {inner}:
                out.append(t.sum().item())
        """
    assert ".item()" in _fixed(source)
    (finding,) = [d for d in lint_source(textwrap.dedent(source), "example.py",
                                         BATCHED).diagnostics if d.code in BATCHED]
    assert finding.fix is not None and f"`{inner}` may be an iterator" in finding.fix.message


def test_an_element_loop_in_a_nested_function_is_not_the_outer_loops_element() -> None:
    source = """\
        import torch

        def naive(layers: list[list[torch.Tensor]], layer) -> list[float]:
            out = []
            for layer in layers:
                def read() -> None:
                    for t in layer:
                        out.append(t.sum().item())
                read()
            return out
        """
    findings = [d for d in lint_source(textwrap.dedent(source), "example.py",
                                       BATCHED).diagnostics if d.code in BATCHED]
    assert findings
    assert all(d.fix is None or d.fix.applicability is Applicability.UNSAFE for d in findings)


# -- an inner loop under an `if` of the outer body --------------------------------------------

_GUARDED_NEST = """\
    import torch
    from torch import nn

    def naive(model: nn.Module) -> list[float]:
        out = []
        for module in model.children():
            if GUARD:
                for p in module.parameters():
                    out.append(p.norm().item())
        return out
    """


def _mixed_model() -> nn.Module:
    torch.manual_seed(3)
    return nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Linear(2, 2, bias=False),
                         nn.LayerNorm(2))


def test_an_inner_loop_under_a_host_test_joins_the_nest_with_the_test_as_a_filter() -> None:
    source = _GUARDED_NEST.replace("GUARD", "isinstance(module, nn.Linear)")
    text = _fixed(source)
    assert _is_nest_form(text), text
    assert "for module in model.children()\n        if isinstance(module, nn.Linear)\n" \
        "        for p in module.parameters()" in text
    naive, fixed = _run(source, (_mixed_model(),)), _run(text, (_mixed_model(),))
    assert _differences(naive, fixed) == []
    assert (naive.syncs, fixed.syncs) == (3, 1)  # the LayerNorm's two are not read


@pytest.mark.parametrize("body", [
    # an `else:`, another statement in the `if`, a test on a name the outer body assigns,
    # a test on what the nest changes
    "if isinstance(module, nn.Linear):\n                for p in module.parameters():\n"
    "                    out.append(p.norm().item())\n            else:\n"
    "                out.append(0.0)",
    "if isinstance(module, nn.Linear):\n                out.append(-1.0)\n"
    "                for p in module.parameters():\n                    out.append(p.norm().item())",
    "big = isinstance(module, nn.Linear)\n            if big:\n"
    "                for p in module.parameters():\n                    out.append(p.norm().item())",
    "if len(out) < 2:\n                for p in module.parameters():\n"
    "                    out.append(p.norm().item())",
])
def test_an_if_the_first_pass_cannot_repeat_keeps_one_transfer_per_outer_loop(
        body: str) -> None:
    source = _GUARDED_NEST.replace(
        "if GUARD:\n                for p in module.parameters():\n"
        "                    out.append(p.norm().item())", body)
    assert body in source
    text = _fixed(source, unsafe=True)
    assert not _is_nest_form(text) and "p.norm().item()" not in text, text
    assert _differences(_run(source, (_mixed_model(),)), _run(text, (_mixed_model(),))) == []


def test_without_the_check_a_test_that_syncs_is_evaluated_twice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`mask.nonzero().numel() > 0` syncs (its shape depends on the values): the first
    pass would evaluate it again for every module."""
    source = _GUARDED_NEST.replace(
        "GUARD", "isinstance(module, nn.Linear) and mask.nonzero().numel() > 0").replace(
        "model: nn.Module)", "model: nn.Module, mask: torch.Tensor)")
    torch.manual_seed(4)
    model = nn.Sequential(nn.Linear(3, 2, bias=False), nn.ReLU(), nn.Linear(2, 2, bias=False))
    arguments = (model, torch.tensor([0.0, 1.0]))
    naive = _run(source, arguments)
    text = _fixed(source, unsafe=True)
    assert not _is_nest_form(text), text
    assert _differences(naive, _run(text, arguments)) == []
    monkeypatch.setattr(batched_nest, "_check_guard", lambda *args: None)
    text = _fixed(source, unsafe=True)
    assert _is_nest_form(text), text
    fixed = _run(text, arguments)
    assert _differences(naive, fixed) == []
    assert (naive.syncs, fixed.syncs) == (4, 5)  # two tests and two reads; 2 + 1 + 2
