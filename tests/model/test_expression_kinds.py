"""The kind the model gives an expression, for calls, methods, attributes, subscripts and
displays that a rule asks about: each with a look-alike whose kind must differ (a host
value read as a device tensor is a false SYN101; a device tensor read as unknown a missed
one)."""

from __future__ import annotations

from synclint.analysis.kinds import (
    BOOL_TENSOR,
    DEVICE_TENSORS,
    F64_TENSOR,
    HOST,
    HOST_TENSOR,
    MODULE,
    NUMPY,
    TENSOR,
    UNKNOWN,
    Instance,
    Kind,
    Mapping,
    Seq,
    Tup,
)
from tests.model.probe import probe, probes, syncs


def test_a_library_function_the_tables_do_not_know_is_unknown() -> None:
    source = "import math\nimport yaml\n\n\ndef f(p):\n    seen(yaml.safe_load(p))\n" \
             "    seen(math.sqrt(p))\n"
    assert probes(source) == [UNKNOWN, HOST]


def test_a_call_named_like_a_library_hint_takes_the_library_kind() -> None:
    source = ("import transformers\n\n\ndef generate(ids, scores, stopping_criteria):\n"
              "    seen(stopping_criteria(ids, scores))\n    seen(criteria(ids, scores))\n")
    assert probes(source) == [BOOL_TENSOR, UNKNOWN]


def test_the_callee_of_a_return_tensors_call_is_evaluated() -> None:
    source = ("def f(tok, text):\n    batch = seen(tok)(text, return_tensors='pt')\n"
              "    seen(batch)\n    seen(batch.input_ids)\n")
    assert probes(source) == [UNKNOWN, Mapping(HOST, HOST_TENSOR), HOST_TENSOR]


def test_a_field_of_a_mapping_of_device_tensors_is_not_an_attribute() -> None:
    source = "import torch\n\n\ndef f():\n    d = {'a': torch.ones(1).cuda()}\n    seen(d.a)\n"
    assert probes(source) == [UNKNOWN]


def test_a_torch_only_keyword_makes_an_unknown_receiver_a_tensor() -> None:
    source = "import torch\n\n\ndef f(p):\n    seen(p.mean(keepdim=True))\n" \
             "    seen(p.foo(flag=True))\n"
    assert probes(source) == [TENSOR, UNKNOWN]


def test_a_cast_to_another_tensors_dtype_keeps_a_host_tensor_on_the_host() -> None:
    source = ("import torch\n\n\ndef f(t: torch.Tensor):\n    h = torch.zeros(2)\n"
              "    seen(h.to(t.dtype))\n    seen(h.to(torch.float64))\n    seen(h.to(t.device))\n")
    assert probes(source) == [HOST_TENSOR, HOST_TENSOR, TENSOR]


def test_module_methods_that_return_the_module() -> None:
    source = ("import torch\n\n\ndef f():\n    m = torch.nn.Linear(2, 2)\n"
              "    seen(m.cuda())\n    seen(m.train())\n    seen(m.double())\n    seen(m.foo())\n")
    assert probes(source) == [MODULE, MODULE, MODULE, UNKNOWN]


def test_a_device_default_of_get_says_what_a_checkpoint_holds() -> None:
    source = ("import torch\n\n\ndef f(p):\n    ckpt = torch.load(p)\n"
              "    seen(ckpt.get('x', torch.zeros((), device='cuda')))\n    seen(ckpt.get('x', 0))\n")
    assert probes(source) == [TENSOR, UNKNOWN]


def test_a_library_method_of_a_module() -> None:
    source = ("import transformers\nfrom torch import nn\n\n\ndef f(model: nn.Module, ids):\n"
              "    seen(model.generate(ids))\n    seen(model.other(ids))\n")
    assert probes(source) == [TENSOR, UNKNOWN]


def test_numpy_annotations() -> None:
    source = ("from numpy.typing import NDArray\nimport numpy as np\n\n\n"
              "def f(a: NDArray, b: np.ndarray, c: 'NDArray', d: list):\n"
              "    seen(a)\n    seen(b)\n    seen(c)\n    seen(d)\n")
    assert probes(source)[:3] == [NUMPY, NUMPY, NUMPY]
    assert probes(source)[3] not in (NUMPY, TENSOR)


