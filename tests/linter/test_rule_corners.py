"""Corners of the rules that mutation testing showed no test held: what a finding says (its
confidence, the remedy it names), look-alikes at the edge of each pattern, and fixes that
must run to the original's values."""

from __future__ import annotations

import textwrap

import pytest
import torch

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_source
from synclint.fixer import fix_source


def _found(code: str, source: str) -> list[Diagnostic]:
    output = lint_source(textwrap.dedent(source), "example.py", [code])
    assert output.error is None
    return [d for d in output.diagnostics if d.code == code]


# -- SYN100 unused-noqa: what its fix leaves ------------------------------------------------

NOQA_FIXES = [
    ("a comment alone on its line goes with the line",
     "x = 1\n# noqa: SYN999\ny = 2\n", "x = 1\ny = 2\n"),
    ("also on the last line without a final newline",
     "x = 1\n# noqa: SYN999", "x = 1\n"),
    ("words after the codes stay a comment",
     "x = 1  # noqa: SYN999 because reasons\n", "x = 1  # because reasons\n"),
    ("a directive after another comment goes alone",
     "x = 1  # type: int  # noqa: SYN999\n", "x = 1  # type: int\n"),
]


@pytest.mark.parametrize(("source", "fixed"), [(s, f) for _, s, f in NOQA_FIXES],
                         ids=[why for why, _, _ in NOQA_FIXES])
def test_removing_an_unused_suppression_leaves_the_rest_of_the_file(source: str,
                                                                    fixed: str) -> None:
    [finding] = _found("SYN100", source)
    line = source.splitlines()[finding.location.row - 1]
    assert line[finding.location.column - 1:].startswith("# noqa: SYN999")
    result = fix_source(source, "example.py", ["SYN100"], unsafe=False)
    assert result.error is None and result.text == fixed


@pytest.mark.parametrize("source", [
    "x = 1  # noqa: SYN000\n",  # syntax errors are never filtered by comments
    "x = 1  # noqa: SYN100\n",  # SYN100 would report its own suppression
    "# synclint: noqa: SYN999\nx = 1\n",  # a file-wide directive, not a line's
])
def test_suppressions_synclint_never_judges_are_not_reported(source: str) -> None:
    assert _found("SYN100", source) == []


# -- SYN301 float32-squared-norm -------------------------------------------------------------

SQUARED = ("import torch\n\n"
           "def f(g: torch.Tensor) -> torch.Tensor:\n"
           "    return {expression}\n")


@pytest.mark.parametrize("expression", ["torch.add(g.float(), 2).sum()",
                                        "torch.pow(g.float(), 3).sum()"])
def test_a_power_other_than_two_or_another_two_argument_call_is_no_squared_norm(
        expression: str) -> None:
    assert _found("SYN301", SQUARED.format(expression=expression)) == []


#: A squared sum read on the host: the float64 fix applies (a squared sum handed back as
#: a tensor gets none: the fix would change the dtype callers see).
SQUARED_READ = ("import torch\n\n"
                "def f(g: torch.Tensor) -> float:\n"
                "    return float({expression})\n")


@pytest.mark.parametrize("expression", ["torch.pow(g.float(), 2).sum()",
                                        "torch.sum(g.float() * g.float())"])
def test_squared_sums_are_fixed_to_the_same_value_in_float64(expression: str) -> None:
    source = SQUARED_READ.format(expression=expression)
    assert len(_found("SYN301", source)) == 1
    fixed = fix_source(source, "example.py", ["SYN301"], unsafe=True)
    assert fixed.error is None and fixed.text != source
    before: dict[str, object] = {}
    after: dict[str, object] = {}
    exec(compile(source, "<naive>", "exec"), before)  # noqa: S102
    exec(compile(fixed.text, "<fixed>", "exec"), after)  # noqa: S102
    g = torch.randn(5, 7, generator=torch.Generator().manual_seed(0))
    expected = float(before["f"](g))  # type: ignore[operator]
    assert float(after["f"](g)) == pytest.approx(expected, rel=1e-6)  # type: ignore[operator]


# -- SYN201 on a named concatenation ---------------------------------------------------------

NAMED = ("import torch\n\n"
         "def f(grads: list[torch.Tensor], b: torch.Tensor, eps: float):\n"
         "    flat = torch.cat([g.view(-1) for g in grads])\n"
         "    return {use}\n")


@pytest.mark.parametrize("use", ["(flat * 2).sum()", "(2 * flat).sum()", "(flat > eps).sum()",
                                 "(0 < flat).sum()", "torch.max(flat)", "flat.max()"])
