"""Callables a data set applies to each sample, and loaders a data module hands out: what
they see is host data (tenth draw F2).

    train_set.transform = transforms.Compose([train_set.transform, RandomBFSOrder()])
    dataset = ASEDataset(transforms=[NonPeriodicCellTransform(padding=10.0)])
    for data in datamodule.train_dataloader(): ...

A data set runs its transforms in a DataLoader worker on the sample its `__getitem__`
built, on the host: such a use counts as a project call of the callable's `__call__` (or a
module's `forward`) that passes a host sample (`callers.find_host_params`, where a direct
call on a device batch still keeps its findings). A `*_dataloader()` method of a data module
(Lightning's hooks, `knowledge.host_data.LOADER_METHODS`, read in `methods.py`) returns a
DataLoader, whose batches stay on the host until moved.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from synclint import knowledge
from synclint.analysis.kinds import HOST_TENSOR, Instance
from synclint.model.calls import _call_method
from synclint.model.syntax import _dotted, _is_self

if TYPE_CHECKING:
    from synclint.model.calls import Calls

#: Attributes and keywords a data set reads its per-sample transforms from.
TRANSFORM_NAMES = frozenset({"transform", "transforms", "pre_transform"})


def assigned_transform(calls: Calls, node: ast.Assign) -> None:
    """`dataset.transform = ...` (not an attribute of `self`: a model may keep a
    transform it applies to its device batch): its callables see host samples."""
    for target in node.targets:
        if isinstance(target, ast.Attribute) and target.attr in TRANSFORM_NAMES and \
                not _is_self(target.value):
            _fed_host_samples(calls, node.value)


def given_transforms(calls: Calls, node: ast.Call) -> None:
    """`SomeDataset(..., transforms=[...])`: a call of a class whose name says it is a
    data set (`ASEDataset`, `datasets.MNIST` is not named so and is left out), or a project
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
    if dotted.rpartition(".")[2].endswith("Dataset"):
        return True
    key = calls.project._name_key(calls.module, dotted)
    return key is not None and key in calls.project.classes and \
        knowledge.host_role("__getitem__", calls._library_bases(key)) is not None


def _fed_host_samples(calls: Calls, value: ast.expr) -> None:
    """Each project callable in `value` (one, a list or tuple of them, or a `Compose` of
    a list) is called with a host sample."""
    if isinstance(value, ast.Call) and (_dotted(value.func) or "").rpartition(".")[2] == \
            "Compose" and value.args:
        value = value.args[0]
    elements = value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value]
    project = calls.project
    for element in elements:
        kind = calls.last.get(id(element), (None, None))[0]
        if not isinstance(kind, Instance) or ":" not in kind.cls:
            continue
        key = _call_method(project, kind.cls, False) or _call_method(
            project, kind.cls, knowledge.is_module(calls._library_bases(kind.cls)))
        summary = project.summaries.get(key) if key is not None else None
        if key is None or summary is None or not summary.params:
            continue
        calls.callees.add(key)  # its summary is read: evaluated again when that changes
        calls.call_arguments.append((key, {summary.params[0]: HOST_TENSOR}))
