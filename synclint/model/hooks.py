"""Per-step code known before any evaluation: framework step hooks, `forward`,
`Optimizer.step`, and functions registered as autograd or module hooks."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from synclint.model.index import HOOK_REGISTRARS, _Function, display_name
from synclint.model.summaries import Hot, Site
from synclint.model.syntax import _dotted

if TYPE_CHECKING:
    from synclint.model.project import Project


LIGHTNING_STEP_HOOKS: dict[str, str] = {
    "training_step": "batch", "validation_step": "batch", "test_step": "batch",
    "predict_step": "batch", "on_train_batch_start": "batch", "on_train_batch_end": "batch",
    "on_validation_batch_start": "batch", "on_validation_batch_end": "batch",
    "on_test_batch_start": "batch", "on_test_batch_end": "batch",
    "on_predict_batch_start": "batch", "on_predict_batch_end": "batch",
    "on_before_batch_transfer": "batch", "on_after_batch_transfer": "batch",
    "transfer_batch_to_device": "batch",
    "on_before_backward": "training step", "on_after_backward": "training step",
    "on_before_optimizer_step": "training step", "on_before_zero_grad": "training step",
    "optimizer_step": "training step", "optimizer_zero_grad": "training step",
    "backward": "training step",
}

def class_entry(project: Project, function: _Function) -> Hot | None:
    """Per-step code by its class: a Lightning step hook, `forward`, `step`."""
    owner = function.class_key
    if owner is None:
        return None
    name = function.node.name
    site = Site(function.module.filename, function.node.lineno, function.node.col_offset + 1,
                "")
    if name in LIGHTNING_STEP_HOOKS and project.is_lightning(owner):
        reason = f"`{name}` runs once per {LIGHTNING_STEP_HOOKS[name]}"
        return Hot(reason, Site(site.filename, site.line, site.column, reason))
    if name == "forward" and project.is_nn_module(owner):
        reason = "`forward` runs on every call of the module"
        return Hot(reason, Site(site.filename, site.line, site.column, reason))
    if name == "step" and project.is_optimizer(owner):
        reason = "`Optimizer.step` runs once per training step"
        return Hot(reason, Site(site.filename, site.line, site.column, reason))
    return None

def find_registered_hooks(project: Project) -> None:
    functions_of: dict[str, list[_Function]] = {}
    for function in project.functions.values():
        functions_of.setdefault(function.module.name, []).append(function)
    for module in project.modules.values():
        if module.tree is not None:  # else: cached, found by an earlier run
            module.hooks = []
            for node in module.registrations:
                registering = _innermost(functions_of.get(module.name, []), node.lineno)
                if registering is not None:
                    found = registration(project, registering, node)
                    if found is not None:
                        module.hooks.append(found)
        for key, hot in module.hooks:
            project._hooks.setdefault(key, hot)

def registration(project: Project, function: _Function, node: ast.Call) -> tuple[str, Hot] | None:
    assert isinstance(node.func, ast.Attribute)
    position, when = HOOK_REGISTRARS[node.func.attr]
    if len(node.args) <= position:
        return None
    target = node.args[position]
    if isinstance(target, ast.Call) and _dotted(target.func) in (
            "partial", "functools.partial") and target.args:
        target = target.args[0]
    dotted = _dotted(target)
    if dotted is None:
        return None
    key = callable_key(project, function, dotted)
    if key is None or key not in project.functions:
        return None
    reason = f"`{display_name(project.functions[key])}` is a hook: runs on {when}"
    return key, Hot(reason, Site(function.module.filename, node.lineno,
                                 node.col_offset + 1,
                                 f"registered with `{node.func.attr}` here"))

def callable_key(project: Project, function: _Function, dotted: str) -> str | None:
    parts = dotted.split(".")
    if parts[0] in ("self", "cls") and function.class_key is not None and len(parts) == 2:
        for cls in project._mro(function.class_key):
            if parts[1] in cls.methods:
                return cls.methods[parts[1]]
        return None
    if len(parts) == 1:
        nested = f"{function.key}.{dotted}"
        if nested in project.functions:
            return nested
    return project._name_key(function.module, dotted)


def _innermost(functions: list[_Function], line: int) -> _Function | None:
    """The innermost function whose lines hold `line`."""
    best: _Function | None = None
    for function in functions:
        node = function.node
        end = node.end_lineno or node.lineno
        if node.lineno <= line <= end and (best is None or node.lineno >= best.node.lineno):
            best = function
    return best

def _is_lightning_base(name: str) -> bool:
    last = name.rsplit(".", 1)[-1]
    head = name.split(".", 1)[0]
    if last == "LightningModule":
        return True
    return last == "Callback" and head in ("lightning", "pytorch_lightning")


def _is_nn_module_base(name: str) -> bool:
    if name in ("torch.nn.Module", "torch.nn.modules.module.Module"):
        return True
    if name.startswith("torch.nn.") and name.rsplit(".", 1)[-1][:1].isupper():
        return True
    return _is_lightning_base(name) and name.endswith("LightningModule")


def _is_optimizer_base(name: str) -> bool:
    return name.startswith("torch.optim.") and name.rsplit(".", 1)[-1][:1].isupper()