def test_element_wise_uses_then_a_full_reduction_are_reported(use: str) -> None:
    assert len(_found("SYN201", NAMED.format(use=use))) == 1


@pytest.mark.parametrize("use", ["torch.max(flat, 0)", "flat.max(0)",
                                 "torch.add(b, flat).sum()"])
def test_reductions_along_a_dim_and_flat_as_a_later_argument_are_not(use: str) -> None:
    assert _found("SYN201", NAMED.format(use=use)) == []


# -- remedies that name the device-side alternative -----------------------------------------

def test_builtin_max_of_two_tensors_names_torch_maximum() -> None:
    [finding] = _found("SYN108", """\
        import torch
        def f(a: torch.Tensor, b: torch.Tensor):
            return max(a, b)
        """)
    assert "`torch.maximum(a, b)`" in (finding.help or "")


def test_sorted_over_tensors_names_sorting_on_the_device() -> None:
    [finding] = _found("SYN108", """\
        import torch
        def f(ts: list[torch.Tensor]):
            return sorted(ts)
        """)
    assert "`torch.topk`" in (finding.help or "") and ".sort()" in (finding.help or "")


def test_a_tensor_test_in_per_step_code_names_torch_where() -> None:
    [finding] = _found("SYN102", """\
        import pytorch_lightning as pl
        import torch
        class Model(pl.LightningModule):
            def training_step(self, batch, index):
                loss = self.model(batch).mean()
                if torch.isnan(loss):
                    return None
                return loss
        """)
    assert "`torch.where`" in (finding.help or "")


def test_elements_of_any_say_so_and_why_they_get_no_fix() -> None:
    [finding] = _found("SYN102", """\
        import torch
        def f(ts: list[torch.Tensor]):
            if any(ts):
                return 1
        """)
    assert finding.message.startswith("Every element of `any()` is a tensor used as a bool")
    assert finding.fix is None
    assert "No safe fix: the elements are not computed by a loop in this statement." in (
        finding.help or "")


def test_an_element_of_any_in_a_loop_is_named() -> None:
    [finding] = _found("SYN102", """\
        import torch
        def f(ts: list[torch.Tensor]):
            for t in ts:
                if any(x > 0 for x in [t, t]):
                    pass
        """)
    assert finding.message.startswith("An element of `any()` is a tensor used as a bool")


def test_printing_a_tensor_in_per_step_code_says_so() -> None:
    [finding] = _found("SYN106", """\
        import torch
        class Net(torch.nn.Module):
            def forward(self, x: torch.Tensor):
                print(x)
                return x
        """)
    assert finding.message.startswith("Printing a tensor in `print()` syncs")


def test_repeat_interleave_in_a_loop_is_named_in_the_message() -> None:
    [finding] = _found("SYN104", """\
        import torch
        def f(ts: list[torch.Tensor], r: torch.Tensor):
            for t in ts:
                y = t.repeat_interleave(r)
        """)
    assert finding.message.startswith("`.repeat_interleave()` in a loop")


# -- confidence on receivers the analysis cannot prove to be tensors -----------------------

@pytest.mark.parametrize(("code", "source"), [
    ("SYN104", "import torch\nfor x in xs:\n    y = x.masked_select(m)\n"),
    # Once per step outside a loop too: forward runs every step.
    ("SYN104", "import torch\nclass M(torch.nn.Module):\n    def forward(self, x):\n"
               "        return torch.nonzero(x)\n"),
    ("SYN107", "import torch\ndef f(xs):\n    for step, x in enumerate(xs):\n"
               "        if step % 100 == 0:\n            print(x.item())\n"),
])
def test_an_unknown_receiver_is_reported_as_likely(code: str, source: str) -> None:
    [finding] = _found(code, source)
    assert finding.confidence == "likely"


def test_a_known_device_tensor_in_forward_is_reported_with_high_confidence() -> None:
    source = ("import torch\nclass M(torch.nn.Module):\n    def forward(self, x):\n"
              "        return torch.nonzero(x.cuda())\n")
    [finding] = _found("SYN104", source)
    assert finding.confidence == "high"


# -- SYN110 hidden-sync-call, SYN202 per-element-device-move, SYN112 separate reads ---------

def test_clip_grad_norm_through_a_module_alias_is_reported() -> None:
    [finding] = _found("SYN110", """\
        import torch
        from torch.nn import utils
        def f(model):
            for step in range(3):
                utils.clip_grad_norm_(model.parameters(), 1.0, error_if_nonfinite=True)
        """)
    assert "`error_if_nonfinite=True`" in finding.message


