"""Guards that test settings (model/settings.py): which tests read only choices fixed for
a run, what a summary keeps under them, and what per-step code reports under them. Each
setting has a look-alike on data, a counter, a local or a switch that must stay a guard."""

from __future__ import annotations

import ast

import pytest

from synclint.analysis.kinds import HOST, TENSOR, UNKNOWN, Kind, Seq
from synclint.model.settings import (
    ARGUMENT,
    ARGUMENTS,
    BOTH,
    SETTING,
    describe,
    none_by_setting,
    parameters_read,
    setting_test,
)
from tests.model.probe import findings, line_of
from tests.model.test_summary_syncs import summary_of


def judged(test: str, kinds: dict[str, Kind] | None = None) -> bool:
    """`setting_test` of `test` in a function that has bound `losses` before it, where
    `kinds` give some names' kinds."""
    local = {"losses"}  # bound before the test
    known = kinds or {}
    expression = ast.parse(test, mode="eval").body

    def kind_of(node: ast.expr) -> Kind:
        text = ast.unparse(node)
        return known.get(text, UNKNOWN)
    return setting_test(expression, kind_of, local)


@pytest.mark.parametrize("test", [
    "self.include_std",
    "not self.training",
    "self.trainer.is_global_zero",
    "reduction == 'max'",
    "'segm' in self.iou_type",
    "labels is not None",
    "self.kv_cache is None",
    "self.include_std and reduction != 'sum'",
    "isinstance(labels, torch.Tensor)",
    "hasattr(self, 'proj')",
    "MODE == 'fast'",
    "True",
    # positions an object is configured with (fresh15 M2), not counters
    "self.weights_index is not None",
    "self.padding_idx is not None",
    "self.layer_idx == 0",
    # an element of a list-valued setting the object keeps (fresh17 M5)
    "self.ctc_asr_only[-1]",
    "self.use_amp and self.flags[0] == 'x'",
])
def test_settings(test: str) -> None:
    assert judged(test)


@pytest.mark.parametrize(("test", "kinds"), [
    ("x.numel() > 1", {}),              # the data's size
    ("losses", {}),                      # a local the function fills
    ("batch_idx == 0", {}),              # a counter: one step in many
    ("self.idx == 0", {}),               # a counter by its whole name
    ("self.epoch_count > 1", {}),
    ("self.global_step > 100", {}),
    ("self.verbose", {}),                # a diagnostics switch: cold code
    ("should_log", {}),                  # a periodic flag: SYN107's
    ("mask", {"mask": TENSOR}),          # a tensor tested: data
    ("self.found_inf", {"self.found_inf": TENSOR}),
    ("x.is_cuda", {"x": TENSOR}),        # an attribute of a tensor
    ("len(labels) > 1", {}),             # a call other than a type test
    ("labels[0] == 1", {}),              # a subscript of an argument: the caller's data
    ("self.masks[0]", {"self.masks": Seq(TENSOR)}),       # an element of tensors
    ("self.masks[0]", {"self.masks[0]": TENSOR}),
    ("self.history[i] > 0", {}),         # an index that is no literal
    ("self.ivars['istep'] == 0", {}),    # a dict's key: state kept per step (LOBPCG)
    ("self.step % 10 == 0", {}),         # arithmetic
    ("self.include_std and x.any()", {}),
])
def test_look_alikes(test: str, kinds: dict[str, Kind]) -> None:
    assert not judged(test, kinds)


def test_a_host_kind_is_a_setting_where_a_tensor_is_not() -> None:
    assert judged("mask", {"mask": HOST})
    assert not judged("mask", {"mask": TENSOR})