def test_an_array_s_methods_give_arrays_but_item_and_tolist_give_host_values() -> None:
    source = ("import numpy as np\n\n\ndef f(n: int):\n    a = np.zeros(n)\n"
              "    seen(a.reshape(n, 1))\n    seen(a.astype(np.float32))\n"
              "    seen(a.item())\n    seen(a.tolist())\n")
    assert probes(source) == [NUMPY, NUMPY, HOST, HOST]


def test_a_library_attribute_of_self_by_the_class_base() -> None:
    source = ("import transformers\n\n\nclass T(transformers.Trainer):\n"
              "    def training_step(self, model, inputs):\n        seen(self.accelerator)\n\n\n"
              "class U:\n    def step(self):\n        seen(self.accelerator)\n"
              "        seen(self.anything)\n")
    assert probes(source) == [Instance("accelerate.Accelerator"), UNKNOWN, UNKNOWN]


def test_metadata_attributes_of_an_unknown_value_are_host_values() -> None:
    source = "def f(p):\n    seen(p.dtype)\n    seen(p.shape)\n    seen(p.foo)\n"
    assert probes(source) == [HOST, HOST, UNKNOWN]


def test_layout_methods_of_an_unknown_value_are_host_values() -> None:
    # fresh14 F1: `x.stride(0) == 1` in an unannotated helper is a Python bool, so the
    # caller's `if` on the helper's result reads nothing; a data method stays the
    # parameter's (a tensor where the caller passes one).
    source = ("import torch\n\n\ndef f(x):\n"
              "    seen(x.stride(0)); seen(x.is_contiguous()); seen(x.element_size())\n"
              "    seen(x.min())\n")
    assert probes(source) == [HOST, HOST, HOST, UNKNOWN]
    helper = ("import torch\n\n\ndef layout(x):\n    return x.stride(0) == 1\n\n\n"
              "def data(x):\n    return x.min() < 0\n\n\n"
              "def g(t: torch.Tensor):\n    t = t.cuda()\n    seen(layout(t)); seen(data(t))\n")
    first, second = probes(helper)
    assert first is HOST and second in DEVICE_TENSORS


def test_get_with_a_device_default_of_a_module_s_output() -> None:
    # A module's call reads as a tensor, which has no `get`: there it is the output
    # mapping, and a device tensor default says what its values are (as for an unknown
    # mapping); without a default, or with a host one, nothing is known.
    source = ("import torch\n\n\ndef f(model: torch.nn.Module, x):\n"
              "    out = model(x)\n"
              "    seen(out.get('aux', torch.zeros((), device='cuda')))\n"
              "    seen(out.get('aux')); seen(out.get('aux', 0.0))\n")
    first, second, third = probes(source)
    assert first in DEVICE_TENSORS and second is UNKNOWN and third is UNKNOWN


def test_a_dict_display_after_a_double_star_entry() -> None:
    source = ("import torch\n\n\ndef f(base):\n    seen({**base, 'k': torch.ones(1).cuda()})\n"
              "    seen({**base, 'k': 1})\n")
    assert probes(source) == [Mapping(HOST, TENSOR), Mapping(HOST, HOST)]


def test_a_tensordict_indexed_by_a_tensor_is_a_tensordict() -> None:
    source = ("import torch\nfrom tensordict import TensorDict\n\n\n"
              "def f(td: TensorDict, idx: torch.Tensor):\n    seen(td[idx])\n    seen(td['obs'])\n")
    first, second = probes(source)
    assert first == Instance("tensordict.TensorDict")
    assert second != first  # a field: a tensor, not the TensorDict


def test_an_in_place_and_in_one_branch_proves_the_name_a_tensor() -> None:
    """`keep &= mask` of an unknown `keep` under an `if`: `keep` was a tensor before, so
    after the `if` it is one on both paths; a plain rebinding proves nothing of the old."""
    head = "import torch\n\n\ndef f(keep, flag, t: torch.Tensor):\n    if flag:\n"
    assert probes(head + "        keep &= t > 0\n    seen(keep)\n") == [TENSOR]
    assert probes(head + "        keep = t > 0\n    seen(keep)\n") == [UNKNOWN]


def test_an_augmented_assignment_of_a_global() -> None:
    source = ("import torch\n\n\ndef f(t: torch.Tensor):\n    global total\n"
              "    total += t\n    seen(total)\n")
    assert probes(source) == [TENSOR]


