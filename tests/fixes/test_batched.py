"""The batched fix of SYN101 / SYN102: what it writes, when it is safe, unsafe or refused,
and that the rewritten loops compute the same values with one transfer."""

from __future__ import annotations

import re
import textwrap
from types import ModuleType
from typing import Any

import pytest
import torch
from torch import nn

from synclint.diagnostics import Applicability, Diagnostic
from synclint.docs import rule_page, section
from synclint.engine import lint_source
from synclint.fixer import fix_source
from synclint.rules import ALL_RULES
from synclint.runtime import count_syncs
from tests.fixes.layout_text import unwrapped

CODES = ("SYN101", "SYN102")
CODE_BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


def fixed(source: str, *, unsafe: bool = False) -> str:
    result = fix_source(textwrap.dedent(source), "example.py", CODES, unsafe=unsafe)
    assert result.error is None
    assert not result.discarded
    return result.text


def findings(source: str) -> list[Diagnostic]:
    output = lint_source(textwrap.dedent(source), "example.py", CODES)
    return [d for d in output.diagnostics if d.code in CODES]


def load(source: str, name: str) -> ModuleType:
    module = ModuleType(name)
    exec(compile(source, f"<{name}>", "exec"), module.__dict__)  # noqa: S102
    return module


SEED = """\
import torch


def check(model):
    nan_weights, inf_weights, nan_grads, inf_grads = [], [], [], []
    for name, param in model.named_parameters():
        # weights first
        if torch.isnan(param.data).any():
            nan_weights.append(name)
        if torch.isinf(param.data).any():
            inf_weights.append(name)
        if param.grad is not None:
            if torch.isnan(param.grad).any():  # then grads
                nan_grads.append(name)
            if torch.isinf(param.grad).any():
                inf_grads.append(name)
    return nan_weights, inf_weights, nan_grads, inf_grads
"""

SEED_FIXED = """\
import torch


def check(model):
    nan_weights, inf_weights, nan_grads, inf_grads = [], [], [], []
    reads = [
        (
            torch.isnan(param.data).any(),
            torch.isinf(param.data).any(),
            torch.isnan(param.grad).any() if param.grad is not None else None,
            torch.isinf(param.grad).any() if param.grad is not None else None,
        )
        for name, param in model.named_parameters()
    ]
    flat = [r for row in reads for r in row if r is not None]
    device = flat[0].device if flat else None
    values = iter(torch.stack([r.to(device) for r in flat]).tolist() if flat else [])
    for name, param in model.named_parameters():
        # weights first
        if next(values):
            nan_weights.append(name)
        if next(values):
            inf_weights.append(name)
        if param.grad is not None:
            if next(values):  # then grads
                nan_grads.append(name)
            if next(values):
                inf_grads.append(name)
    return nan_weights, inf_weights, nan_grads, inf_grads
"""


def _seed_model(poison: bool = True) -> nn.Module:
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 2))
    for index, p in enumerate(model.parameters()):
        if index != 1:
            p.grad = torch.randn_like(p)
    if poison:
        with torch.no_grad():
            model[0].weight[0, 0] = float("nan")
            model[1].bias[0] = float("inf")
        model[1].weight.grad[0, 0] = float("nan")  # type: ignore[index]
    return model


# -- what the fix writes ---------------------------------------------------------------

def test_seed_loop_becomes_one_read_pass_one_transfer_and_the_original_loop() -> None:
    assert fixed(SEED) == SEED_FIXED


def test_every_finding_of_the_seed_loop_carries_the_same_safe_fix() -> None:
    found = findings(SEED)
    assert len(found) == 4
    fixes = {d.fix for d in found}
    assert len(fixes) == 1
    fix = fixes.pop()
    assert fix is not None and fix.applicability is Applicability.SAFE


