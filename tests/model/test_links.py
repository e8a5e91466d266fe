"""How the model links names across the project: relative imports, packages brought in
from disk, class methods reached through a class name, compiled callables, the class facts
a file's view carries, the reads the schedule foresees, and module-wide flags. Each with a
look-alike that must not link."""

from __future__ import annotations

from pathlib import Path

import pytest

from synclint.analysis.index_cache import build_project_for_paths
from synclint.analysis.kinds import (
    HOST,
    HOST_TENSOR,
    MODULE,
    NUMPY,
    TENSOR,
    UNKNOWN,
    Mapping,
    Seq,
    Tup,
)
from synclint.model.facts import file_facts
from synclint.model.project import Project, build_project
from synclint.model.schedule import dependency_graph
from synclint.model.summaries import TENSOR_VALUES
from tests.model.probe import findings, probes


def project_of(files: dict[str, str]) -> Project:
    """Files by path (`pkg/sub/train.py`), each module named by its path."""
    modules = {path: path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
               for path in files}
    return build_project(files, modules)


def test_a_relative_import_two_levels_up() -> None:
    project = project_of({
        "pkg/__init__.py": "",
        "pkg/helpers.py": "def to_number(t):\n    return t.item()\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/helpers.py": "def to_number(t):\n    return t\n",
        "pkg/sub/train.py": "from ..helpers import to_number\n\n\ndef f(t):\n"
                            "    return to_number(t)\n",
    })
    view = project.view("pkg/sub/train.py")
    assert view is not None
    assert view.resolve_key("to_number", ()) == "pkg.helpers:to_number"


def test_relative_imports_from_a_package_three_levels_deep() -> None:
    project = project_of({
        "pkg/__init__.py": "", "pkg/a/__init__.py": "", "pkg/a/b/__init__.py": "",
        "pkg/helpers.py": "def h(t):\n    return t\n",
        "pkg/a/helpers.py": "def h(t):\n    return t\n",
        "pkg/a/b/train.py": "from ..helpers import h\nfrom ... import helpers\n",
    })
    view = project.view("pkg/a/b/train.py")
    assert view is not None
    assert view.resolve_key("h", ()) == "pkg.a.helpers:h"
    assert view.resolve_key("helpers.h", ()) == "pkg.helpers:h"


