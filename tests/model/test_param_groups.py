"""Optimiser hyperparameters from `param_groups` are settings (model/param_groups.py,
fresh10 M1): a read under `if lr > 0.0:` with `lr = group["lr"]` runs on every optimiser
step. A `group["step"]` counter, a local also bound from the step's data and a group
entry taken outside an optimiser's groups stay guards."""

from __future__ import annotations

import ast

from synclint.model.param_groups import param_group_names
from synclint.model.settings import judged_elsewhere
from tests.model.probe import findings, line_of

STEP = """\
import torch
from torch.optim import Optimizer


class DAdapt(Optimizer):
    def __init__(self, params, lr: float = 1.0):
        super().__init__(params, {{"lr": lr, "d": 1e-6, "step": 0}})

    @torch.no_grad()
    def step(self, closure=None):
        group = self.param_groups[0]
        sk = torch.zeros(1, device=group["params"][0].device)
        for p in group["params"]:
            sk.add_(p.grad.abs().sum())
{bind}
        if {test}:
            d_hat = (2.0 / sk).item()
            group["d"] = d_hat
        return None
"""


def reported(bind: str, test: str) -> list[int]:
    source = STEP.format(bind=bind, test=test)
    return [d.location.row for d in findings(source) if d.code == "SYN101"]


def test_a_guard_on_a_param_group_hyperparameter_keeps_the_read_per_step() -> None:
    row = line_of(STEP, "d_hat =")
    assert reported('        d, lr = group["d"], group["lr"]', "lr > 0.0") == [row]
    assert reported('        lr = group.get("lr", 1.0)', "lr > 0.0") == [row]
    assert reported("        pass", 'group["lr"] > 0.0') == [row]


def test_a_counter_a_rebound_local_or_a_plain_dict_stays_a_guard() -> None:
    assert reported('        step = group["step"]', "step % 100 == 0") == []
    assert reported("        pass", 'group["step"] > 10') == []
    assert reported('        lr = group["lr"]\n        lr = lr * float(sk.numel() > 1)',
                    "lr > 0.0") == []
    assert reported('        lr = {"lr": 1.0}["lr"]', "lr > 0.0") == []
    assert reported("        lr = sk.numel()", "lr > 0") == []


def test_param_group_names() -> None:
    tree = ast.parse(STEP.format(bind='        d, lr = group["d"], group["lr"]\n'
                                      '        n = group["step"]', test="lr"))
    step = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "step")
    assert param_group_names(step, judged_elsewhere) == (frozenset({"group"}),
                                                         frozenset({"d", "lr"}))
    loop = ast.parse("def f(opt):\n    for g in opt.param_groups:\n        lr = g['lr']\n"
                     "        beta1, beta2 = g['betas']\n")
    assert param_group_names(loop, judged_elsewhere) == (frozenset({"g"}), frozenset({"lr"}))