def test_seed_fix_gives_the_same_names_with_one_sync_instead_of_one_per_test() -> None:
    naive = load(SEED, "naive_seed")
    rewritten = load(SEED_FIXED, "fixed_seed")
    for poison in (True, False):
        model = _seed_model(poison)
        with count_syncs("emulated") as naive_syncs:
            expected = naive.check(model)
        with count_syncs("emulated") as fixed_syncs:
            got = rewritten.check(model)
        assert got == expected
        assert naive_syncs.total == 14  # 4 parameters, 3 of them with grads
        assert fixed_syncs.total == 1


def test_empty_model_transfers_nothing() -> None:
    rewritten = load(SEED_FIXED, "fixed_seed_empty")
    with count_syncs("emulated") as syncs:
        assert rewritten.check(nn.Sequential()) == ([], [], [], [])
    assert syncs.total == 0


def test_item_in_a_loop_over_named_parameters() -> None:
    source = """\
        import torch

        def norms(model):
            stats = {}
            for name, t in model.named_parameters():
                stats[name] = t.norm().item()
            return stats
        """
    assert fixed(source) == textwrap.dedent("""\
        import torch

        def norms(model):
            stats = {}
            norms_2 = [t.norm() for name, t in model.named_parameters()]
            device = norms_2[0].device if norms_2 else None
            values = torch.stack([r.to(device) for r in norms_2]).tolist() if norms_2 else []
            for (name, _), norm in zip(model.named_parameters(), values, strict=True):
                stats[name] = norm
            return stats
        """)


@pytest.mark.parametrize("later", [
    "    logs = {k: val.val for k, val in meters.items() if val}\n",  # a comprehension's own val
    "    for k, val in meters.items():\n        print(k, val)\n",  # a loop's own val
])
def test_a_pair_element_nothing_reads_is_renamed_even_where_the_function_rebinds_it(
        later: str) -> None:
    # Reduced from open_clip's log step: `val` is bound again before any later read, so
    # the rewritten loop leaves it unbound (`_`) instead of unused (ruff B007).
    source = (
        "import torch\n\ndef log(losses: dict, meters: dict):\n"
        "    for key, val in losses.items():\n"
        "        meters[key].update(val.item())\n" + later)
    text = fixed(source, unsafe=True)
    assert "for (key, _), " in text and "val.item()" not in text


def test_a_pair_element_read_after_the_loop_keeps_its_name() -> None:
    source = (
        "import torch\n\ndef log(losses: dict, meters: dict):\n"
        "    for key, val in losses.items():\n"
        "        meters[key].update(val.item())\n"
        "    return val, [val for val in meters]\n")
    text = fixed(source, unsafe=True)
    assert "for (key, val), " in text and "val.item()" not in text


def test_item_list_comprehension_becomes_the_host_list() -> None:
    source = """\
        import torch

        def f(ts: list[torch.Tensor]) -> list[float]:
            return [t.item() for t in ts]
        """
    assert fixed(source) == textwrap.dedent("""\
        import torch

        def f(ts: list[torch.Tensor]) -> list[float]:
            reads = [t.view(()) for t in ts]
            alike = len({(r.device, r.dtype) for r in reads}) == 1
            values = torch.stack(reads).tolist() if alike else [r.item() for r in reads]
            return values
        """)


@pytest.mark.parametrize("consumer", ["any", "all"])
def test_any_and_all_of_a_generator_read_every_condition_once(consumer: str) -> None:
    source = f"""\
        import torch

        def f(model):
            return {consumer}(torch.isnan(p).any() for p in model.parameters())
        """
    assert fixed(source) == textwrap.dedent(source)  # unsafe: any()/all() stop early
    text = fixed(source, unsafe=True)
    assert f"return {consumer}(values)" in text
    module = load(text, f"fixed_{consumer}")
    naive = load(textwrap.dedent(source), f"naive_{consumer}")
    for poison in (True, False):
        model = _seed_model(poison)
        expected = naive.f(model)
        with count_syncs("emulated") as syncs:
            got = module.f(model)
        assert got == expected
        assert syncs.total == 1