def test_is_nonzero_without_an_argument_is_left_alone() -> None:
    assert _found("SYN110", "import torch\nfor p in ps:\n    torch.is_nonzero()\n") == []


def test_moving_the_values_of_a_dict_of_blocks_moves_modules_not_tensors() -> None:
    modules = "import torch\ndef f(self, device):\n    return torch.stack([m.to(device) for m in self.blocks.values()])\n"
    # Tensors moved to the device of one of them (SYN202's pattern since issue 22).
    tensors = ("import torch\ndef f(bufs: dict[str, torch.Tensor]):\n    device = bufs['a'].device\n"
               "    return torch.stack([m.to(device) for m in bufs.values()])\n")
    assert _found("SYN202", modules) == []
    assert len(_found("SYN202", tensors)) == 1


@pytest.mark.parametrize(("length", "shown"), [(60, "whole"), (61, "named")])
def test_a_related_read_is_shown_whole_up_to_sixty_characters(length: int, shown: str) -> None:
    """A longer read is named by the read itself, never cut."""
    name = "a" * (length - len("().item()") - len(" + b"))
    read = f"({name} + b).item()"
    assert len(read) == length
    source = (f"import torch\ndef f(x: torch.Tensor, {name}: torch.Tensor, b: torch.Tensor):\n"
              f"    return x.item(), {read}\n")
    [finding] = _found("SYN112", source)
    [related] = finding.related
    text = related.message.split(": `", 1)[1].rstrip("`")
    assert text == (read if shown == "whole" else ".item()")


@pytest.mark.parametrize(("read", "shown"), [
    # the longest tail of the chain that fits, from a dot
    ("torch.softmax(rejected_rewards_of_the_batch, dim=0).mean().clamp(min=0.0).item()",
     ".mean().clamp(min=0.0).item()"),
    ("(\n        rejected_rewards_of_the_batch.softmax(dim=0)\n"
     "        .mean()\n        .clamp(min=0.0, max=1.0)\n        .item()\n    )",
     ".softmax(dim=0).mean().clamp(min=0.0, max=1.0).item()"),
    # no tail that fits: the read with its arguments as a whole `...`
    ("float(torch.nn.functional.softplus(rejected_rewards_of_the_batch - chosen.mean()))",
     "float(...)"),
])
def test_a_long_related_read_is_named_by_whole_tokens(read: str, shown: str) -> None:
    source = ("import torch\n"
              "def f(x: torch.Tensor, rejected_rewards_of_the_batch: torch.Tensor,"
              " chosen: torch.Tensor):\n"
              f"    return x.item(), {read}\n")
    [finding] = _found("SYN112", source)
    [related] = finding.related
    assert related.message == f"read 2 of 2: `{shown}`"


# -- more corners: SYN201 uses, SYN108 forms, SYN202 loops, single-finding paths ------------

@pytest.mark.parametrize("use", ["(flat * -2.0).sum()", "torch.sum(flat)"])
def test_more_reductions_of_a_named_concatenation_are_reported(use: str) -> None:
    assert len(_found("SYN201", NAMED.format(use=use))) == 1


def test_flatten_from_dim_zero_written_positionally_is_a_full_flatten() -> None:
    source = ("import torch\ndef f(grads: list[torch.Tensor]):\n"
              "    return torch.cat([g.flatten(0) for g in grads]).sum()\n")
    assert len(_found("SYN201", source)) == 1


@pytest.mark.parametrize("use", ["(flat + b).sum()", "(b < flat).sum()"])
def test_combining_the_concatenation_with_another_tensor_is_not_a_per_piece_reduction(
        use: str) -> None:
    assert _found("SYN201", NAMED.format(use=use)) == []


@pytest.mark.parametrize("body", [
    # The list is built in an order or a way the rule cannot follow.
    "    flats = []\n    for g in grads:\n        flats.insert(0, g.view(-1))\n",
    "    flats = []\n    for parts in [grads]:\n        flats.append(*[p.view(-1) for p in parts])\n",
])
def test_lists_filled_in_ways_the_rule_cannot_follow_are_left_alone(body: str) -> None:
    source = ("import torch\ndef f(grads: list[torch.Tensor]):\n" + body
              + "    return torch.cat(flats).sum()\n")
    assert _found("SYN201", source) == []


def test_a_concatenation_passed_to_an_unknown_function_escapes() -> None:
    source = NAMED.format(use="flat.sum()").replace(
        "    return flat.sum()", "    log(flat)\n    return flat.sum()")
    assert _found("SYN201", source) == []