def test_parameters_read() -> None:
    function = ast.parse("def g(self, iou_type, flag=False, *args, only, **kw): pass").body[0]
    assert isinstance(function, ast.FunctionDef)
    # A summary's settable parameters: the positional ones without `self`, then the
    # keyword-only ones.
    params = ("iou_type", "flag", "only")

    def read(test: str) -> tuple[int, ...] | None:
        return parameters_read(ast.parse(test, mode="eval").body, function, params)
    assert read("'segm' in iou_type") == (0,)
    assert read("flag and 'bbox' in iou_type") == (0, 1)
    assert read("only is not None") == (2,)
    assert read("self.include_std") == ()
    assert read("'segm' in self.iou_type and MODE") == ()
    for test in ("args", "kw and self.a", "kw.get('only')"):  # no name a caller fills
        assert read(test) is None, test


def test_describe_quotes_short_tests_and_names_every_condition() -> None:
    said = describe([("self.include_std", True), ("self.kv_cache is None", False)])
    assert said.named == "`self.include_std` and not `self.kv_cache is None`"
    assert said.quoted == said.named
    assert said.about == SETTING


def test_describe_never_repeats_a_phrase_for_long_tests() -> None:
    """A test too long for a message is not quoted there (the message says "under a
    setting" once); the related location names each condition whole."""
    first = "hasattr(self.uld_loss_fn, 'last_matched_loss')"
    second = "hasattr(self.uld_loss_fn, 'last_unmatched_loss')"
    said = describe([(f"{first} and {second}", True), ("self.args.use_teacher_server", True)])
    assert said.quoted is None
    assert said.named == f"`{first} and {second}` and `self.args.use_teacher_server`"
    assert "a setting holds" not in said.named


def test_describe_names_an_enormous_condition_by_its_first_operand() -> None:
    operands = [f"self.options.the_option_number_{i} is not None" for i in range(6)]
    said = describe([(" and ".join(operands), True)])
    assert said.named == f"`{operands[0]}` and 5 more conditions"
    assert said.quoted is None
    said = describe([(" and\n    ".join(operands[:2]), True)])  # spans two lines
    assert said.named == f"`{operands[0]} and {operands[1]}`"


def test_describe_names_two_long_conditions_by_the_first_and_one_more() -> None:
    first = "self.options.the_first_option_of_this_very_long_configuration_object is not None"
    second = "self.options.the_second_option_of_this_very_long_configuration_object > 0"
    said = describe([(first, True), (second, True)])
    assert said.named == f"`{first}` and 1 more condition"
    # The same two conditions written short are named whole.
    said = describe([("self.a is not None", True), ("self.b > 0", True)])
    assert said.named == "`self.a is not None` and `self.b > 0`"


@pytest.mark.parametrize(("test", "about"), [
    ("mel is not None", ARGUMENT),
    ("isinstance(inputs, dict)", ARGUMENT),      # builtins are neither
    # nor are the types a test names: the input decides (issue 22, fourth draw #105)
    ("isinstance(inputs, MetaTensor) and 'affine' in inputs.meta", ARGUMENT),
    ("isinstance(inputs, (np.ndarray, Tensor))", ARGUMENT),
    ("isinstance(self.cache, Cache)", SETTING),  # look-alike: an attribute's type
    ("isinstance(inputs, self.kind)", BOTH),     # a type held by a setting
    ("reduction == 'max' and mel is None", ARGUMENTS),
    ("self.training", SETTING),
    ("MODE == 'fast'", SETTING),                 # a module name
    ("mel is not None and self.training", BOTH),
])
def test_describe_tells_a_test_of_the_callers_arguments_from_a_setting(
        test: str, about: str) -> None:
    assert describe([(test, True)], {"mel", "inputs", "reduction"}).about == about


METHOD = '''
import torch


class Stats:
    def __init__(self, include_std: bool) -> None:
        self.include_std = include_std

    def f(self, x: torch.Tensor, flag: bool):
        y = torch.ones(3).cuda()
        if {test}:
            y.std().item()
        return y
'''


def test_a_summary_keeps_a_sync_under_an_option_and_says_when() -> None:
    source = METHOD.format(test="self.include_std")
    (effect,) = summary_of(source, "Stats.f").syncs
    assert effect.site.line == line_of(source, ".item()")
    assert effect.site.message.endswith(", when `self.include_std`"), effect.site.message