def test_sum_of_floats_adds_the_host_values_in_order() -> None:
    source = """\
        import torch

        def f(ts: list[torch.Tensor]) -> float:
            return sum(float(t) for t in ts)
        """
    text = fixed(source)
    assert "return sum(float(value) for value in values)" in text
    values = [torch.tensor(1e20), torch.tensor(1.0), torch.tensor(-1e20), torch.tensor(0.1)]
    assert load(text, "fixed_sum").f(values) == load(textwrap.dedent(source), "naive_sum").f(values)


def test_accumulator_loop_keeps_the_python_summation() -> None:
    source = """\
        import torch

        def f(losses: list[torch.Tensor]) -> float:
            total = 0.0
            for loss in losses:
                total += loss.item()
            return total
        """
    text = fixed(source)
    assert "for loss in values:" in text and "total += loss\n" in text
    losses = [torch.rand(()) for _ in range(50)] + [torch.tensor([3.0])]
    with count_syncs("emulated") as syncs:
        got = load(text, "fixed_total").f(losses)
    assert got == load(textwrap.dedent(source), "naive_total").f(losses)
    assert syncs.total == 1


def test_continue_guard_is_kept_and_evaluated_first() -> None:
    source = """\
        import torch

        def f(model):
            out = []
            for p in model.parameters():
                if p.grad is None:
                    continue
                if p.grad.numel() > 4:
                    out.append(p.grad.sum().item())
            return out
        """
    text = fixed(source)
    # The first pass keeps the elements the loop reads, under the guards in loop order.
    assert ("p.grad.sum() for p in model.parameters() if p.grad is not None and "
            "p.grad.numel() > 4" in unwrapped(text))
    model = _seed_model(poison=False)
    assert load(text, "fixed_guard").f(model) == load(textwrap.dedent(source),
                                                      "naive_guard").f(model)


def test_alias_of_the_gradient_is_read_through() -> None:
    source = """\
        import torch

        def f(model):
            total = 0.0
            for p in model.parameters():
                g = p.grad
                if g is not None:
                    total += g.abs().sum().item()
            return total
        """
    text = fixed(source)
    assert "p.grad.abs().sum() for p in model.parameters() if p.grad is not None" in text
    model = _seed_model(poison=False)
    assert load(text, "fixed_alias").f(model) == load(textwrap.dedent(source),
                                                      "naive_alias").f(model)


def test_comments_inside_the_loop_survive() -> None:
    text = fixed(SEED)
    assert "        # weights first\n" in text
    assert "if next(values):  # then grads" in text


def test_tab_indented_file_keeps_tabs() -> None:
    source = "import torch\n\ndef f(ts: list[torch.Tensor]):\n\tout = []\n" \
             "\tfor t in ts:\n\t\tout.append(t.sum().item())\n\treturn out\n"
    text = fixed(source)
    assert "\n\ttotals = [t.sum() for t in ts]\n\talike = len({" in text
    assert "\n\tfor total in values:\n\t\tout.append(total)\n" in text


def test_names_already_used_get_a_suffix() -> None:
    source = """\
        import torch

        def f(ts: list[torch.Tensor]):
            _items = "mine"
            out = [t.sum().item() for t in ts if t.numel()]
            return out, _items
        """
    source = source.replace("_items", "totals")
    text = fixed(source)
    assert "totals_2 = [t.sum() for t in ts if t.numel()]" in text
    assert 'totals = "mine"' in text
    assert "return out, totals\n" in text


def test_nested_loops_get_distinct_names_and_stay_correct() -> None:
    source = """\
        import torch

        def f(layers: list[list[torch.Tensor]]) -> list[float]:
            out = []
            for layer in layers:
                for t in layer:
                    out.append(t.sum().item())
                out.append(layer[0].sum().item())
            return out
        """
    text = fixed(source)
    layers = [[torch.randn(3) for _ in range(2)] for _ in range(3)]
    assert load(text, "fixed_nested").f(layers) == load(textwrap.dedent(source),
                                                       "naive_nested").f(layers)
    assert "in zip(layers, total_values" in text