def test_a_package_imported_by_a_checked_file_is_read_from_its_init(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("def to_float(t):\n    return t.item()\n")
    (tmp_path / "other").mkdir()  # a directory without __init__.py is no package
    (tmp_path / "other" / "tools.py").write_text("def unused():\n    pass\n")
    train = tmp_path / "train.py"
    train.write_text("import pkg\nimport other\n\n\ndef f(t):\n    return pkg.to_float(t)\n")
    project = build_project_for_paths([str(train)])
    assert sorted(project.modules) == ["pkg", "train"]
    view = project.view(str(train))
    assert view is not None and view.resolve("pkg.to_float", ()) is not None


def test_a_static_method_through_its_class_name() -> None:
    project = project_of({
        "helpers.py": "class Tools:\n    @staticmethod\n    def read(t):\n        return t.item()\n",
        "m.py": "from helpers import Tools\n\n\ndef f(t):\n    return Tools.read(t)\n",
    })
    view = project.view("m.py")
    assert view is not None
    assert view.resolve_key("Tools.read", ()) == "helpers:Tools.read"
    summary = view.resolve("Tools.read", ())
    assert summary is not None and summary.display == "Tools.read"
    # A method the class does not have; an attribute of a method: nothing.
    assert view.resolve_key("Tools.missing", ()) is None
    assert view.resolve_key("Tools.read.x", ()) is None


def test_a_function_of_another_module_compiled_inside_a_function() -> None:
    project = project_of({
        "m.py": "import torch\nimport helpers\n\n\ndef main(x):\n"
                "    fn = torch.compile(helpers.step)\n    helpers.other(x)\n    return fn(x)\n",
        "helpers.py": "def step(x):\n    return x * 2\n\n\ndef other(x):\n    return x\n",
    })
    hot = {key: s.hot.reason for key, s in project.summaries.items() if s.hot is not None}
    assert hot == {"helpers:step": "`step` is compiled"}
    hot_step = project.summaries["helpers:step"].hot
    assert hot_step is not None
    site = hot_step.site
    assert (site.filename, site.line, site.message) == ("m.py", 6, "compiled here")


def test_a_file_that_compiles_code_may_hold_graph_breaks() -> None:
    compiled = project_of({"m.py": "import torch\n\n\ndef step(x):\n    return x\n\n\n"
                                   "fast = torch.compile(step)\n"}).view("m.py")
    plain = project_of({"m.py": "import torch\n\n\ndef step(x):\n    return x\n"}).view("m.py")
    assert compiled is not None and plain is not None
    assert "SYN401" in compiled.needs() and "SYN401" not in plain.needs()


LIGHTNING = '''from lightning.pytorch import Callback
import lightning as L
from mylib import Callback as Other


class A(Callback):
    def on_x(self):
        pass


class B(L.Callback):
    def on_x(self):
        pass


class C(Other):
    def on_x(self):
        pass


class D(L.LightningModule):
    def on_x(self):
        pass


def free():
    pass
'''


def test_lightning_classes_in_a_files_view() -> None:
    view = project_of({"m.py": LIGHTNING}).view("m.py")
    assert view is not None and view.filename == "m.py"
    found = {name: view.lightning_class((name, "on_x")) for name in "ABCD"}
    # Another library's `Callback` is no Lightning class; nor is a module-level function.
    assert found == {"A": True, "B": True, "C": False, "D": True}
    assert view.lightning_class(("free",)) is False


def test_a_views_classes_carry_their_library_bases_over_the_mro() -> None:
    source = ("import torch\n\n\nclass Net(torch.nn.Module):\n    def forward(self, x):\n"
              "        return x\n\n\nclass Sub(Net):\n    pass\n\n\nclass Plain:\n    pass\n")
    view = project_of({"m.py": source}).view("m.py")
    assert view is not None
    assert view.classes["m:Net"].externals == ("torch.nn.Module",)
    assert view.library_bases(("Sub",)) == ("torch.nn.Module",)
    assert view.library_bases(("Plain",)) == ()


SCHEDULED = '''import torch


class Report:
    def __init__(self, xs):
        self.xs = xs

    def forward(self):
        return torch.ones(1).cuda()


class Maker:
    @classmethod
    def build(cls):
        return cls.make()

    @classmethod
    def make(cls):
        return torch.ones(1).cuda()

    def again(self):
        return self.make()

    def closure(self, t: torch.Tensor):
        x = t.cuda()

        def inner():
            return x.item()
        return inner()


def run(xs):
    return Report(xs).forward()
'''


def test_the_schedule_foresees_calls_through_cls_self_and_a_new_instance() -> None:
    project = project_of({"m.py": SCHEDULED})
    assert "m:Report.forward" in project.functions["m:run"].calls
    assert project.functions["m:Maker.build"].calls == ("m:Maker.make",)
    assert project.functions["m:Maker.again"].calls == ("m:Maker.make",)
    # A closure in a method is solved after the method whose names it sees.
    assert "m:Maker.closure" in dependency_graph(project)["m:Maker.closure.inner"]
    assert project.unforeseen == 0
    assert project.summaries["m:Maker.build"].returns is TENSOR


def test_set_default_device_makes_factories_device_tensors() -> None:
    body = "\n\ndef f():\n    seen(torch.zeros(2))\n"
    assert probes("import torch\ntorch.set_default_device('cuda')\n" + body) == [TENSOR]
    assert probes("import torch\n" + body) == [HOST_TENSOR]


def test_a_cpu_device_default_holds_only_where_no_call_passes_one() -> None:
    make = ("import torch\n\n\ndef make(n, device='cpu'):\n"
            "    return seen(torch.zeros(n, device=device))\n\n\n")
    assert probes(make + "def main():\n    make(3)\n") == [HOST_TENSOR]
    assert probes(make + "def main(dev):\n    make(3)\n    make(3, device=dev)\n") == [TENSOR]


@pytest.mark.parametrize("constructor", ["as_tensor", "asarray", "tensor"])
def test_rebinding_a_name_to_a_tensor_built_from_it_proves_nothing_of_the_old_value(
        constructor: str) -> None:
    head = "import torch\n\n\ndef f(keep, flag, t: torch.Tensor):\n    if flag:\n"
    # `torch.as_tensor(keep)` takes data: `keep` may have been a list.
    assert probes(head + f"        keep = torch.{constructor}(keep, device='cuda')\n"
                         "    seen(keep)\n") == [UNKNOWN]
    # `torch.maximum(keep, t)` is a tensor op on it: it was a tensor.
    assert probes(head + "        keep = torch.maximum(keep, t)\n    seen(keep)\n") == [TENSOR]


def test_summaries_bound_how_deep_a_returned_kind_nests() -> None:
    source = ("import torch\n\n\ndef deep():\n    return [[[[torch.ones(1).cuda()]]]]\n\n\n"
              "def tuples():\n    t = torch.ones(1).cuda()\n    return ((((t,),),),)\n\n\n"
              "def shallow():\n    return [[torch.ones(1).cuda()]]\n")
    summaries = project_of({"m.py": source}).summaries
    assert summaries["m:deep"].returns == Seq(Seq(Seq(UNKNOWN)))
    assert summaries["m:tuples"].returns == Tup((Tup((Tup((UNKNOWN,)),)),))
    assert summaries["m:shallow"].returns == Seq(Seq(TENSOR))


NET = """import torch


class Block:
    def run(self, x):
        return x.item()


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.scale = torch.ones(1).cuda()

    def forward(self, x):
        return self.block.run(x)


def free():
    pass
"""


def test_a_call_through_an_attribute_of_a_known_class_is_foreseen() -> None:
    project = project_of({"m.py": NET})
    assert project.functions["m:Net.forward"].calls == ("m:Block.run",)
    assert project.unforeseen == 0


def test_attribute_kinds_in_a_files_view() -> None:
    view = project_of({"m.py": NET}).view("m.py")
    assert view is not None
    assert view.attribute_kind("scale", ("Net", "forward")) is TENSOR
    assert view.attribute_kind("missing", ("Net", "forward")) is UNKNOWN
    assert view.attribute_kind("scale", ("free",)) is UNKNOWN  # no class around it


def test_host_parameters_in_a_files_view() -> None:
    project = project_of({
        "m.py": "import numpy as np\n\n\ndef _prep(x):\n    return x\n\n\n"
                "def helper(x):\n    return x\n\n\ndef main(t):\n    _prep(np.zeros(2))\n"
                "    helper(np.zeros(2))\n    helper(t)\n",
        "test_m.py": "import numpy as np\nfrom m import helper\n\n\n"
                     "def test_it():\n    helper(np.zeros(3))\n",
    })
    view = project.view("m.py")
    assert view is not None
    assert view.host_params(("_prep",)) == {"x": NUMPY}
    # One call passes an unknown value; the test's own call does not make it a host one.
    assert view.host_params(("helper",)) == {}
    assert view.host_params(("missing",)) == {}


def test_functions_defined_in_module_level_blocks_are_indexed() -> None:
    project = project_of({"m.py": "try:\n    import fast\nexcept ImportError:\n"
                                  "    def helper(t):\n        return t.item()\n"
                                  "if True:\n    def other(t):\n        return t\n"})
    assert sorted(project.functions) == ["m:helper", "m:other"]


def test_a_relative_import_in_a_packages_init() -> None:
    project = project_of({"pkg/__init__.py": "from .helpers import Tools\n",
                          "pkg/helpers.py": "class Tools:\n    pass\n"})
    view = project.view("pkg/__init__.py")
    assert view is not None and view.names["Tools"] == "pkg.helpers:Tools"


def test_a_dotted_string_annotation_is_linked() -> None:
    project = project_of({
        "m.py": "import pkg.helpers\n\n\ndef f(x: 'pkg.helpers.Tools'):\n    return x\n",
        "pkg/__init__.py": "", "pkg/helpers.py": "class Tools:\n    pass\n"})
    view = project.view("m.py")
    assert view is not None
    assert view.resolved.get("pkg.helpers.Tools") == "pkg.helpers:Tools"


def test_an_attribute_read_through_a_stored_annotated_parameter_is_foreseen() -> None:
    source = ("import torch\n\n\nclass Scheduler:\n    def __init__(self):\n"
              "        self.sigmas = torch.ones(3).cuda()\n\n\nclass Runner:\n"
              "    def __init__(self, sched: Scheduler):\n        self.sched = sched\n\n"
              "    def go(self):\n        return self.sched.sigmas\n")
    project = project_of({"m.py": source})
    assert "m:Scheduler" in project.functions["m:Runner.go"].reads
    assert project.unforeseen == 0
    assert project.summaries["m:Runner.go"].returns is TENSOR


COLD = '''import torch


def save_checkpoint(model):
    _to_host(model)


def export_model(model):
    _to_host(model)


def _to_host(model):
    return model


def train_step(x):
    return _step(x)


def _step(x):
    return x


def evaluate(x):
    _shared(x)


def _shared(x):
    return x


def load(x):
    _shared(x)
'''


def test_a_private_helper_only_cold_code_calls_is_cold() -> None:
    summaries = project_of({"m.py": COLD}).summaries
    cold = {key.partition(":")[2]: s.cold for key, s in summaries.items() if s.cold}
    assert sorted(cold) == ["_to_host", "export_model", "load", "save_checkpoint"]
    assert "is only called from cold code" in (cold["_to_host"] or "")
    # `_step` (called by a step) and `_shared` (by a cold and a plain function) are not.


def test_a_private_helper_only_cold_helpers_call_is_cold_whatever_the_order() -> None:
    # `_flatten` comes before its caller `_to_host`, which is cold only once its own
    # callers are known cold; `_step_part`, called from a step, is not.
    source = ("def _flatten(model):\n    return model\n\n\n"
              "def _step_part(x):\n    return x\n\n\n"
              "def _to_host(model):\n    return _flatten(model)\n\n\n"
              "def save_checkpoint(model):\n    _to_host(model)\n\n\n"
              "def train_step(x):\n    return _step_part(x)\n")
    summaries = project_of({"m.py": source}).summaries
    cold = sorted(key.partition(":")[2] for key, s in summaries.items() if s.cold)
    assert cold == ["_flatten", "_to_host", "save_checkpoint"]


PERIODIC_CALLS = '''
import torch


class Monitor:
    def _should_log(self):
        return self.step_count % self.log_freq == 0

    def _weights(self, model):
        return [p.max().item() for p in model.parameters()]

    def _grads(self, model):
        return [p.grad.max().item() for p in model.parameters()]

    def _norms(self, model):
        return [p.norm().item() for p in model.parameters()]

    def _sums(self, model):
        return [p.sum().item() for p in model.parameters()]

    def training_step(self, model, step):
        if self._should_log():
            self._weights(model)
        if step % 100 == 0 and self.verbose:
            self._grads(model)
        if self.log_norms:
            self._norms(model)
        if step % 100 == 0:
            self._sums(model)
        self._sums(model)
'''


def test_a_private_helper_called_only_under_periodic_guards_is_cold() -> None:
    """fresh10 L2 (nequip's `if self._should_log(): self._log_weight_stats(m)`): a helper
    every call of which sits under a periodic guard runs once every few steps. A setting
    (`if self.log_norms:`) is not periodic, and one unguarded call keeps `_sums` hot."""
    summaries = project_of({"m.py": PERIODIC_CALLS}).summaries
    cold = {key.rpartition(".")[2]: s.cold for key, s in summaries.items() if s.cold}
    assert sorted(cold) == ["_grads", "_weights"]
    assert cold["_weights"] == ("`_weights` is only called under periodic guards "
                                "(`Monitor.training_step`)")


TENSOR_REMAINDER = """\
import torch


class Monitor:
    def _sums(self, model):
        return [p.sum().item() for p in model.parameters()]

    def _norms(self, model):
        return [p.norm().item() for p in model.parameters()]

    def training_step(self, model, step):
        counter = torch.full((), step, device="cuda")
        if counter % 100 == 0:
            self._sums(model)
        if step % 100 == 0:
            self._norms(model)
"""


def test_a_remainder_of_a_tensor_is_a_tensor_test_not_a_periodic_guard() -> None:
    # `counter % 100 == 0` of a device tensor tests the tensor on every step: `_sums`,
    # called only under it, stays hot; `_norms`, under the host remainder, is cold.
    summaries = project_of({"m.py": TENSOR_REMAINDER}).summaries
    cold = sorted(key.rpartition(".")[2] for key, s in summaries.items() if s.cold)
    assert cold == ["_norms"]


def test_periodic_call_sites_survive_the_index_cache(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(PERIODIC_CALLS)
    paths = [str(tmp_path / "m.py")]
    cache = tmp_path / "cache"
    cold_run = build_project_for_paths(paths, cache_dir=cache)
    warm_run = build_project_for_paths(paths, cache_dir=cache)
    # The warm run recalled the recorded evaluations: it never parsed the module.
    assert all(f.definition is None for f in warm_run.functions.values())
    for project in (cold_run, warm_run):
        cold = sorted(k.rpartition(".")[2] for k, s in project.summaries.items() if s.cold)
        assert cold == ["_grads", "_weights"]


def test_a_function_only_init_reaches_is_cold_public_and_recursive_too() -> None:
    """fresh10 L4 (e3nn's `ReducedTensorProducts.__init__` calling `orthonormalize` and
    the recursive `_wigner_nj`): both run when the object is built. A public function
    only test code calls is the package's API (not cold), and one a step also calls is
    not cold either."""
    source = (
        "def orthonormalize(x):\n    return x\n\n\n"
        "def _paths(n):\n    return _paths(n - 1) if n else []\n\n\n"
        "def norm(x):\n    return x\n\n\n"
        "def mixed(x):\n    return x\n\n\n"
        "class Products:\n"
        "    def __init__(self, x):\n"
        "        self.basis = orthonormalize(x)\n"
        "        self.paths = _paths(3)\n"
        "        mixed(x)\n\n"
        "    def forward(self, x):\n"
        "        return mixed(x)\n")
    tests = "from m import norm\n\n\ndef test_norm():\n    norm(1)\n"
    summaries = project_of({"m.py": source, "test_m.py": tests}).summaries
    assert summaries["m:orthonormalize"].cold == (
        "`orthonormalize` is only called from cold code (`Products.__init__`)")
    assert summaries["m:_paths"].cold is not None
    assert summaries["m:norm"].cold is None
    assert summaries["m:mixed"].cold is None


def test_a_factory_called_in_init_is_not_cold_its_closure_runs_per_step() -> None:
    """pytorch-optimizer's LOMO: `self.grad_func = self.fuse_update()` in `__init__`
    returns `func`, which every backward runs: neither is cold by its caller."""
    source = (
        "import torch\n\n\n"
        "class LOMO:\n"
        "    def __init__(self, model):\n"
        "        self.model = model\n"
        "        self.grad_func = self.fuse_update()\n\n"
        "    def fuse_update(self):\n"
        "        def func(x):\n"
        "            for p in self.model.parameters():\n"
        "                if torch.isinf(p.grad).any():\n"
        "                    return x\n"
        "            return x\n"
        "        return func\n\n"
        "    def step(self, loss):\n"
        "        loss.backward()\n"
        "        self.grad_func(0)\n")
    summaries = project_of({"m.py": source}).summaries
    assert summaries["m:LOMO.fuse_update"].cold is None
    assert summaries["m:LOMO.fuse_update.func"].cold is None
    assert [d.location.row for d in findings(source)] == [12]


def test_a_pipeline_modules_functions_are_cold_by_name_at_module_level_only() -> None:
    source = ("def encode_prompt(p):\n    return p\n\n\ndef denoise(x):\n"
              "    def encode_prompt(q):\n        return q\n    return x\n")
    summaries = project_of({"pipeline_foo.py": source}).summaries
    assert summaries["pipeline_foo:encode_prompt"].cold == \
        "`encode_prompt` runs once per pipeline call, outside the denoising loop"
    assert summaries["pipeline_foo:denoise"].cold is None
    assert summaries["pipeline_foo:denoise.encode_prompt"].cold is None
    # The same function outside a pipeline module is plain code.
    assert project_of({"m.py": source}).summaries["m:encode_prompt"].cold is None


def test_none_in_a_union_return_annotation_changes_nothing_of_it() -> None:
    source = ("import torch\nfrom typing import Tuple, Union\n\n\n"
              "def f(x) -> Union[torch.Tensor, Tuple[torch.Tensor, torch.Tensor]]:\n"
              "    return x\n\n\n"
              "def g(x) -> Union[torch.Tensor, Tuple[torch.Tensor, torch.Tensor]] | None:\n"
              "    return x\n\n\n"
              "def h(x) -> None | Union[torch.Tensor, Tuple[torch.Tensor, torch.Tensor]]:\n"
              "    return x\n")
    summaries = project_of({"m.py": source}).summaries
    assert summaries["m:g"].returns == summaries["m:f"].returns
    assert summaries["m:h"].returns == summaries["m:f"].returns


def test_a_returned_mapping_bounds_its_key_too() -> None:
    source = "import torch\n\n\ndef d():\n    return {(((1,),),): torch.ones(1).cuda()}\n"
    assert project_of({"m.py": source}).summaries["m:d"].returns == \
        Mapping(Tup((Tup((UNKNOWN,)),)), TENSOR)


def test_the_index_and_a_files_view_agree_on_what_module_code_binds() -> None:
    """Module-level names bound to project calls (`SCALE = make()`) are read the same
    by the index (before any summary exists) and by a file's view (after): a rule never
    sees a kind the summaries of the same file did not assume."""
    files = {"m.py": "from helpers import make, Net\n\nSCALE = make()\nMODEL = Net()\n\n\n"
                     "def g():\n    return seen(SCALE)\n\n\ndef h():\n    return seen(MODEL)\n",
             "helpers.py": "import torch\n\n\ndef make():\n    return torch.ones(1).cuda()\n\n\n"
                           "class Net:\n    pass\n"}
    seen_in_view = probes(files)
    summaries = project_of(files).summaries
    assert seen_in_view == [summaries["m:g"].returns, summaries["m:h"].returns]


def test_a_method_compiled_through_two_attributes() -> None:
    source = ("import torch\n\n\nclass Helper:\n    def run(self, x):\n        return x\n\n"
              "    def other(self, x):\n        return x\n\n\nclass Holder:\n"
              "    def __init__(self):\n        self.helper = Helper()\n\n\nclass Runner:\n"
              "    def __init__(self):\n        self.holder = Holder()\n\n"
              "    def setup(self):\n        self.fast = torch.compile(self.holder.helper.run)\n")
    hot = {key: s.hot.reason for key, s in project_of({"m.py": source}).summaries.items()
           if s.hot is not None}
    assert hot == {"m:Helper.run": "`Helper.run` is compiled"}


def test_what_a_framework_passes_a_per_step_method() -> None:
    source = ("import transformers\n\n\nclass T(transformers.Trainer):\n"
              "    def compute_loss(self, model, inputs):\n        return model(**inputs).loss\n\n"
              "    def helper(self, model, inputs):\n        return model\n")
    view = project_of({"m.py": source}).view("m.py")
    assert view is not None
    assert view.param_kinds(("T", "compute_loss")) == {"model": MODULE,
                                                       "inputs": Mapping(HOST, TENSOR)}
    assert view.param_kinds(("T", "helper")) == {}
    assert view.param_kinds(("missing",)) == {}


def test_a_file_that_receives_tensors_from_project_functions() -> None:
    helpers = ("import torch\n\n\ndef pair():\n    return torch.ones(1).cuda(), 1\n\n\n"
               "def ints():\n    return 1, 2\n")
    def needs(call: str) -> frozenset[str]:
        view = project_of({"m.py": f"from helpers import pair, ints\n\n\ndef f():\n"
                                   f"    return {call}()\n", "helpers.py": helpers}).view("m.py")
        assert view is not None
        return view.needs()
    assert TENSOR_VALUES in needs("pair")
    assert TENSOR_VALUES not in needs("ints")


def test_a_host_parameter_needs_every_call_and_counts_tests_for_private_helpers() -> None:
    main = ("import numpy as np\n\n\ndef _prep(x):\n    return x\n\n\n"
            "def main():\n    _prep(np.zeros(2))\n    _prep(np.ones(2))\n")
    view = project_of({"m.py": main}).view("m.py")
    assert view is not None and view.host_params(("_prep",)) == {"x": NUMPY}
    # A test's call of a private helper counts: it passes an unknown value.
    tested = project_of({"m.py": main, "test_m.py": "from m import _prep\n\n\n"
                                                    "def test_it(t):\n    _prep(t)\n"})
    view = tested.view("m.py")
    assert view is not None and view.host_params(("_prep",)) == {}


def test_an_empty_module_has_facts() -> None:
    project = project_of({"m.py": "# nothing yet\n"})
    view = project.view("m.py")
    assert view is not None
    facts = file_facts("# nothing yet\n", "m.py", view)
    assert facts is not None and facts.kind((1, 0, 1, 1)) is None


def test_a_read_the_schedule_did_not_foresee_is_solved_again() -> None:
    """`tr = make(); tr.add(t)`: the method is reached through a value the text does not
    name, so the schedule solves `run` before `Tracker.add`; the read is caught and `run`
    solved again, and its summary still carries the callee's sync."""
    source = ("import torch\n\n\ndef run(t: torch.Tensor):\n    tr = make()\n"
              "    return tr.add(t)\n\n\ndef make() -> 'Tracker':\n    return Tracker()\n\n\n"
              "class Tracker:\n    def add(self, t: torch.Tensor):\n        return t.item()\n")
    project = project_of({"m.py": source})
    assert project.unforeseen == 1
    assert [(e.name, e.strength, e.effect.code)
            for e in project.summaries["m:run"].param_effects] == [("t", "tensor", "SYN101")]


def test_class_keys_of_dotted_names_in_a_files_view() -> None:
    project = project_of({"m.py": "import helpers\nfrom helpers import Tools\n",
                          "helpers.py": "class Tools:\n    class Inner:\n        pass\n\n\n"
                                        "def make():\n    pass\n"})
    view = project.view("m.py")
    assert view is not None
    assert view.class_key("helpers.Tools") == "helpers:Tools"
    assert view.class_key("Tools") == "helpers:Tools"
    # A function, an unknown name, a name inside a class, a module: no class.
    for dotted in ("helpers.make", "nothing.X", "Tools.Inner", "helpers"):
        assert view.class_key(dotted) is None, dotted


def test_imports_in_else_blocks_and_relative_imports_of_a_top_level_module() -> None:
    helpers = "def to_number(t):\n    return t.item()\n"
    guarded = project_of({"m.py": "import sys\nif sys.version_info >= (3, 8):\n    pass\n"
                                  "else:\n    from helpers import to_number\n",
                          "helpers.py": helpers}).view("m.py")
    relative = project_of({"m.py": "from .helpers import to_number\n",
                           "helpers.py": helpers}).view("m.py")
    assert guarded is not None and relative is not None
    assert guarded.resolve_key("to_number", ()) == "helpers:to_number"
    assert relative.resolve_key("to_number", ()) == "helpers:to_number"


def test_a_method_is_cold_by_its_own_name() -> None:
    summaries = project_of({"m.py": "class Saver:\n    def save_checkpoint(self, model):\n"
                                    "        return model\n\n    def step(self, x):\n"
                                    "        return x\n"}).summaries
    assert summaries["m:Saver.save_checkpoint"].cold is not None
    assert summaries["m:Saver.step"].cold is None


def test_a_nested_function_compiled_where_it_is_defined() -> None:
    source = ("import torch\n\n\ndef main(x):\n    def step(y):\n        return y\n\n"
              "    def other(y):\n        return y\n\n    fast = torch.compile(step)\n"
              "    return fast(other(x))\n")
    summaries = project_of({"m.py": source}).summaries
    hot = summaries["m:main.step"].hot
    assert hot is not None and (hot.reason, hot.site.line, hot.site.column) == (
        "`step` is compiled", 11, 1)
    assert summaries["m:main.other"].hot is None


def test_a_returned_mapping_bounds_its_value_too() -> None:
    source = "import torch\n\n\ndef d():\n    return {'k': [[[torch.ones(1).cuda()]]]}\n"
    assert project_of({"m.py": source}).summaries["m:d"].returns == \
        Mapping(HOST, Seq(Seq(UNKNOWN)))


def test_imports_of_torch_numpy_and_lightning_are_never_read_from_the_checked_tree(
        tmp_path: Path) -> None:
    # A file of the same name in the tree (a checkout of the framework, a local shim) is
    # not the installed package: it is not indexed.
    for name in ("torch", "numpy", "lightning", "helpers"):
        (tmp_path / f"{name}.py").write_text("def read(t):\n    return t.item()\n")
    train = tmp_path / "train.py"
    train.write_text("import torch\nimport numpy\nimport lightning\nimport helpers\n")
    project = build_project_for_paths([str(train)])
    assert sorted(project.modules) == ["helpers", "train"]


def test_a_dotted_path_through_a_package_and_its_imported_submodule(tmp_path: Path) -> None:
    # `import pkg` and `from pkg import sub`: `pkg.sub.read` is sub's function,
    # `pkg.sub.Box` its class; a name sub does not define reaches nothing.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "sub.py").write_text(
        "class Box:\n    pass\n\n\ndef read(t):\n    return t.item()\n")
    train = tmp_path / "train.py"
    train.write_text("import pkg\nfrom pkg import sub\n\n\ndef f(t):\n"
                     "    return pkg.sub.read(t)\n")
    view = build_project_for_paths([str(train)]).view(str(train))
    assert view is not None
    assert view.resolve_key("pkg.sub.read", ()) == "pkg.sub:read"
    assert view.class_key("pkg.sub.Box") == "pkg.sub:Box"
    assert view.resolve("pkg.sub.write", ()) is None


NARROWED = '''
import torch


class Meter:
    def add(self, t):
        return t.item()


def update(meter, t):
    if isinstance(meter, Meter):
        return meter.add(t)
    return None


def look_alike(meter, t):
    if isinstance(meter, (int, float)):
        return meter.add(t)
    return None
'''


def test_the_schedule_foresees_calls_through_an_isinstance_narrowed_name() -> None:
    """`isinstance(meter, Meter)` makes `meter.add` a call of `Meter.add`
    (`narrowing.py`): the schedule solves `Meter.add` first, nothing is solved again."""
    project = project_of({"m.py": NARROWED})
    assert project.functions["m:update"].sketch.narrowed == (("meter", "Meter"),)
    assert "m:Meter.add" in project.functions["m:update"].calls
    assert "m:Meter.add" not in project.functions["m:look_alike"].calls
    assert project.unforeseen == 0
    assert project.summaries["m:update"].param_effects


def test_a_views_links_resolve_on_demand_as_the_whole_module_would() -> None:
    # The view resolves each dotted name when the evaluation first asks (`views._Links`);
    # iterated, pickled or digested, it holds every chain of the module's code, as an
    # eager walk finds them, with the same answers.
    import pickle

    from synclint.model.index import module_chains

    files = {
        "m.py": ("import pkg.helpers as h\nfrom pkg.types import Vector\n"
                 "from pkg import helpers\n\n\n"
                 "def f(x: 'pkg.types.Vector', v: Vector):\n"
                 "    return h.to_float(x) + helpers.Tools().scale(v) + len(x)\n"),
        "pkg/__init__.py": "",
        "pkg/helpers.py": ("class Tools:\n    def scale(self, v):\n        return v\n\n\n"
                           "def to_float(x):\n    return float(x)\n"),
        "pkg/types.py": "import torch\n\nVector = torch.Tensor\n"}
    project = project_of(files)
    view = project.view("m.py")
    assert view is not None
    assert view.resolved.get("h.to_float") == "pkg.helpers:to_float"
    assert view.resolved.get("helpers.Tools") == "pkg.helpers:Tools"
    assert view.aliases.get("Vector") == "torch.Tensor"
    assert view.resolved.get("len") is None and view.resolved.get("nowhere.x") is None
    assert view.aliases.get("h.to_float") is None
    # What a fresh view of the same project holds, all names resolved at once.
    other = project_of(files)
    module = other.by_file["m.py"]
    eager_resolved = {d: k for d in module_chains(module)
                      if (k := other._name_key(module, d)) is not None}
    assert dict(view.resolved) == eager_resolved
    assert "h.to_float" in eager_resolved and "helpers.Tools.scale" not in eager_resolved
    assert dict(view.aliases) == {"Vector": "torch.Tensor"}
    copied = pickle.loads(pickle.dumps(view))
    assert type(copied.resolved) is dict and copied.resolved == eager_resolved
    assert copied.aliases == {"Vector": "torch.Tensor"} and copied.digest == view.digest
