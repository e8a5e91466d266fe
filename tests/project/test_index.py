"""The whole-program index: modules, imports, classes, summaries and per-step code."""

from __future__ import annotations

from pathlib import Path

import pytest

from synclint.analysis.kinds import BOOL_TENSOR, HOST, TENSOR, Mapping, Seq, Tup
from synclint.analysis.project import (
    Project,
    build_project,
    build_project_for_paths,
    package_root,
)


def project_of(**files: str) -> Project:
    """Files named like `pkg__helpers` become pkg/helpers.py, module pkg.helpers."""
    sources, modules = {}, {}
    for name, text in files.items():
        dotted = name.replace("__", ".")
        filename = dotted.replace(".", "/") + ".py"
        sources[filename] = text
        modules[filename] = dotted
    return build_project(sources, modules)


def test_package_root_walks_up_while_init_exists(tmp_path: Path) -> None:
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "sub" / "__init__.py").write_text("")
    module = tmp_path / "pkg" / "sub" / "train.py"
    module.write_text("")
    root, dotted = package_root(module)
    assert root == tmp_path.resolve()
    assert dotted == "pkg.sub.train"
    script = tmp_path / "run.py"
    script.write_text("")
    assert package_root(script) == (tmp_path.resolve(), "run")


@pytest.mark.parametrize("imported", ["from .utils.image import grids",
                                      "from pkg.sub.utils.image import grids",
                                      "from .utils import image"])
def test_a_namespace_folder_inside_a_package_is_imported_by_its_file(
        tmp_path: Path, imported: str) -> None:
    # `utils/` has no `__init__.py` (torchtitan's multimodal `utils/`): its module is named
    # from its own folder (`image`), and the package's imports of it still reach it.
    (tmp_path / "pkg" / "sub" / "utils").mkdir(parents=True)
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "sub" / "__init__.py").write_text("")
    helper = tmp_path / "pkg" / "sub" / "utils" / "image.py"
    helper.write_text("import torch\n\ndef grids(n):\n    return torch.zeros(n).cuda()\n")
    user = tmp_path / "pkg" / "sub" / "collate.py"
    call = "image.grids(n)" if imported.endswith("image") else "grids(n)"
    user.write_text(f"import torch\n{imported}\n\ndef f(n):\n    return {call}.item()\n")
    project = build_project_for_paths([str(helper), str(user)])
    summary = project.summaries["pkg.sub.collate:f"]
    assert [e.code for e in summary.syncs] == ["SYN101"]


@pytest.mark.parametrize("importer", [
    "from .helpers import to_float\ndef f(t):\n    return to_float(t)\n",
    "from pkg.helpers import to_float\ndef f(t):\n    return to_float(t)\n",
    "import pkg.helpers as h\ndef f(t):\n    return h.to_float(t)\n",
    "import pkg.helpers\ndef f(t):\n    return pkg.helpers.to_float(t)\n",
    "from pkg import helpers\ndef f(t):\n    return helpers.to_float(t)\n",
    "from . import helpers\ndef f(t):\n    return helpers.to_float(t)\n",
])
def test_imports_between_modules_resolve(importer: str) -> None:
    project = project_of(pkg____init__="", pkg__helpers="def to_float(t):\n    return t.item()\n",
                         pkg__train=importer)
    summary = project.summaries["pkg.train:f"]
    (effect,) = summary.param_effects
    assert effect.effect.code == "SYN101" and effect.index == 0
    assert [site.line for site in effect.effect.chain] == [3, 2]


def test_returned_kinds() -> None:
    project = project_of(m=(
        "import torch\n"
        "def loss(x):\n    return torch.nn.functional.mse_loss(x, x)\n"
        "def mask(x: torch.Tensor):\n    return x > 0\n"
        "def stats(x: torch.Tensor):\n    return {'mean': x.mean(), 'max': x.max()}\n"
        "def pair(x: torch.Tensor):\n    return x.sum(), x.mean()\n"
        "def norms(ps):\n    return [p.grad.norm() for p in ps]\n"
        "def lr(opt):\n    return opt.param_groups[0]['lr'] * 1.0 if False else 0.1\n"
        "def via(x: torch.Tensor):\n    return loss(x)\n"
        "def typed(x) -> tuple[torch.Tensor, torch.Tensor, int]:\n    return x\n"
        "def many(x) -> tuple[torch.Tensor, ...]:\n    return x\n"
    ))
    returns = {key.split(":")[1]: s.returns for key, s in project.summaries.items()}
    assert returns["loss"] is TENSOR
    assert returns["mask"] is BOOL_TENSOR
    assert returns["stats"] == Mapping(HOST, TENSOR)
    assert returns["pair"] == Tup((TENSOR, TENSOR))
    assert returns["norms"] == Seq(TENSOR)
    assert returns["via"] is TENSOR
    assert returns["typed"] == Tup((TENSOR, TENSOR, HOST))  # not "a sequence of tensors"
    assert returns["many"] == Seq(TENSOR)