@pytest.mark.parametrize("test", [
    "y.numel() > 1",                # data
    "self.verbose",                 # a switch
])
def test_a_summary_drops_syncs_under_other_guards(test: str) -> None:
    assert summary_of(METHOD.format(test=test), "Stats.f").syncs == ()


def test_under_a_test_of_a_parameter_the_sync_waits_for_the_callers_setting() -> None:
    (effect,) = summary_of(METHOD.format(test="self.include_std and flag"), "Stats.f").syncs
    assert effect.when == (1,)  # `flag`, the second positional parameter after `self`
    assert effect.site.message.endswith(", when `self.include_std and flag`")


CALLER = METHOD.format(test="flag") + '''

    def step(self, xs: list[torch.Tensor], check: bool, mode: str):
        for i, x in enumerate(xs):
            self.f(x, {argument})
'''


@pytest.mark.parametrize(("argument", "when"), [
    ("True", ()),
    ("flag=self.include_std", ()),
    ("check", (1,)),     # the caller's own parameter: its callers judge in turn
    ("mode == 'std'", (2,)),
])
def test_a_call_that_passes_a_setting_syncs_on_every_iteration(
        argument: str, when: tuple[int, ...]) -> None:
    source = CALLER.format(argument=argument)
    assert [d.location.row for d in findings(source) if d.code == "SYN101"] == [
        line_of(source, "self.f(x")]
    (effect,) = summary_of(source, "Stats.step").syncs
    assert effect.when == when


@pytest.mark.parametrize("argument", ["i > 0", "x.numel() > 1", "flag=bool(i % 2)"])
def test_a_call_that_passes_a_varying_value_does_not(argument: str) -> None:
    source = CALLER.format(argument=argument)
    assert [d for d in findings(source) if d.code == "SYN101"] == []
    assert summary_of(source, "Stats.step").syncs == ()


KEYWORDS = '''
import torch


def reduce(x: torch.Tensor, *, reduction=None, exact: bool = False, **options):
    if reduction is not None:
        x.amax().item()
    return x


def spread(x: torch.Tensor, exact: bool = False, **options):
    if options.get("exact"):
        x.std().item()
    return x


class Stats:
    def __init__(self, reduction: str | None = None) -> None:
        self.reduction = reduction

    def step(self, xs: list[torch.Tensor], *args, check: bool = False, **options):
        for i, x in enumerate(xs):
            {call}
'''


def test_a_sync_under_a_keyword_only_parameter_waits_for_the_callers_setting() -> None:
    summary = summary_of(KEYWORDS.format(call="pass"), "reduce")
    assert summary.keywords == ("reduction", "exact")
    # On `x`, where the keyword-only `reduction` (after the one positional parameter)
    # is a setting.
    assert [(p.name, p.effect.when) for p in summary.param_effects] == [("x", (1,))]
    # A guard on `**options` has no name a caller fills: not kept.
    assert summary_of(KEYWORDS.format(call="pass"), "spread").param_effects == ()


@pytest.mark.parametrize(("call", "when"), [
    ("reduce(x, reduction=self.reduction)", ()),
    ("reduce(x, reduction='max')", ()),
    ("reduce(x)", ()),                                 # the default: a setting
    ("reduce(x, exact=i > 0)", ()),                    # not the parameter tested
    ("reduce(x, reduction=check)", (1,)),              # the caller's own keyword-only one
])
def test_a_call_that_passes_a_keyword_setting_syncs_on_every_iteration(
        call: str, when: tuple[int, ...]) -> None:
    source = KEYWORDS.format(call=call)
    assert [d.location.row for d in findings(source) if d.code == "SYN101"] == [
        line_of(source, call)]
    (effect,) = summary_of(source, "Stats.step").syncs
    assert effect.when == when
    assert summary_of(source, "Stats.step").keywords == ("check",)