def test_keyword_only_parameters_take_their_annotations() -> None:
    source = "import torch\n\n\ndef f(*, t: torch.Tensor, u):\n    seen(t)\n    seen(u)\n"
    assert probes(source) == [TENSOR, UNKNOWN]


def test_named_children_of_a_module() -> None:
    source = ("import torch\n\n\ndef f():\n    m = torch.nn.Linear(2, 2)\n"
              "    seen(m.named_children())\n    seen(m.named_modules())\n    seen(m.named_foo())\n")
    assert probes(source) == [Seq(Tup((HOST, MODULE))), Seq(Tup((HOST, MODULE))), UNKNOWN]


def test_a_library_method_of_self_by_the_class_base() -> None:
    source = ("import transformers\n\n\nclass T(transformers.Trainer):\n"
              "    def f(self, model, inputs):\n        seen(self.training_step(model, inputs))\n\n\n"
              "class U:\n    def f(self, model, inputs):\n"
              "        seen(self.training_step(model, inputs))\n")
    assert probes(source) == [TENSOR, UNKNOWN]


def test_a_reduction_with_a_dtype_keyword() -> None:
    source = ("import torch\n\n\ndef f(t: torch.Tensor):\n    seen(t.sum(dtype=torch.float32))\n"
              "    seen(t.sum(dtype=torch.float64))\n    seen(t.sum())\n")
    assert probes(source) == [TENSOR, F64_TENSOR, TENSOR]


def test_a_field_of_an_annotated_model_output() -> None:
    source = ("import transformers\nfrom transformers.modeling_outputs import CausalLMOutput\n\n\n"
              "def f(out: CausalLMOutput):\n    seen(out.logits)\n    seen(out.other_thing)\n")
    assert probes(source) == [TENSOR, UNKNOWN]


def test_an_optional_project_class_annotation_is_an_instance() -> None:
    source = ("import typing\nfrom typing import Optional\n\n\nclass Scheduler:\n    pass\n\n\n"
              "def f(s: typing.Optional[Scheduler], r: Optional[Scheduler], q: 'Scheduler | None',"
              " o: typing.List[Scheduler]):\n    seen(s)\n    seen(r)\n    seen(q)\n    seen(o)\n")
    scheduler = Instance("m:Scheduler")
    found = probes(source)
    assert found[:3] == [scheduler, scheduler, scheduler]
    assert found[3] != scheduler


def test_union_annotations() -> None:
    source = ("import torch\nfrom typing import Tuple, Union\n\n\n"
              "def f(x: Union[torch.Tensor, Tuple[torch.Tensor, torch.Tensor]],"
              " y: torch.Tensor | None, z: None | torch.Tensor, w: int | str):\n"
              "    seen(x)\n    seen(y)\n    seen(z)\n    seen(w)\n")
    found = probes(source)
    # Either a tensor or a pair of them: its elements are tensors, itself no sure tensor.
    assert found[:3] == [Seq(TENSOR), TENSOR, TENSOR]
    assert found[3] not in (TENSOR, Seq(TENSOR))


def test_a_name_assigned_in_a_finally_block_of_a_loop_is_known_at_the_top() -> None:
    source = ("import torch\n\n\ndef f(t: torch.Tensor):\n    for i in range(3):\n"
              "        seen(x)\n        try:\n            pass\n        finally:\n"
              "            x = t.sum()\n")
    assert probes(source) == [TENSOR]


def test_a_long_dict_display_with_a_double_star_entry_is_evaluated() -> None:
    entries = ", ".join(f"'k{i}': {i}" for i in range(40))
    source = "def f(other):\n    seen({**other, " + entries + "})\n    seen({" + entries + "})\n"
    assert probes(source) == [Mapping(HOST, HOST), Mapping(HOST, HOST)]


def test_filter_keeps_the_elements_map_does_not_know_them() -> None:
    source = ("import torch\n\n\ndef f(ts: list[torch.Tensor]):\n    seen(filter(None, ts))\n"
              "    seen(map(str, ts))\n")
    assert probes(source) == [Seq(TENSOR), UNKNOWN]