def test_unconditional_and_argument_syncs() -> None:
    project = project_of(m=(
        "import torch\n"
        "def always(model):\n    return torch.stack([p.norm() for p in model.parameters()]).sum().item()\n"
        "def on_arg(x):\n    return float(x)\n"
        "def guarded(x: torch.Tensor, verbose):\n    if verbose:\n        print(x.item())\n"
        "def only_message(x: torch.Tensor, ok):\n    assert ok, x.item()\n"
        "def shape(x):\n    return torch.nonzero(x)\n"
        "def test(x):\n    if x > 0:\n        return 1\n    return 0\n"
    ))
    summaries = {key.split(":")[1]: s for key, s in project.summaries.items()}
    assert [e.code for e in summaries["always"].syncs] == ["SYN101"]
    assert summaries["on_arg"].syncs == ()
    assert [(p.index, p.strength) for p in summaries["on_arg"].param_effects] == [(0, "value")]
    # Under an `if` the sync is not unconditional; in an assert message it is cold.
    assert summaries["guarded"].syncs == () and summaries["guarded"].param_effects == ()
    assert summaries["only_message"].syncs == ()
    assert [p.effect.code for p in summaries["shape"].param_effects] == ["SYN104"]
    assert [p.effect.code for p in summaries["test"].param_effects] == ["SYN102"]


def test_recursion_reaches_a_fixed_point() -> None:
    project = project_of(m=(
        "def even(n):\n    return n == 0 or odd(n - 1)\n"
        "def odd(n):\n    return n != 0 and even(n - 1)\n"
        "def read(t):\n    return walk(t)\n"
        "def walk(t):\n    if isinstance(t, dict):\n        return [read(v) for v in t.values()]\n"
        "    return t.item()\n"
    ))
    assert project.summaries["m:read"].param_effects


def test_attributes_assigned_in_any_method_and_buffers() -> None:
    project = project_of(m=(
        "import torch\n"
        "class Meter:\n"
        "    def __init__(self):\n"
        "        self.total = torch.zeros((), device='cuda')\n"
        "        self.n = 0\n"
        "        self.cached = None\n"
        "        self.register_buffer('seen', torch.zeros(()))\n"
        "    def reset(self):\n"
        "        self.cached = torch.ones(3) + self.total\n"
        "class Trainer:\n"
        "    def __init__(self):\n"
        "        self.meter = Meter()\n"
        "    def value(self):\n"
        "        return self.meter.total\n"
    ))
    meter = project.classes["m:Meter"]
    assert meter.attributes["total"] is TENSOR
    assert meter.attributes["n"] is HOST
    assert meter.attributes["seen"] is TENSOR
    assert meter.attributes["cached"] is TENSOR  # None is not a kind
    assert project.classes["m:Trainer"].attribute_classes["meter"] == "m:Meter"


LIGHTNING = (
    "import lightning.pytorch as pl\n"
    "import torch\n"
    "from torch import nn\n"
    "class Base(pl.LightningModule):\n    pass\n"
    "class Model(Base):\n"
    "    def training_step(self, batch, i):\n        return batch\n"
    "    def on_train_batch_end(self, out, batch, i):\n        pass\n"
    "    def on_train_epoch_end(self):\n        pass\n"
    "    def forward(self, x):\n        return x\n"
    "    def setup(self, stage):\n        pass\n"
    "class Block(nn.Module):\n"
    "    def forward(self, x):\n        return x\n"
    "class Deeper(Block):\n"
    "    def forward(self, x):\n        return x\n"
    "class NotAModule:\n"
    "    def forward(self, x):\n        return x\n"
    "class Opt(torch.optim.Optimizer):\n"
    "    def step(self, closure=None):\n        pass\n"
    "def grad_hook(g):\n    return g\n"
    "def unused_hook(g):\n    return g\n"
    "class Watch:\n"
    "    def __init__(self, model):\n"
    "        for m in model.modules():\n"
    "            m.register_full_backward_hook(self._hook)\n"
    "    def _hook(self, m, gi, go):\n        pass\n"
    "def attach(p):\n"
    "    p.register_hook(grad_hook)\n"
)


