"""Callables a data set applies to each sample, callables a DataLoader collates its
samples with, and loaders a data module hands out: what they see is host data (tenth
draw F2, thirteenth draw F3).

    train_set.transform = transforms.Compose([train_set.transform, RandomBFSOrder()])
    dataset = ASEDataset(transforms=[NonPeriodicCellTransform(padding=10.0)])
    DataLoader(dataset, collate_fn=MultiModalCollator())      # or a function, a partial
    def default_transforms(self): return Compose([..., self._resize])
    for data in datamodule.train_dataloader(): ...

A data set runs its transforms in a DataLoader worker on the sample its `__getitem__`
built, on the host, and the loader's workers collate those samples: such a use counts as a
project call of the callable (a function, a bound method, an object's `__call__` or a
module's `forward`) that passes host samples (`callers.find_host_params`, where a direct
call on a device batch still keeps its findings; what the callable moves itself,
`.cuda()`, is a device value as anywhere). A data module's `default_transforms` lists
the transforms its data sets apply. A `*_dataloader()` method of a data module
(Lightning's hooks, `knowledge.host_data.LOADER_METHODS`, read in `methods.py`) returns a
DataLoader, whose batches stay on the host until moved.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from synclint import knowledge
from synclint.analysis.kinds import HOST_TENSOR, Instance, Kind, Seq
from synclint.model.dispatch import call_method as _call_method
from synclint.model.host_data import moves_to_device
from synclint.model.syntax import _dotted, _is_self

if TYPE_CHECKING:
    from synclint.model.calls import Calls

#: Attributes and keywords a data set reads its per-sample transforms from.
TRANSFORM_NAMES = frozenset({"transform", "transforms", "pre_transform"})
#: The package of torchvision's data sets, whose `transform=`/`transforms=` run per sample.
_VISION_DATASETS = "torchvision.datasets."
#: The keyword and attribute a DataLoader reads its collate function from.
COLLATE = "collate_fn"
#: What a collate function is given: the list of samples of one batch.
_SAMPLES: Kind = Seq(HOST_TENSOR)
#: The method of a data module that lists its data sets' transforms (Lightning bolts').
_DEFAULT_TRANSFORMS = "default_transforms"


def assigned_transform(calls: Calls, node: ast.Assign) -> None:
    """`dataset.transform = ...` (not an attribute of `self`: a model may keep a
    transform it applies to its device batch): its callables see host samples."""
    for target in node.targets:
        if isinstance(target, ast.Attribute) and target.attr in TRANSFORM_NAMES and \
                not _is_self(target.value):
            _fed_host_samples(calls, node.value)
        elif isinstance(target, ast.Attribute) and target.attr == COLLATE and \
                not _is_self(target.value):
            _fed_host_samples(calls, node.value, _SAMPLES)  # `loader.collate_fn = ...`


def given_collate(calls: Calls, node: ast.Call) -> None:
    """`DataLoader(dataset, collate_fn=...)` (torch's, a project subclass, or another
    library's `*Loader`): the loader's workers call the collate function on each batch's
    list of host samples."""
    value = next((k.value for k in node.keywords if k.arg == COLLATE), None)
    if value is not None and _loader_class(calls, node.func):
        _fed_host_samples(calls, value, _SAMPLES)


def collate_keeps_host(calls: Calls, node: ast.Call) -> bool:
    """`DataLoader(dataset, collate_fn=value)`: whether its batches stay on the host, as
    a loader's without a collate function do. They do unless the collate function may move
    them: it names a device (`partial(collate_to, device=device)`, also through a local
    bound in this function), or it is a project callable (a function, a bound method, an
    object's `__call__`) whose body moves a value (`.cuda()`, `.to(device)`). One the
    caller hands in (`collate_fn=self.collate_fn`) or a library's runs in the loader's
    worker processes, where torch advises against CUDA tensors: host (fresh15 F1a). A
    project callable not named as a collate function (`collates`), and what a project
    function returns (`collate_fn = pad_collate_fn(tokenizer)`, a closure the model does
    not read), may move them."""
    value = next((k.value for k in node.keywords if k.arg == COLLATE), None)
    if value is None:
        return True
    values = [value, *_bound_here(calls, value)]
    for element in values:
        if moves_to_device(element) or any(_names_a_device(child) for child in ast.walk(element)):
            return False
        found = _callable_key(calls, element)
        if found is None:
            if any(_project_result(calls, child) for child in ast.walk(element)):
                return False
            continue
        calls.callees.add(found[0])  # its summary is read: evaluated again when that changes
        summary = calls.project.summaries.get(found[0])
        if summary is None or summary.moves or summary.moves_any or not collates(found[0]):
            return False
    return True


def collates(key: str) -> bool:
    """Whether the project function `key` says it is a collate function: its name, or for
    a `__call__`, its class's, holds "collat" (`pad_collate`, `DataCollator.__call__`).
    Their summaries say whether their body moves a value (`Summary.moves_any`); another
    project callable given as `collate_fn` may, as far as the model knows."""
    qualname = key.rpartition(":")[2]
    owner, _, name = qualname.rpartition(".")
    return "collat" in (owner if name == "__call__" else name).lower()


def _project_result(calls: Calls, node: ast.AST) -> bool:
    """Whether `node` calls a project function (not a class: a collator object is read
    through its `__call__`), whose result may be any callable."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, (ast.Name, ast.Attribute)):
        return False
    dotted = _dotted(node.func)
    key = calls._project_callee(dotted) if dotted is not None else None
    return key is not None and key not in calls.project.classes


#: Words in a collate argument that say it may put the batch on a device.
_DEVICE_WORDS = ("device", "cuda", "gpu")


def _names_a_device(node: ast.AST) -> bool:
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(
        node, ast.Attribute) else node.arg if isinstance(node, ast.keyword) else None
    return name is not None and any(word in name.lower() for word in _DEVICE_WORDS)


def _bound_here(calls: Calls, value: ast.expr) -> list[ast.expr]:
    """What the function assigns to the local `value` names (`collate = partial(...)`)."""
    if not isinstance(value, ast.Name):
        return []
    return [node.value for node in ast.walk(calls.function.node) if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == value.id for t in node.targets)]


def _loader_class(calls: Calls, func: ast.expr) -> bool:
    dotted = _dotted(func)
    if dotted is None:
        return False
    if dotted.rpartition(".")[2].endswith("Loader"):
        return True
    key = calls.project._name_key(calls.module, dotted)
    return key is not None and key in calls.project.classes and \
        knowledge.is_loader(calls._library_bases(key))


def default_transforms(calls: Calls) -> None:
    """At a `return` of a data module's `default_transforms`: each project callable its
    body lists (`[ToTensor(), self._resize]`, in a `Compose` or not) is applied to host
    samples."""
    function = calls.function
    if function.name != _DEFAULT_TRANSFORMS or function.class_key is None:
        return
    for node in ast.walk(function.node):
        if isinstance(node, (ast.List, ast.Tuple)):
            _fed_host_samples(calls, node)


def given_transforms(calls: Calls, node: ast.Call) -> None:
    """`SomeDataset(..., transforms=[...])`: a call of a class whose name says it is a
    data set (`ASEDataset`), one of torchvision's (`datasets.VOCDetection`), or a project
    class deriving from torch's `Dataset`."""
    keywords = [k.value for k in node.keywords if k.arg in TRANSFORM_NAMES]
    if not keywords or not _dataset_class(calls, node.func):
        return
    for value in keywords:
        _fed_host_samples(calls, value)


def _dataset_class(calls: Calls, func: ast.expr) -> bool:
    dotted = _dotted(func)
    if dotted is None:
        return False
    if dotted.rpartition(".")[2].endswith("Dataset") or \
            calls._qualified(dotted).startswith(_VISION_DATASETS):
        return True
    key = calls.project._name_key(calls.module, dotted)
    return key is not None and key in calls.project.classes and \
        knowledge.host_role("__getitem__", calls._library_bases(key)) is not None


def _fed_host_samples(calls: Calls, value: ast.expr, given: Kind = HOST_TENSOR) -> None:
    """Each project callable in `value` (one, a list or tuple of them, or a `Compose` of
    a list) is called with a host sample (`given`: a batch's list of them, for a collate
    function): its first parameter, and each other one it needs (a joint transform's
    `target`), are host data."""
    if isinstance(value, ast.Call) and (_dotted(value.func) or "").rpartition(".")[2] == \
            "Compose" and value.args:
        value = value.args[0]
    elements = value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value]
    project = calls.project
    for element in elements:
        found = _callable_key(calls, element)
        if found is None:
            continue
        key, bound = found
        summary = project.summaries.get(key)
        if summary is None or len(summary.params) <= bound:
            continue
        calls.callees.add(key)  # its summary is read: evaluated again when that changes
        # The project's own table while it solves (the only time its calls are read).
        functions = project.functions
        function = functions.get(key) if isinstance(functions, dict) else None
        needed = _required(function.definition if function is not None else None,
                           len(summary.params))
        filled = {summary.params[bound]: given}
        filled.update((name, HOST_TENSOR) for name in summary.params[bound + 1:needed])
        if (key, filled) not in calls.call_arguments:  # once, at each of several returns
            calls.call_arguments.append((key, filled))