@pytest.mark.parametrize("call", [
    "reduce(x, reduction=i > 0)",                      # may change every iteration
    "reduce(x, reduction=x.sum())",
    "reduce(x, **options)",                            # hidden: may be anything
    "reduce(x, **{'reduction': i})",
    "spread(x, exact=True)",                           # its guard reads `**options`
])
def test_a_keyword_guard_given_a_varying_or_hidden_value_does_not(call: str) -> None:
    source = KEYWORDS.format(call=call)
    assert [d for d in findings(source) if d.code == "SYN101"] == []
    assert summary_of(source, "Stats.step").syncs == ()


def test_a_positional_guard_behind_star_args_is_not_known() -> None:
    source = METHOD.format(test="flag") + '''

    def step(self, xs: list[torch.Tensor], rest: list):
        for x in xs:
            self.f(*rest)
            self.f(x, *rest)
'''
    assert [d for d in findings(source) if d.code == "SYN101"] == []
    assert summary_of(source, "Stats.step").syncs == ()


def test_the_else_branch_of_a_setting_is_kept_too() -> None:
    source = METHOD.format(test="self.include_std").replace(
        "            y.std().item()\n",
        "            pass\n        else:\n            y.std().item()\n")
    (effect,) = summary_of(source, "Stats.f").syncs
    assert effect.site.message.endswith(", when not `self.include_std`")


MODULE = '''
import torch
from torch import nn


class M(nn.Module):
    def forward(self, x: torch.Tensor, mode: str = "mean", batch_idx: int = 0):
        y = x.cuda()
        {body}
        return y
'''


def reported(body: str) -> list[str]:
    source = MODULE.format(body=body.replace("\n", "\n        "))
    return [d.message for d in findings(source) if d.code == "SYN101"]


def test_per_step_code_reports_a_read_under_a_setting_and_names_it() -> None:
    (message,) = reported("if mode != 'max':\n    y.amax().item()")
    assert message.endswith("when `mode != 'max'`"), message
    # `mode == 'max'` with `mode: str = "mean"` in `forward` is opt-in code (README,
    # "Opt-in code"): reported only with `--opt-in`.
    assert reported("if mode == 'max':\n    y.amax().item()") == []


def test_elif_and_else_of_settings_are_per_step() -> None:
    (message,) = reported("if mode == 'max':\n    pass\nelif self.training:\n"
                          "    y.amax().item()")
    assert message.endswith("when `self.training`"), message  # the elif's own test
    (message,) = reported("if self.training:\n    pass\nelse:\n    y.amax().item()")
    assert message.endswith("when not `self.training`"), message


def test_the_else_of_a_negated_setting_reads_without_a_double_negative() -> None:
    (message,) = reported("if not self.training:\n    pass\nelse:\n    y.amax().item()")
    assert message.endswith("when `self.training`"), message
    (message,) = reported("if not self.training:\n    y.amax().item()")
    assert message.endswith("when `not self.training`"), message
    # `not a and b` failing is not `a and b` holding: kept whole.
    (message,) = reported("if not self.training and mode == 'max':\n    pass\n"
                          "else:\n    y.amax().item()")
    assert "not `not self.training and mode == 'max'`" in message, message


@pytest.mark.parametrize("body", [
    "if batch_idx == 0:\n    y.amax().item()",
    "if y.numel() > 1:\n    y.amax().item()",
    "if self.training:\n    if y.numel() > 1:\n        y.amax().item()",
    "if self.training:\n    try:\n        pass\n    except RuntimeError:\n"
    "        y.amax().item()",
    "if self.training:\n    y.amax().item()\n    raise RuntimeError('unsupported')",
])
def test_a_data_guard_anywhere_above_keeps_a_read_quiet(body: str) -> None:
    assert reported(body) == []