@pytest.mark.parametrize(("function", "hot"), [
    ("Model.training_step", "`training_step` runs once per batch"),
    ("Model.on_train_batch_end", "`on_train_batch_end` runs once per batch"),
    ("Model.forward", "`forward` runs on every call of the module"),
    ("Block.forward", "`forward` runs on every call of the module"),
    ("Deeper.forward", "`forward` runs on every call of the module"),
    ("Opt.step", "`Optimizer.step` runs once per training step"),
    ("grad_hook", "`grad_hook` is a hook: runs on every backward"),
    ("Watch._hook", "`Watch._hook` is a hook: runs on every backward"),
    ("Model.on_train_epoch_end", None),
    ("Model.setup", None),
    ("NotAModule.forward", None),
    ("unused_hook", None),
    ("attach", None),
])
def test_per_step_entry_points(function: str, hot: str | None) -> None:
    project = project_of(m=LIGHTNING)
    found = project.summaries[f"m:{function}"].hot
    assert (found.reason if found is not None else None) == hot


def test_single_checked_file_brings_its_imports_along(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "helpers.py").write_text("def to_float(t):\n    return t.item()\n")
    (tmp_path / "pkg" / "unrelated.py").write_text("def other():\n    pass\n")
    train = tmp_path / "pkg" / "train.py"
    train.write_text("from .helpers import to_float\n")
    project = build_project_for_paths([str(train)])
    assert sorted(project.modules) == ["pkg.helpers", "pkg.train"]
    view = project.view(str(train))
    assert view is not None and view.resolve("to_float", ()) is not None


@pytest.mark.parametrize(("importer", "call"), [
    ("import pkg.helpers", "pkg.helpers.to_float"),
    ("import pkg.helpers as h", "h.to_float"),
    ("from pkg import helpers", "helpers.to_float"),
])
def test_single_checked_file_brings_its_dotted_imports_along(
        tmp_path: Path, importer: str, call: str) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "helpers.py").write_text("def to_float(t):\n    return t.item()\n")
    (tmp_path / "pkg" / "unrelated.py").write_text("def to_float(t):\n    return t\n")
    train = tmp_path / "train.py"
    train.write_text(f"{importer}\n")
    project = build_project_for_paths([str(train)])
    assert sorted(project.modules) == ["pkg", "pkg.helpers", "train"]
    view = project.view(str(train))
    assert view is not None and view.resolve_key(call, ()) == "pkg.helpers:to_float"


def test_a_dotted_import_resolves_in_the_view_to_its_own_module() -> None:
    # Both modules are indexed (a checked directory): each dotted name reaches its own
    # module's function, and a module nothing imports is not reached through `pkg`.
    project = project_of(pkg____init__="", pkg__helpers="def to_float(t):\n    return t.item()\n",
                         pkg__clean="def to_float(t):\n    return t\n",
                         pkg__other="def to_float(t):\n    return t\n",
                         train="import pkg.helpers\nimport pkg.clean\n")
    view = project.view("train.py")
    assert view is not None
    assert view.resolve_key("pkg.helpers.to_float", ()) == "pkg.helpers:to_float"
    assert view.resolve_key("pkg.clean.to_float", ()) == "pkg.clean:to_float"
    assert view.resolve_key("pkg.other.to_float", ()) is None


SYNCING = "def read(t):\n    return t.item()\n"
NOT_SYNCING = "def read(t):\n    return t\n"
FALLBACK_IMPORTS = {
    "from": ("try:\n    from pkg.fast import read\nexcept ImportError:\n"
             "    from pkg.helpers import read\n", "read"),
    "import as": ("try:\n    import pkg.fast as ops\nexcept ImportError:\n"
                  "    import pkg.helpers as ops\n", "ops.read"),
    "relative, tuple of errors": ("try:\n    from .fast import read\n"
                                  "except (ModuleNotFoundError, AttributeError):\n"
                                  "    from .helpers import read\n", "read"),
}


