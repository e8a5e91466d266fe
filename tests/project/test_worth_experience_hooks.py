"""avalanche's once-per-experience hooks are cold (issue 22, sixth draw L4): a plugin's
`after_training_exp` / `before_eval_exp`, a strategy's `_after_training_exp` and a storage
policy's `update` run once per experience, in a user's subclass of what avalanche exports
and in avalanche's own package (its project classes of the base names). The
per-iteration hooks (`after_training_iteration`, `before_backward`) stay per-step, and a
method of the same name in a class deriving from none of them keeps its findings."""

from __future__ import annotations

from synclint.analysis.roles import class_role
from tests.project.test_fresh4_roles import row_of
from tests.project.test_library_roles import findings

USER = """\
import torch
from avalanche.core import SupervisedPlugin
from avalanche.training.storage_policy import ExemplarsBuffer
from avalanche.training.templates import SupervisedTemplate


class Consolidate(SupervisedPlugin):
    def after_training_exp(self, strategy, **kwargs):
        for name, p in strategy.model.named_parameters():
            self.saved[name] = p.detach().cpu()

    def after_training_iteration(self, strategy, **kwargs):
        for name, p in strategy.model.named_parameters():
            self.norms[name] = p.grad.norm().item()

    def before_backward(self, strategy, **kwargs):
        for p in strategy.model.parameters():
            self.last.append(p.detach().cpu())


class Herding(ExemplarsBuffer):
    def update(self, strategy, **kwargs):
        scores = strategy.model(strategy.x)
        for _ in range(self.max_size):
            self.chosen.append(scores.argmin().item())


class Strategy(SupervisedTemplate):
    def _after_training_exp(self, **kwargs):
        for p in self.model.parameters():
            self.snapshot.append(p.detach().cpu())


class Report:
    def after_training_exp(self, values: list[torch.Tensor]):
        for v in values:
            self.kept.append(v.item())
"""


def _rows(found: list, code: str = "SYN101") -> list[int]:
    return sorted(d.location.row for d in found if d.code == code)


def test_experience_hooks_are_cold_and_iteration_hooks_are_not() -> None:
    found = findings(plugins=USER)
    assert _rows(found) == [row_of(USER, "p.grad.norm().item()"),
                            row_of(USER, "self.last.append"),
                            row_of(USER, "self.kept.append(v.item())")]


OWN = {
    "core": """\
class BasePlugin:
    def after_training_exp(self, strategy, **kwargs):
        pass


class BaseSGDPlugin(BasePlugin):
    def after_training_iteration(self, strategy, **kwargs):
        pass


class SupervisedPlugin(BaseSGDPlugin):
    pass
""",
    "cwr_star": """\
import torch
from core import SupervisedPlugin


class CWRStarPlugin(SupervisedPlugin):
    def after_training_exp(self, strategy, **kwargs):
        for c in self.classes:
            self.saved[c] = strategy.model.head.weight[c].detach().cpu().numpy()

    def after_training_iteration(self, strategy, **kwargs):
        for c in self.classes:
            self.seen[c] = strategy.mb_y.eq(c).sum().item()
""",
}


def test_avalanche_own_package_takes_the_hooks_by_its_class_names() -> None:
    found = findings(**OWN)
    text = OWN["cwr_star"]
    assert [(d.filename, d.location.row) for d in found if d.code == "SYN101"] == [
        ("cwr_star.py", row_of(text, "strategy.mb_y.eq(c)"))]


def test_the_reason_names_the_hook_and_the_experience() -> None:
    reason = class_role("after_training_exp", "CWRStarPlugin", ["SupervisedPlugin"])
    assert reason == "avalanche runs `after_training_exp` once per experience"
    assert class_role("update", "Herding", ["avalanche.training.storage_policy."
                                            "ExemplarsBuffer"]) is not None
    assert class_role("after_training_iteration", "P", ["SupervisedPlugin"]) is None
    assert class_role("after_training_exp", "Report", ["object"]) is None