def test_a_try_body_under_a_setting_is_per_step_when_the_setting_holds() -> None:
    """A `try` body runs (fresh3 B1); only its handlers are rare paths."""
    (message,) = reported("if self.training:\n    try:\n        y.amax().item()\n"
                          "    except RuntimeError:\n        pass")
    assert message.endswith("when `self.training`"), message


def test_a_latch_is_not_a_setting() -> None:
    """A branch that sets what its test reads runs once: `if not self._checked:`."""
    assert reported("if not self._checked:\n    y.amax().item()\n    self._checked = True") \
        == []
    assert reported("if self.warmup_done is False:\n    y.amax().item()\n"
                    "    self.warmup_done = True") == []
    assert len(reported("if not self._checked:\n    y.amax().item()\n"
                        "    self._other = True")) == 1


ADAPTER = '''
import torch
from torch import nn


class Adapter(nn.Module):
    def unmerge(self) -> None:
        self.delta = self.weight.to("cpu")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        self.weight = x.cuda()
        {call}
        return x
'''


def test_cold_code_under_a_setting_runs_once_per_change() -> None:
    """`if self.disable_adapters: self.unmerge()` unmerges once, when the setting changes;
    an unguarded call of the same cold helper in per-step code is still reported."""
    guarded = ADAPTER.format(call="if self.disable_adapters:\n            self.unmerge()")
    assert [d for d in findings(guarded) if d.code == "SYN101"] == []
    plain = ADAPTER.format(call="self.unmerge()")
    assert [d.location.row for d in findings(plain) if d.code == "SYN101"] == [
        line_of(plain, "self.unmerge()")]


def test_a_summary_says_the_elif_test_and_waits_for_every_test_above() -> None:
    source = METHOD.format(test="flag").replace(
        "        if flag:\n            y.std().item()\n",
        "        if flag:\n            pass\n        elif self.include_std:\n"
        "            y.std().item()\n")
    (effect,) = summary_of(source, "Stats.f").syncs
    assert effect.site.message.endswith(", when `self.include_std`"), effect.site.message
    assert effect.when == (1,)  # it runs only where `flag` fails: callers judge `flag`


def test_long_messages_drop_the_setting_before_they_are_cut() -> None:
    """Every finding fits in 100 characters; the setting stays in the related location."""
    name = "embed_every_single_token_of_the_prompt"
    source = ADAPTER.format(
        call=f"if self.use_the_cache_mode_flag is None:\n            self.{name}()")
    source += f"\n    def {name}(self) -> None:\n        self.unmerge()\n"
    source = source.replace("def unmerge(self)", "def fold(self)").replace(
        "self.unmerge()", "self.fold()")
    (finding,) = [d for d in findings(source) if d.code == "SYN101"]
    assert finding.message == f"`{name}()` syncs with the GPU in per-step code, under a setting"
    assert finding.related[1].message == (
        "runs when `self.use_the_cache_mode_flag is None`, a setting the same on every step")


@pytest.mark.parametrize(("body", "count"), [
    ("if mode == 'max':\n    y.amax().item()\nmode = 'min'", 1),   # rebound after: still
    ("mode = self.pick()\nif mode == 'max':\n    y.amax().item()", 0),
    ("for _ in range(2):\n    if mode == 'max':\n        pass\n    mode = self.pick()\n"
     "if mode == 'max':\n    y.amax().item()", 0),
])
def test_a_parameter_rebound_before_its_test_is_not_a_setting(body: str, count: int) -> None:
    assert len(reported(body)) == count


def test_a_long_guard_is_said_once_in_the_message_and_whole_in_related() -> None:
    test = "self.use_teacher_server_for_distillation and self.beta_for_the_teacher > 0"
    source = MODULE.format(body=f"if {test}:\n            y.amax().item()")
    (finding,) = [d for d in findings(source) if d.code == "SYN101"]
    # Too long to quote whole: the message names the condition checked last (issue 22).
    assert finding.message == "`.item()` syncs with the GPU in per-step code (`forward`), " \
        "under `self.beta_for_the_teacher > 0`"
    assert finding.related[1].message == f"runs when `{test}`, a setting the same on every step"