def test_a_partial_squared_sum_is_no_norm() -> None:
    assert _found("SYN301", SQUARED.format(
        expression="torch.sum(g.float() * g.float(), dim=0)")) == []


def test_tensor_of_gpu_scalars_names_torch_tensor() -> None:
    [finding] = _found("SYN110", """\
        import torch
        def f(a: torch.Tensor, b: torch.Tensor):
            return torch.tensor([a.sum(), b.sum()])
        """)
    assert finding.message.startswith("`torch.tensor()` of 0-d tensors")
    assert "GPU" not in finding.message.split(":")[0]  # the device is not shown


def test_nonzero_given_its_input_by_keyword_is_reported_in_a_loop() -> None:
    assert len(_found("SYN104", """\
        import torch
        def f(ms: list[torch.Tensor]):
            for m in ms:
                idx = torch.nonzero(input=m)
        """)) == 1


def test_one_argument_where_names_the_three_argument_form() -> None:
    [finding] = _found("SYN111", """\
        import torch
        def f(m: torch.Tensor):
            return torch.where(m)
        """)
    assert "three-argument `torch.where(cond, a, b)`" in (finding.help or "")


def test_list_sort_of_tensors_by_a_host_key_is_not_a_tensor_comparison() -> None:
    source = ("import torch\ndef f(ts: list[torch.Tensor]):\n"
              "    ts.sort({args})\n    return ts\n")
    assert _found("SYN108", source.format(args="key=len")) == []
    assert len(_found("SYN108", source.format(args="reverse=True"))) == 1


def test_max_over_tensors_at_module_level_is_reported() -> None:
    [finding] = _found("SYN108", """\
        import torch
        losses: list[torch.Tensor] = load()
        worst = max(losses)
        print(worst + 1)
        """)
    assert finding.location.row == 3


MOVES = ("import torch\ndef f(self, model, ts: list[torch.Tensor]):\n"
         "    device = ts[0].device\n    outs = []\n    for m in {iterable}:\n        outs.append(m.to(device))\n"
         "    return torch.stack(outs)\n")


@pytest.mark.parametrize("iterable", ["model.children()", "self.layers"])
def test_moving_modules_in_a_for_loop_is_not_a_tensor_move(iterable: str) -> None:
    assert _found("SYN202", MOVES.format(iterable=iterable)) == []


def test_moving_tensors_in_a_for_loop_is_reported_with_its_remedy() -> None:
    [finding] = _found("SYN202", MOVES.format(iterable="ts"))
    assert finding.message.startswith("`.to()` of each tensor before `torch.stack`")
    assert finding.help


def test_moves_summed_by_the_builtin_name_it() -> None:
    [finding] = _found("SYN202", """\
        import torch
        def f(ts: list[torch.Tensor]):
            device = ts[0].device
            return sum([t.to(device) for t in ts])
        """)
    assert finding.message.startswith("`.to()` of each tensor before `sum`")


def test_moves_gathered_at_module_level_are_reported() -> None:
    [finding] = _found("SYN202", """\
        import torch
        ts: list[torch.Tensor] = load()
        moved = [t.to(ts[0].device) for t in ts]
        total = torch.stack(moved)
        """)
    assert finding.location.row == 3


@pytest.mark.parametrize(("code", "source"), [
    ("SYN201", "import torch\n@torch.compile\ndef f(grads):\n"
               "    return torch.cat([g.view(-1) for g in grads]).sum()\n"),
    # Known float dtypes (reads of unknown dtypes from different tensors get no fix).
    ("SYN112", "import torch\n@torch.compile\ndef f(a: torch.Tensor, b: torch.Tensor):\n"
               "    return {'a': a.float().item(), 'b': b.float().item()}\n"),
])
def test_a_fix_refused_in_compiled_code_gives_that_reason_alone(code: str, source: str) -> None:
    # Outside torch.compile both fixes are unsafe, with their own reasons; inside, no fix is
    # offered and the help gives only the reason for that.
    plain = _found(code, source.replace("@torch.compile\n", ""))
    assert [d.fix is not None for d in plain] == [True]
    [finding] = _found(code, source)
    assert finding.fix is None
    help_text = finding.help or ""
    assert help_text.count("No safe fix:") == 1 and "The fix is unsafe:" not in help_text
    assert help_text.endswith("No safe fix: `f` is compiled by `torch.compile`, which accepts "
                              "less than Python: the rewrite may not compile.")