def _fallback_project(importer: str, call: str, fast: str | None) -> Project:
    files = {"pkg____init__": "", "pkg__helpers": SYNCING,
             "pkg__train": f"{importer}def f(t):\n    return {call}(t)\n"}
    if fast is not None:
        files["pkg__fast"] = fast
    return project_of(**files)


@pytest.mark.parametrize("form", FALLBACK_IMPORTS)
def test_an_import_error_fallback_is_the_project_s_when_the_tried_module_is_not(
        form: str) -> None:
    project = _fallback_project(*FALLBACK_IMPORTS[form], fast=None)
    (effect,) = project.summaries["pkg.train:f"].param_effects
    assert effect.effect.chain[-1].filename == "pkg/helpers.py"


@pytest.mark.parametrize("form", FALLBACK_IMPORTS)
def test_the_tried_import_wins_when_both_modules_are_the_project_s(form: str) -> None:
    # `fast` imports when the code runs: its `read`, which does not sync, is the one.
    project = _fallback_project(*FALLBACK_IMPORTS[form], fast=NOT_SYNCING)
    assert project.summaries["pkg.train:f"].param_effects == ()
    call = FALLBACK_IMPORTS[form][1]
    assert project.by_file["pkg/train.py"].names[call.partition(".")[0]].startswith("pkg.fast")


def test_a_handler_that_does_not_catch_import_errors_is_no_fallback() -> None:
    importer = ("try:\n    from pkg.fast import read\nexcept AttributeError:\n"
                "    from pkg.helpers import read\n")
    project = _fallback_project(importer, "read", fast=None)
    assert project.summaries["pkg.train:f"].param_effects == ()


def test_a_single_checked_file_brings_its_import_fallback_along(tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text(SYNCING)
    train = tmp_path / "train.py"
    train.write_text("try:\n    import fast as ops\nexcept ImportError:\n"
                     "    import helpers as ops\n")
    project = build_project_for_paths([str(train)])
    assert sorted(project.modules) == ["helpers", "train"]
    view = project.view(str(train))
    assert view is not None and view.resolve_key("ops.read", ()) == "helpers:read"


def test_view_digest_changes_with_a_callee_summary() -> None:
    caller = "from pkg.helpers import f\ndef g(t):\n    return f(t)\n"
    before = project_of(pkg__helpers="def f(t):\n    return t\n", pkg__train=caller)
    after = project_of(pkg__helpers="def f(t):\n    return t.item()\n", pkg__train=caller)
    same = project_of(pkg__helpers="def f(t):\n    # a comment\n    return t\n",
                      pkg__train=caller)
    digest = {name: p.view("pkg/train.py").digest for name, p in
              (("before", before), ("after", after), ("same", same))}
    assert digest["before"] != digest["after"]
    assert digest["before"] == digest["same"]


def test_view_digest_is_made_when_asked_and_travels_with_a_pickled_view() -> None:
    """A check without a results cache never asks for a digest, so a view makes it
    only when asked; a pickled view (sent between processes) carries it, and equals
    the view it was made from."""
    import pickle

    caller = "from pkg.helpers import f\ndef g(t):\n    return f(t)\n"
    project = project_of(pkg__helpers="def f(t):\n    return t.item()\n", pkg__train=caller)
    view = project.view("pkg/train.py")
    assert view is not None and view.known_digest == ""
    assert not project._digests  # nothing digested yet
    copy = pickle.loads(pickle.dumps(view))
    assert copy.known_digest == view.digest != "" and copy.digester is None
    assert copy == view and copy.digest == view.digest
    again = project_of(pkg__helpers="def f(t):\n    return t.item()\n", pkg__train=caller)
    assert again.view("pkg/train.py").digest == view.digest


def test_unparsable_file_is_skipped_not_fatal() -> None:
    project = build_project({"bad.py": "def (:\n", "ok.py": "def f():\n    return 1\n"},
                            {"bad.py": "bad", "ok.py": "ok"})
    assert "ok:f" in project.summaries and project.view("bad.py") is None