def test_a_helper_computed_from_its_argument_returns_where_the_argument_is() -> None:
    files = {"m.py": "import torch\nfrom helpers import norm\n\n\ndef f():\n"
                     "    x = torch.ones(2).cuda()\n    seen(norm(x))\n    seen(norm(torch.ones(2)))\n",
             "helpers.py": "def norm(s):\n    return s / s.abs().max()\n"}
    assert probes(files) == [TENSOR, HOST_TENSOR]


def test_a_union_with_the_bar_of_a_tensor_and_a_pair_of_them() -> None:
    source = ("import torch\nfrom typing import Tuple\n\n\n"
              "def f(x: torch.Tensor | Tuple[torch.Tensor, torch.Tensor], y: int | str):\n"
              "    seen(x)\n    seen(y)\n")
    x, y = probes(source)
    assert x == Seq(TENSOR) and y != Seq(TENSOR)


def test_a_name_bound_in_the_else_branch_only() -> None:
    source = ("import torch\n\n\ndef f(t: torch.Tensor, flag):\n    if flag:\n        pass\n"
              "    else:\n        y = t.cuda()\n    seen(y)\n")
    assert probes(source) == [TENSOR]


def test_more_module_methods_that_return_the_module() -> None:
    source = ("import torch\n\n\ndef f():\n    m = torch.nn.Linear(2, 2)\n"
              "    seen(m.float())\n    seen(m.half())\n    seen(m.eval())\n")
    assert probes(source) == [MODULE, MODULE, MODULE]


def test_return_tensors_np_is_a_mapping_of_arrays() -> None:
    source = "def f(tok, text):\n    seen(tok(text, return_tensors='np'))\n" \
             "    seen(tok(text, return_tensors='tf'))\n"
    found = probes(source)
    assert found[0] == Mapping(HOST, NUMPY) and found[1] != found[0]


def test_boolean_operators_join_their_operands() -> None:
    source = ("import torch\n\n\ndef f():\n    x = torch.ones(1).cuda()\n"
              "    seen(x or x)\n    seen(x and 1)\n")
    # Either operand may be the value: both tensors, a tensor; a tensor or a number, unknown.
    assert probes(source) == [TENSOR, UNKNOWN]


def test_torch_without_an_import_is_still_torch() -> None:
    """Notebook cells and snippets use `torch` imported elsewhere."""
    assert probes("def f():\n    seen(torch.zeros(2))\n    seen(other.zeros(2))\n") == \
        [HOST_TENSOR, UNKNOWN]


def test_an_optimizers_state_dict_is_not_a_modules() -> None:
    source = ("import torch\n\n\ndef f(opt):\n    seen(opt.state_dict())\n"
              "    seen(opt.parameters())\n    m = torch.nn.Linear(2, 2)\n    seen(m.state_dict())\n")
    assert probes(source) == [Mapping(HOST, UNKNOWN), Seq(TENSOR), Mapping(HOST, TENSOR)]


def test_torchmetrics_states_given_by_position_or_keyword() -> None:
    source = ("import torch\nfrom torchmetrics import Metric\n\n\nclass Hits(Metric):\n"
              "    def __init__(self):\n        super().__init__()\n"
              "        self.add_state('hits', torch.tensor(0.0))\n"
              "        self.add_state('total', default=torch.tensor(0.0))\n\n"
              "    def update(self, x):\n        seen(self.hits)\n        seen(self.total)\n"
              "        seen(self.other)\n")
    assert probes(source) == [TENSOR, TENSOR, UNKNOWN]


def test_rebinding_a_name_to_a_factory_of_it_proves_nothing_of_the_old_value() -> None:
    source = ("import torch\n\n\ndef f(keep, flag):\n    if flag:\n"
              "        keep = torch.ones(keep, device='cuda')\n    seen(keep)\n")
    assert probes(source) == [UNKNOWN]



def test_a_sequence_repeated_by_a_tensor_count_is_the_sequence() -> None:
    # `[w] * t` and `t * (a, b)` repeat the sequence (`Tensor.__index__`); a list of
    # tensors repeated by an int, and a tensor times an int, are the look-alikes.
    source = ("import torch\n\n\ndef f(t: torch.Tensor, n: int):\n"
              "    seen([n] * t)\n    seen(t * (n, n))\n    seen([t] * 2)\n    seen(t * 2)\n")
    assert probes(source) == [Seq(HOST), Seq(HOST), Seq(TENSOR), TENSOR]