def _callable_key(calls: Calls, element: ast.expr) -> tuple[str, int] | None:
    """The project function a callable `element` runs when called, and how many of its
    parameters a `functools.partial` of it binds: an object's `__call__` (a module's
    `forward`), a function or bound method it names (`pad_collate`, `self._resize`)."""
    bound = 0
    if isinstance(element, ast.Call) and (_dotted(element.func) or "").rpartition(".")[2] \
            == "partial" and element.args:
        bound = len(element.args) - 1
        element = element.args[0]
    kind = calls.last.get(id(element), (None, None))[0]
    if isinstance(kind, Instance) and ":" in kind.cls:
        project = calls.project
        key = _call_method(project, kind.cls, False) or _call_method(
            project, kind.cls, knowledge.is_module(calls._library_bases(kind.cls)))
        return (key, bound) if key is not None else None
    dotted = _dotted(element) if isinstance(element, (ast.Name, ast.Attribute)) else None
    key = calls._project_callee(dotted) if dotted is not None else None
    return (key, bound) if key is not None else None


def _required(node: ast.FunctionDef | ast.AsyncFunctionDef | None, params: int) -> int:
    """How many of the `params` positional parameters (`self` left out) a call must fill:
    those without a default (the first only, for a function whose tree is not loaded)."""
    return 1 if node is None else params - len(node.args.defaults)