def test_a_file_that_aliases_torch_gets_the_alias_not_a_second_import() -> None:
    source = """\
        import torch as T

        def f(ts: list[T.Tensor]):
            return [t.item() for t in ts]
        """
    text = fixed(source)
    assert text.startswith("import torch as T\n\n")
    assert "T.stack(" in text and "torch." not in text


def test_fixing_twice_changes_nothing_and_leaves_no_sync_findings() -> None:
    once = fixed(SEED)
    assert fixed(once) == once
    assert lint_source(once, "example.py", list(ALL_RULES)).diagnostics == []


# -- unsafe fixes: offered, not applied by default, and the finding says why -------------

@pytest.mark.parametrize(("source", "why"), [
    ("""\
        import torch

        def f(model):
            for p in model.parameters():
                if p.grad is not None and torch.isnan(p.grad).any():
                    p.grad.zero_()
        """, "`.zero_()` modifies a tensor in place"),
    ("""\
        import torch

        def f(ts: list[torch.Tensor]):
            for t in ts:
                if torch.isnan(t).any():
                    report(t)
        """, "calls `report()`"),
    ("""\
        import torch

        def f(metrics):
            return {k: v.item() for k, v in metrics.items()}
        """, "`v` may not be a tensor"),
])
def test_unprovable_fix_is_unsafe_and_says_why(source: str, why: str) -> None:
    found = findings(source)
    assert found
    for diagnostic in found:
        assert diagnostic.fix is not None
        assert diagnostic.fix.applicability is Applicability.UNSAFE
        assert why in (diagnostic.help or "").split("No safe fix: ", 1)[-1]
        assert why in diagnostic.fix.message
    assert fixed(source) == textwrap.dedent(source)
    assert fixed(source, unsafe=True) != textwrap.dedent(source)


# -- no fix: the finding says why ------------------------------------------------------

@pytest.mark.parametrize(("source", "why"), [
    ("""\
        import torch

        def f(x: torch.Tensor):
            while x.norm() > 1:
                x = x / 2
        """, "a `while` loop"),
    ("""\
        import torch

        def f(ts: list[torch.Tensor]):
            total = 0.0
            for t in ts:
                t = t.float()
                total += t.item()
        """, "`t`, which the loop body assigns"),
    ("""\
        import torch

        def f(ts: list[torch.Tensor]):
            out = []
            for t in ts:
                out.extend(t.tolist())
        """, "may hold several values"),
    ("""\
        import torch

        def f(ts: list[torch.Tensor]):
            for t in ts:
                try:
                    x = t.item()
                except RuntimeError:
                    pass
        """, "a `try` statement"),
    ("""\
        import torch

        def f(ts: list[torch.Tensor]):
            g = (t.item() for t in ts)
            return next(g)
        """, "evaluated lazily"),
    ("""\
        import torch

        def f(ts: list[torch.Tensor], c: bool):
            if c:
                pass
            elif any(t.isnan().any() for t in ts):
                pass
        """, "`elif` test"),
    ("""\
        import torch

        def f(ts: list[torch.Tensor]):
            for t in ts:
                print(t.sum())
        """, "reads the whole tensor"),
    ("""\
        import torch

        def f(ts: list[torch.Tensor]):
            flags = []
            for t in ts:
                flags.append(t.any() and t.all())
            return flags
        """, "returns its tensor operand"),
    ("""\
        import torch

        def f(ts: list[torch.Tensor], limit: float):
            n = 0
            for t in ts:
                if t.norm().item() > limit:
                    break
                n += 1
            return n
        """, "can stop early (`break`)"),
])
def test_unfixable_loop_has_no_fix_and_the_finding_says_why(source: str, why: str) -> None:
    found = findings(source)
    assert found
    for diagnostic in found:
        assert diagnostic.fix is None
        assert why in (diagnostic.help or "").split("No safe fix: ", 1)[-1]
    assert fixed(source, unsafe=True) == textwrap.dedent(source)