def test_a_parameter_of_a_device_tensor_is_that_tensor_and_no_module() -> None:
    # Of a CPU tensor, the device is the module's once it moves: not known here.
    source = ("import torch\nfrom torch import nn\n\n\ndef f(t: torch.Tensor, w):\n"
              "    seen(nn.Parameter(t))\n    seen(nn.Parameter(torch.zeros(3)))\n"
              "    seen(torch.nn.Parameter(w))\n    seen(nn.Linear(3, 3))\n")
    assert probes(source) == [TENSOR, UNKNOWN, UNKNOWN, MODULE]


def test_a_name_bound_by_with_as_forgets_its_old_tensor() -> None:
    source = ("import torch\n\n\ndef f(t: torch.Tensor, ctx):\n    x = t.cuda()\n"
              "    seen(x)\n    with ctx as x:\n        seen(x)\n")
    assert probes(source) == [TENSOR, UNKNOWN]


def test_a_function_without_a_return_gives_its_callers_nothing_known() -> None:
    source = ("import torch\n\n\ndef g():\n    pass\n\n\ndef h():\n    return torch.ones(1).cuda()\n"
              "\n\ndef f():\n    seen(g())\n    seen(h())\n")
    assert probes(source) == [UNKNOWN, TENSOR]


def test_a_union_inside_optional_or_a_tuple_is_the_union() -> None:
    # `Union[Tensor, Tuple[Tensor, Tensor]]`: either way its items are tensors, wherever
    # it is written; a union with a number is no sequence of tensors.
    union = "Union[torch.Tensor, Tuple[torch.Tensor, torch.Tensor]]"
    source = ("import torch\nfrom typing import Optional, Tuple, Union\n\n\n"
              f"def f(a: Optional[{union}], b: {union}, c: Tuple[{union}, int],\n"
              "      d: Optional[Union[torch.Tensor, int]]):\n"
              "    seen(a)\n    seen(b)\n    seen(c)\n    seen(d)\n")
    a, b, c, d = probes(source)
    assert a == b == Seq(TENSOR)
    assert isinstance(c, Tup) and c.items[0] == Seq(TENSOR)
    assert d != Seq(TENSOR)


def test_optional_is_known_by_its_last_name_through_a_dotted_module() -> None:
    # A project that re-exports typing names from a compat module of a package.
    source = {"pkg/__init__.py": "", "pkg/compat.py": "from typing import Optional\n",
              "m.py": "import pkg.compat\n\n\nclass Scheduler:\n    pass\n\n\n"
                      "def f(s: pkg.compat.Optional[Scheduler],\n"
                      "      u: pkg.compat.List[Scheduler]):\n"
                      "    seen(s)\n    seen(u)\n"}
    s, u = probes(source, "m.py")
    assert s == Instance("m:Scheduler")
    assert u != Instance("m:Scheduler")  # a list of them is no instance


def test_only_the_operands_before_the_last_of_and_or_are_tested() -> None:
    # `ok and t.any()` gives the tensor as the value; `t.any() and ok` tests it as a bool,
    # in a loop and in a helper called from one.
    header = "import torch\n\n\ndef f(ts: list[torch.Tensor], ok: bool):\n    for t in ts:\n"
    assert syncs(header + "        flag = ok and (t > 0).any()\n") == []
    assert syncs(header + "        flag = (t > 0).any() and ok\n") == ["SYN102:6"]
    helper = ("import torch\n\n\ndef check(ok: bool, t: torch.Tensor):\n"
              "    return ok and (t > 0).any()\n\n\n"
              "def f(ts: list[torch.Tensor]):\n    for t in ts:\n        check(True, t)\n")
    assert syncs(helper) == []
    tested = helper.replace("ok and (t > 0).any()", "(t > 0).any() and ok")
    assert syncs(tested) == ["SYN102:10", "SYN102:5"]


def test_a_tensor_op_on_a_name_in_a_list_display_proves_the_old_value_a_tensor() -> None:
    # `x = torch.cat([x, t])` in one branch: `x` was a tensor on the other path too.
    source = ("import torch\n\n\ndef f(x, t: torch.Tensor, flag: bool):\n    if flag:\n"
              "        x = torch.cat([x, t.cuda()])\n    seen(x)\n")
    assert probes(source) == [TENSOR]
    # A constructor of data proves nothing: `x` may have been a list.
    data = ("import torch\n\n\ndef f(x, flag: bool):\n    if flag:\n"
            "        x = torch.tensor([x], device='cuda')\n    seen(x)\n")
    assert probes(data) == [UNKNOWN]