def test_a_guard_on_the_functions_own_argument_is_how_the_caller_calls_it() -> None:
    # (`mode != 'max'`: `mode == 'max'` with the default "mean" is opt-in code.)
    source = MODULE.format(body="if mode != 'max':\n            y.amax().item()")
    (finding,) = [d for d in findings(source) if d.code == "SYN101"]
    assert finding.related[1].message == "runs when `mode != 'max'`, as the caller passes it"
    source = MODULE.format(body="if mode != 'max' and self.training:\n"
                                "            y.amax().item()")
    (finding,) = [d for d in findings(source) if d.code == "SYN101"]
    assert finding.related[1].message == (
        "runs when `mode != 'max' and self.training`, a setting and the caller's arguments")


@pytest.mark.parametrize(("body", "count"), [
    # fresh12 M1: whether the argument (or its moved copy) carries the attribute is a
    # setting, as `x.extra is not None` is.
    ('extra = getattr(x, "extra", None)\nif extra is not None:\n    y.amax().item()', 1),
    ('moved = x.to("cuda")\nextra = getattr(moved, "extra", None)\n'
     'if extra is not None and self.training:\n    y.amax().item()', 1),
    ('extra = getattr(self.head, "extra")\nif extra is not None:\n    y.amax().item()', 1),
    # Look-alikes: a local from the step's data, one bound otherwise too, a counter.
    ("extra = self.pick()\nif extra is not None:\n    y.amax().item()", 0),
    ('extra = getattr(x, "extra", None)\nif extra is not None:\n    y.amax().item()\n'
     "extra = self.pick()", 0),
    ('step = getattr(x, "step", 0)\nif step > 0:\n    y.amax().item()', 0),
    # Any object's attribute but `self`'s, where the function does not set it.
    ('extra = getattr(self.pick(x), "extra", None)\nif extra is not None:\n'
     '    y.amax().item()', 1),
    ('extra = getattr(self, "_extra", None)\nif extra is None:\n    y.amax().item()', 0),
    ('extra = getattr(x, "extra", None)\nif extra is None:\n    x.extra = y.amax().item()', 0),
    ('extra = getattr(x, "extra", None)\nif extra is None:\n    y.amax().item()\n'
     '    setattr(x, "extra", 1)', 0),
])
def test_a_copy_of_an_argument_tested_is_a_setting(body: str, count: int) -> None:
    assert len(reported(body)) == count


@pytest.mark.parametrize(("value", "expected"), [
    ("None if self.weights_index is None else self.weights_index % count", True),
    ("self.weights_index % count if self.weights_index is not None else None", True),
    ("None if not self.use_bias else 1", True),
    ("None if self.step_count > 1 else 0", False),     # a counter
    ("None if mask.any() else 0", False),              # data
    ("None if flag else 0", False),                    # not `self`'s
    ("0 if self.weights_index is None else 1", False),  # never None
    ("None if self.x is None else None", False),
])
def test_none_by_setting(value: str, expected: bool) -> None:
    assert none_by_setting(ast.parse(value, mode="eval").body) is expected


LOCAL_GUARD = """\
import torch
from torch import nn


class Bridge(nn.Module):
    def __init__(self, weights_index: int | None = 1) -> None:
        super().__init__()
        self.weights_index = weights_index

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        at = None if self.weights_index is None else self.weights_index % 2
        {rebind}
        if at is not None:
            x = x * x.sum().item()
        return x
"""


def test_a_local_whose_none_a_setting_decides_guards_per_step_code() -> None:
    source = LOCAL_GUARD.format(rebind="pass")
    reported = [(d.code, d.location.row) for d in findings(source)]
    assert reported == [("SYN101", line_of(source, ".item()"))]
    rebound = LOCAL_GUARD.format(rebind="at = None if x.numel() > 4 else at")
    assert findings(rebound) == []  # rebound from the data: a guard again