def test_condition_outside_a_loop_has_no_fix_and_no_batched_note() -> None:
    found = findings("""\
        import torch

        def f(t: torch.Tensor):
            if t.any():
                return 1
        """)
    assert len(found) == 1
    assert found[0].fix is None
    assert "No safe fix" not in (found[0].help or "")


# -- the catalog: "Use instead" is what the fix makes of "Example" -------------------------

@pytest.mark.parametrize("code", CODES)
def test_use_instead_is_exactly_the_fixed_example(code: str) -> None:
    page = rule_page(code)
    assert page is not None
    example = CODE_BLOCK.findall(section(page, "Example"))[0]
    use_instead = CODE_BLOCK.findall(section(page, "Use instead"))[0]
    result = fix_source(example, f"{code}_example.py", [code])
    assert result.text == use_instead


@pytest.mark.parametrize("code", CODES)
def test_catalog_page_documents_fix_safety(code: str) -> None:
    page = rule_page(code) or ""
    safety = section(page, "Fix safety")
    for word in ("safe", "unsafe", "No fix"):
        assert word in safety


def _run_both(source: str, args: tuple[Any, ...]) -> tuple[Any, Any]:
    naive = load(textwrap.dedent(source), "naive_run")
    rewritten = load(fixed(source), "fixed_run")
    return naive.f(*args), rewritten.f(*args)


def test_guarded_condition_uses_the_python_bool_only_where_the_guard_holds() -> None:
    source = """\
        import torch

        def f(model):
            names = []
            for name, p in model.named_parameters():
                if p.grad is not None and torch.isinf(p.grad).any():
                    names.append(name)
            return names
        """
    model = _seed_model()
    model[1].bias.grad = torch.tensor([float("inf"), 0.0])  # type: ignore[union-attr]
    naive, rewritten = _run_both(source, (model,))
    assert naive == rewritten == ["1.bias"]


# -- every reason the fix gives for refusing a loop is reachable -----------------------

_HEAD = "import torch\n\ndef f(ts: list[torch.Tensor], xs: list[torch.Tensor], c: bool):\n"