def test_torch_setters_and_save_give_no_tensor_of_their_tensor_argument() -> None:
    # `torch.set_rng_state(t)` and `torch.save(t, path)` return None; an op of the same
    # tensor is a tensor.
    source = ("import torch\n\n\ndef f(t: torch.Tensor, path: str):\n"
              "    seen(torch.set_rng_state(t))\n    seen(torch.save(t.cuda(), path))\n"
              "    seen(torch.abs(t))\n")
    setter, save, op = probes(source)
    assert setter == HOST
    assert save not in DEVICE_TENSORS
    assert op == TENSOR


def test_a_copy_of_a_device_tensor_keeps_its_dtype_unless_given_another() -> None:
    source = ("import torch\n\n\ndef f(t: torch.Tensor):\n"
              "    seen(torch.as_tensor(t.double()))\n"
              "    seen(torch.as_tensor(t.double(), dtype=torch.float32))\n"
              "    seen(torch.tensor(t > 0))\n    seen(torch.tensor(t > 0, dtype=torch.float32))\n")
    assert probes(source) == [F64_TENSOR, TENSOR, BOOL_TENSOR, TENSOR]


def test_annotations_through_dotted_modules() -> None:
    # A container named through a package of two parts is known by its last name;
    # a Callable so named is no container. torch's Parameter by its full path is a tensor.
    source = ("import collections.abc\nimport torch\n\n\n"
              "def f(xs: collections.abc.Sequence[torch.Tensor],\n"
              "      g: collections.abc.Callable[..., torch.Tensor],\n"
              "      p: torch.nn.parameter.Parameter):\n"
              "    seen(xs)\n    seen(g)\n    seen(p)\n")
    assert probes(source) == [Seq(TENSOR), UNKNOWN, TENSOR]


def test_an_operator_on_the_name_itself_proves_the_old_value_a_tensor() -> None:
    # `x = x * t` in one branch: `x` was a tensor on the other path too; `x = y * t` or
    # `x = 2 * t` says nothing of the old `x`.
    def kind(value: str) -> Kind:
        return probe("import torch\n\n\ndef f(x, y, t: torch.Tensor, flag: bool):\n"
                     f"    if flag:\n        x = {value}\n    seen(x)\n")
    assert kind("x * t.cuda()") == TENSOR
    assert kind("t.cuda() - x") == TENSOR
    assert kind("y * t.cuda()") == UNKNOWN
    assert kind("2 * t.cuda()") == UNKNOWN


def test_splits_and_broadcasts_of_float64_tensors_stay_float64() -> None:
    # Their squares cannot overflow (SYN301); a float32 tensor's split is a float32 one.
    source = ("import torch\n\n\ndef f(a: torch.Tensor, b: torch.Tensor):\n"
              "    seen(torch.broadcast_tensors(a.double(), b.double()))\n"
              "    seen(torch.split(a.double(), 2))\n    seen(torch.split(a, 2))\n")
    assert probes(source) == [Seq(F64_TENSOR), Seq(F64_TENSOR), Seq(TENSOR)]


def test_a_value_or_none_has_the_values_kind() -> None:
    """`~valid if valid is not None else None` is the mask or None, as `Optional[Tensor]`
    reads: after `is not None` it is the mask. A CPU tensor or None stays on the host, and
    a value or anything else than None is only maybe a tensor."""
    source = ("import torch\n\n\ndef f(valid: torch.Tensor | None, n: int):\n"
              "    seen(~valid if valid is not None else None)\n"
              "    seen(None if valid is None else valid.float())\n"
              "    seen(torch.zeros(n) if n else None)\n"
              "    seen(valid if n else 0)\n"
              "    seen(n + 1 if n else None)\n"
              "    pad = ~valid if valid is not None else None\n"
              "    if pad is not None and pad.any():\n"
              "        return pad\n"
              "    cpu = torch.zeros(n, dtype=torch.bool) if n else None\n"
              "    if cpu is not None and cpu.any():\n"
              "        return cpu\n")
    assert probes(source) == [TENSOR, TENSOR, HOST_TENSOR, UNKNOWN, HOST]
    assert syncs(source) == ["SYN102:11"]
