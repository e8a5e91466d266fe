"""The syncs a function's summary says every call makes (and those a parameter makes),
with the chain a finding at a call shows: each sync with a look-alike that must stay out
of the summary. Cold code (a debug tail, a lambda's body) must not leak into what follows."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import HOST, HOST_TENSOR, TENSOR, Kind, Tup
from synclint.analysis.kinds import Mapping as MappingKind
from synclint.model.project import build_project
from synclint.model.summaries import Summary
from tests.model.probe import case_ids, findings, line_of

HEAD = ("import torch\n\n\ndef f(t: torch.Tensor, p, flag):\n"
        "    x = torch.ones(2).cuda()\n    h = torch.ones(2)\n")


def summary_of(source: str, key: str = "f", **others: str) -> Summary:
    sources = {"m.py": source, **{f"{name}.py": text for name, text in others.items()}}
    project = build_project(sources, {name: name[:-3] for name in sources})
    return project.summaries[f"m:{key}"]


def syncs(source: str) -> list[tuple[str, int, str]]:
    """The unconditional syncs of `f`: (code, line, what the site says)."""
    return [(e.code, e.site.line, e.site.message) for e in summary_of(source).syncs]


def param_syncs(source: str) -> list[tuple[str, str, str]]:
    return [(e.name, e.strength, e.effect.code) for e in summary_of(source).param_effects]


@pytest.mark.parametrize(("call", "what"), [
    ("bool(x)", "`bool()` of a tensor"),
    ("float(x)", "`float()` of a tensor"),
    ("torch.allclose(x, x)", "`torch.allclose()`"),
    ("torch.equal(x, h)", "`torch.equal()`"),
])
def test_a_host_read_of_a_device_tensor_is_a_sync_of_every_call(call: str, what: str) -> None:
    source = HEAD + f"    {call}\n"
    assert syncs(source) == [("SYN101", line_of(source, call), what)]


@pytest.mark.parametrize("call", [
    "bool(h)", "float(h)", "torch.allclose(h, h)", "torch.equal(h, h)",
    # Host answers about a device tensor: its metadata, not its values.
    "torch.numel(x)", "torch.is_same_size(x, x)", "torch.is_floating_point(x)",
])
def test_look_alikes_of_host_reads_are_no_sync(call: str) -> None:
    assert syncs(HEAD + f"    {call}\n") == []


def test_a_read_in_the_target_of_an_augmented_assignment() -> None:
    # `counts[int(x.sum())] += 1` reads the device sum to index with; of `h`, a CPU sum.
    source = HEAD + "    counts = {}\n    counts[int(x.sum())] += 1\n"
    assert syncs(source) == [("SYN101", line_of(source, "+= 1"), "`int()` of a tensor")]
    assert syncs(source.replace("x.sum()", "h.sum()")) == []


def test_float_of_a_parameter_is_a_sync_where_a_caller_passes_a_device_tensor() -> None:
    source = HEAD + "    float(t)\n    float(p)\n"
    assert param_syncs(source) == [("t", "tensor", "SYN101"), ("p", "value", "SYN101")]
    assert syncs(source) == []


def test_an_f_string_of_a_device_tensor() -> None:
    source = HEAD + "    print(f'{x}')\n    print(f'{h}')\n"
    assert syncs(source) == [("SYN101", line_of(source, "{x}"),
                              "a tensor formatted in an f-string")]


def test_a_read_in_a_subscript_target_is_evaluated() -> None:
    source = HEAD + "    d = {}\n    d[x.item()] = 1\n    d[h.item()] = 2\n"
    assert syncs(source) == [("SYN101", line_of(source, "d[x.item()]"), "`.item()`")]


def test_boolean_mask_indexing_of_a_parameter_is_a_parameter_effect() -> None:
    assert param_syncs(HEAD + "    return t[t > 0]\n") == [("t", "tensor", "SYN104")]
    assert param_syncs(HEAD + "    return t[t.long()]\n") == []


HELPERS = "import torch\n\n\ndef to_number(t: torch.Tensor):\n    return t.item()\n"


def test_a_device_tensor_passed_to_a_reading_helper_carries_the_chain() -> None:
    source = ("from helpers import to_number\nimport torch\n\n\ndef f():\n"
              "    x = torch.ones(1).cuda()\n    to_number(x)\n")
    (effect,) = summary_of(source, helpers=HELPERS).syncs
    assert effect.code == "SYN101"
    assert [(s.filename, s.line, s.message) for s in effect.chain] == [
        ("m.py", 7, "calls `to_number()`"), ("helpers.py", 5, "`.item()`")]


def test_a_host_tensor_passed_to_a_reading_helper_is_no_sync() -> None:
    source = ("from helpers import to_number\nimport torch\n\n\ndef f(p):\n"
              "    to_number(torch.ones(1))\n    to_number(p)\n")
    summary = summary_of(source, helpers=HELPERS)
    assert summary.syncs == ()
    # A parameter passed on: a sync where f's own callers pass a device tensor.
    assert [(e.name, e.effect.code) for e in summary.param_effects] == [("p", "SYN101")]


def test_an_if_in_a_debug_tail_keeps_the_rest_of_the_tail_cold() -> None:
    tail = "    if flag:\n        pass\n    x.item()\n"
    assert syncs(HEAD + "    if not verbose:\n        return\n" + tail) == []
    source = HEAD + tail  # without the debug guard: a sync of every call
    assert syncs(source) == [("SYN101", line_of(source, "x.item()"), "`.item()`")]


def test_a_cold_loop_body_does_not_make_what_follows_the_loop_cold() -> None:
    source = HEAD + ("    for i in range(3):\n        if not debug:\n            continue\n"
                     "        x.item()\n    x.sum().item()\n")
    assert syncs(source) == [("SYN101", line_of(source, "x.sum().item()"), "`.item()`")]


def test_a_lambda_does_not_make_what_follows_it_cold() -> None:
    source = HEAD + "    key = lambda v: v.item()\n    x.item()\n"
    assert syncs(source) == [("SYN101", line_of(source, "    x.item()"), "`.item()`")]
    # The lambda's own body runs when called, not here.
    assert syncs(HEAD + "    key = lambda v: x.item()\n") == []


def test_a_read_in_the_callee_of_a_return_tensors_call_is_evaluated() -> None:
    source = HEAD + "    processors[int(x.item())](p, return_tensors='pt')\n"
    assert syncs(source) == [("SYN101", line_of(source, "processors"), "`.item()`")]
    assert syncs(HEAD + "    processors[0](p, return_tensors='pt')\n") == []


def test_set_default_device_makes_a_returned_factory_a_device_tensor() -> None:
    body = "\n\ndef f():\n    return torch.zeros(2)\n"
    assert summary_of("import torch\ntorch.set_default_device('cuda')\n" + body).returns \
        is TENSOR
    assert summary_of("import torch\n" + body).returns is HOST_TENSOR


def test_the_tail_of_a_body_on_the_way_to_a_raise_is_cold() -> None:
    tail = "    if flag:\n        return 1\n    x.item()\n"
    assert syncs(HEAD + tail + "    raise ValueError('no')\n") == []
    source = HEAD + tail  # it falls through: the read runs on every call that gets there
    assert syncs(source) == [("SYN101", line_of(source, "x.item()"), "`.item()`")]


def test_host_reads_say_what_they_are() -> None:
    source = HEAD + "    x.to('cpu')\n    p.tolist()\n    h.to('cpu')\n"
    assert syncs(source) == [("SYN101", line_of(source, "x.to('cpu')"), "`.to('cpu')`")]
    # `.tolist()` of a parameter: a sync where a caller passes a device tensor.
    assert [(e.name, e.strength, e.effect.site.message)
            for e in summary_of(source).param_effects] == [("p", "value", "`.tolist()`")]


def test_math_functions_read_a_tensor_on_the_host() -> None:
    source = ("import math\nimport torch\n\n\ndef f(n: int, p):\n"
              "    x = torch.ones(1).cuda()\n    math.exp(x)\n    math.exp(n)\n    math.exp(p)\n")
    assert syncs(source) == [("SYN101", 7, "`math.exp()` of a tensor")]
    # An int parameter is no tensor; an unknown one may be.
    assert param_syncs(source) == [("p", "value", "SYN101")]


def test_a_torch_op_of_a_parameter_stays_tied_to_the_parameter() -> None:
    source = "import torch\n\n\ndef f(p):\n    return torch.exp(p).item()\n"
    assert syncs(source) == []
    assert param_syncs(source) == [("p", "tensor", "SYN101")]


def test_a_tuple_return_annotation_keeps_the_host_tensors_the_code_proves() -> None:
    source = ("import torch\nfrom typing import Tuple\n\n\n"
              "def f() -> Tuple[torch.Tensor, torch.Tensor]:\n"
              "    return torch.zeros(1), torch.zeros(1).cuda()\n")
    assert summary_of(source).returns == Tup((HOST_TENSOR, TENSOR))


@pytest.mark.parametrize(("device", "value"), [("", HOST_TENSOR), (", device=d", TENSOR)])
def test_a_dict_return_annotation_keeps_the_host_tensors_the_code_proves(
        device: str, value: Kind) -> None:
    source = ("import torch\nfrom torch import Tensor\n\n\n"
              "def f(n: int, d: torch.device) -> dict[str, tuple[Tensor, bool]]:\n"
              f"    return {{'a': (torch.linspace(0.0, 0.9, n{device}), True),\n"
              f"            'b': (torch.tensor(0.0{device}), False)}}\n")
    assert summary_of(source).returns == MappingKind(HOST, Tup((value, HOST)))


def test_a_dict_return_annotation_is_the_kind_where_the_body_is_unknown() -> None:
    source = ("import torch\nfrom torch import Tensor\n\n\n"
              "def f(tables) -> dict[str, Tensor]:\n    return tables\n")
    assert summary_of(source).returns == MappingKind(HOST, TENSOR)


def test_a_data_dependent_shape_of_two_arguments() -> None:
    source = HEAD + "    torch.masked_select(x, x > 0)\n    torch.where(x > 0, x, h)\n"
    assert syncs(source) == [("SYN104", line_of(source, "masked_select"),
                              "`torch.masked_select()`")]


@pytest.mark.parametrize("expression", ["(p * 2)", "(2 * p)"])
def test_arithmetic_on_a_parameter_stays_tied_to_it(expression: str) -> None:
    source = f"import torch\n\n\ndef f(p):\n    return {expression}.item()\n"
    assert syncs(source) == []
    assert param_syncs(source) == [("p", "item", "SYN101")]


def test_the_call_site_of_a_chain_is_the_calls_first_column() -> None:
    source = ("from helpers import to_number\nimport torch\n\n\ndef f():\n"
              "    x = torch.ones(1).cuda()\n    y = to_number(x)\n")
    (effect,) = summary_of(source, helpers=HELPERS).syncs
    assert (effect.chain[0].line, effect.chain[0].column) == (7, 9)


def test_a_read_in_a_with_statements_context_expression() -> None:
    source = HEAD + "    with lock(x.item()):\n        pass\n    with lock(h.item()):\n        pass\n"
    assert syncs(source) == [("SYN101", line_of(source, "lock(x.item())"), "`.item()`")]


def test_an_f_string_of_a_parameter_is_a_parameter_effect() -> None:
    source = "def f(p):\n    q = g()\n    print(f'{p}')\n    print(f'{q}')\n"
    assert syncs(source) == []
    assert param_syncs(source) == [("p", "value", "SYN101")]


def test_a_read_in_a_branch_that_always_raises_under_a_setting_is_no_sync() -> None:
    # The test of a setting (`flag`) keeps its branch's syncs in the summary, saying when
    # they run; a branch that ends in `raise` ends the call, so its reads are not kept.
    raising = "    if flag:\n        bad = x.item()\n        raise ValueError(bad)\n"
    assert syncs(HEAD + raising) == []
    kept = "    if flag:\n        bad = x.item()\n        print(bad)\n"
    assert [code for code, _, _ in syncs(HEAD + kept)] == ["SYN101"]


CLOSURES = '''import torch


def outer(ts):
    y = torch.ones(2).cuda()
    h = torch.ones(2)

    def inner():
        return y.sum().item()

    def quiet():
        return h.sum().item()

    for t in ts:
        inner()
        quiet()
'''


def test_a_nested_function_reads_the_enclosing_function_s_tensors() -> None:
    # `inner` reads the device tensor `y` of `outer`; `quiet` a CPU one.
    (effect,) = summary_of(CLOSURES, "outer.inner").syncs
    assert effect.chain[-1].line == line_of(CLOSURES, "y.sum().item()")
    assert summary_of(CLOSURES, "outer.quiet").syncs == ()
    assert [(d.code, d.location.row) for d in findings(CLOSURES)] == [
        ("SYN101", line_of(CLOSURES, "        inner()"))]


SHAPE_CALLS = ["torch.unique(t.cuda())", "torch.unique(input=t.cuda())",
               "torch.nonzero(input=t.cuda())", "torch.masked_select(input=t.cuda(), mask=m)"]


@pytest.mark.parametrize("call", SHAPE_CALLS, ids=case_ids(SHAPE_CALLS))
def test_a_helper_s_shape_sync_reaches_its_callers_whether_the_input_is_named(
        call: str) -> None:
    source = (f"import torch\n\n\ndef helper(t, m):\n    return {call}\n\n\n"
              "def f(ts, m):\n    for t in ts:\n        helper(t, m)  # call\n")
    assert [(d.code, d.location.row) for d in findings(source)] == [
        ("SYN104", line_of(source, "# call"))]
    # The helper's work on a CPU copy is silent; arguments it cannot see (`**options`)
    # do not stop the check.
    assert findings(source.replace(".cuda()", ".cpu()")) == []
    assert all(d.code != "SYN104" or d.location.row != line_of(source, "# call")
               for d in findings(source.replace("input=t.cuda()", "**options")
                                 .replace("t.cuda()", "**options")))


@pytest.mark.parametrize("read", [
    "inputs['ids'].tolist()",
    "[v.tolist() for v in inputs.values()]",
    "[v.tolist() for _, v in inputs.items()]",
    "inputs.get('ids').tolist()",
])
def test_an_item_of_a_mapping_parameter_is_read_through_the_parameter(read: str) -> None:
    # fresh16 F1: `inputs: dict[str, Tensor]` holds whatever each caller passes: the read
    # is the parameter's effect (a caller passing host tensors makes no sync), not one
    # every call makes, as `t.tolist()` of `t: Tensor` is.
    source = ("import torch\n\n\ndef f(inputs: dict[str, torch.Tensor]):\n"
              f"    return {read}\n")
    assert syncs(source) == []
    assert param_syncs(source) == [("inputs", "tensor", "SYN101")]


@pytest.mark.parametrize("read", ["chunks[0].tolist()", "[c.tolist() for c in chunks]"])
def test_an_item_of_a_list_parameter_is_read_through_the_parameter(read: str) -> None:
    source = ("import torch\n\n\ndef f(chunks: list[torch.Tensor]):\n"
              f"    return {read}\n")
    assert syncs(source) == []
    assert param_syncs(source) == [("chunks", "tensor", "SYN101")]


def test_a_host_item_of_a_parameter_is_no_effect_of_it() -> None:
    # `pair[1]` of `tuple[Tensor, int]` is a Python int: nothing of it is read.
    source = ("import torch\n\n\ndef f(pair: tuple[torch.Tensor, int], n: int):\n"
              "    k = pair[1]\n    return int(k) + n\n")
    assert syncs(source) == []
    assert param_syncs(source) == []


CONTAINER_CALLERS = """import torch


def to_rows(inputs: dict[str, torch.Tensor]) -> list:
    return [v.tolist() for v in inputs.values()]


def build(samples: list[list[int]], model, device) -> list:
    out = []
    for s in samples:
        out.append(to_rows({"ids": ARG}))
    return out
"""


@pytest.mark.parametrize(("arg", "reported"), [
    ("torch.tensor(s)", False),
    ("model(torch.tensor(s).to(device))", True),
    ("torch.tensor(s, device=device)", True),
])
def test_a_call_passing_a_mapping_of_tensors_is_judged_by_its_values(
        arg: str, reported: bool) -> None:
    source = CONTAINER_CALLERS.replace("ARG", arg)
    found = sorted(d.location.row for d in findings(source) if d.code == "SYN101")
    # Device values: the call in the loop, and the helper's own read per item.
    assert found == ([line_of(source, "v.tolist()"), line_of(source, "to_rows({")]
                     if reported else [])