@pytest.mark.parametrize(("body", "why"), [
    ("    async def g():\n        async for t in ts:\n            print(t.item())\n",
     "an `async for` loop"),
    ("    return [t.item() for t in ts for u in xs]\n", "several `for` clauses"),
    ("    async def g():\n        return [t.item() async for t in ts]\n",
     "an `async for` comprehension"),
    ("    return g()([t.item() for t in ts])\n",
     "argument of a call whose callee has effects"),
    ("    return print(h(), [t.item() for t in ts])\n", "an earlier argument of the call"),
    ("    return (h(), [t.item() for t in ts])\n", "an earlier element of the expression"),
    ("    return h() + sum(t.item() for t in ts)\n", "the left operand has effects"),
    ("    return c and [t.item() for t in ts]\n", "evaluated only sometimes"),
    ("    return xs[sum(t.item() for t in ts)]\n", "the comprehension is an index"),
    ("    return xs[1:sum(t.item() for t in ts)]\n", "the comprehension is an index"),
    ("    return h() < sum(t.item() for t in ts)\n", "the left operand has effects"),
    ("    xs[h()] += sum(t.item() for t in ts)\n", "the augmented target has effects"),
    ("    return [t.item() for t in ts] if c else []\n",
     "sits in a conditional expression (`a if c else b`)"),
    ("    return tuple(tuple(t.item() for t in ts) for _ in xs)\n",
     "sits in another comprehension"),
    ("    x = 1; y = [t.item() for t in ts]\n", "several statements share the line"),
    ("    if c: y = [t.item() for t in ts]\n", "shares a line with its block header"),
    ("    for t, *rest in ts:\n        print(t.item())\n", "not a plain name or tuple"),
    ("    global g\n    for t in ts:\n        global g\n        g = t.item()\n",
     "the loop declares `global g`"),
    ("    for t in ts:\n        with open('f') as fh:\n            fh.write(str(t.item()))\n",
     "inside a `with` block"),
    ("    for t in ts:\n        match c:\n            case _:\n                x = t.item()\n",
     "a `Match` statement in the loop"),
    ("    for t in ts:\n        yield t.item()\n", "the loop yields or awaits"),
    ("    for t in ts:\n        if (n := t.item()) > 0:\n            print(n)\n",
     "an assignment expression"),
    ("    for t in ts:\n        a = t.cpu()\n", "copies a whole tensor to the host"),
    ("    for t in ts:\n        a = t.to('cpu')\n", "`.to('cpu')` copies a whole tensor"),
    ("    import numpy as np\n    for t in ts:\n        a = np.asarray(t)\n",
     "converted to a NumPy array"),
    ("    for t in ts:\n        a = h(t).item()\n", "calls something that may have effects"),
    ("    for t in ts:\n        if t.sum() > 0:\n            ts = xs\n",
     "rebinds `ts`, part of what it iterates over"),
    ("    class K:\n        for t in ts:\n            print(t.item())\n", "a loop in a class body"),
])
def test_every_refusal_reason_is_given_where_it_applies(body: str, why: str) -> None:
    source = _HEAD + body
    reasons = [d.help or "" for d in lint_source(source, "example.py", CODES).diagnostics
               if d.code in CODES]
    assert any(why in reason for reason in reasons), reasons
    assert fix_source(source, "example.py", CODES, unsafe=True).text == source


def test_a_reduction_of_a_float_cast_is_one_stack_and_keeps_every_value() -> None:
    # `value.float().mean()` is floating whatever `value` was: one stack keeps every value
    # (an int64 buffer, a float16 weight), while `.abs().max()` of the raw tensors,
    # whose dtypes may differ in class, is stacked per dtype.
    source = """\
        import torch

        def means(state: dict[str, torch.Tensor]):
            out = {}
            for key, value in state.items():
                out[key] = value.float().mean().item()
            return out

        def maxima(state: dict[str, torch.Tensor]):
            return [value.abs().max().item() for value in state.values()]
        """
    text = fixed(source)
    means_part, maxima_part = text.split("def maxima")
    assert "torch.stack([r.to(" in means_part and "r.dtype" not in means_part
    assert "(r.device, r.dtype)" in maxima_part
    state = {"w": torch.tensor([1.5, 2.5], dtype=torch.float16),
             "n": torch.tensor(16777217), "m": torch.tensor([-3, 2], dtype=torch.int32)}
    naive, rewritten = load(textwrap.dedent(source), "naive_means"), load(text, "fixed_means")
    for function in ("means", "maxima"):
        expected = getattr(naive, function)(state)
        with count_syncs("emulated") as syncs:
            got = getattr(rewritten, function)(state)
        assert got == expected and [type(v) for v in (got.values() if isinstance(got, dict)
                                                      else got)] == \
            [type(v) for v in (expected.values() if isinstance(expected, dict) else expected)]
        assert syncs.total == (1 if function == "means" else 3)  # one stack per dtype


def test_a_comprehension_right_of_a_plain_comparison_operand_is_fixed() -> None:
    """`limit < sum(...)`: reading the values before the statement changes nothing (with
    `h() < sum(...)`, `h()` would run after the reads instead of before)."""
    source = _HEAD.replace("c: bool", "limit: float") + \
        "    return limit < sum(t.item() for t in ts)\n"
    text = fix_source(source, "example.py", CODES).text
    assert "t.item()" not in text, text
    args = ([torch.tensor(1.0), torch.tensor(2)], [], 2.5)
    naive, rewritten = _run_both(source, args)
    assert naive is True and rewritten is True
