"""A loop over a host DataLoader is host code (fourth draw), unless it calls a model: the
model may move the batch to its own device inside, so what it returns is not host data
(issue 22, sixth draw M3: flair's `evaluate` and `predict`)."""

from __future__ import annotations

import pytest

from tests.linter.helpers import rule_findings

CODE = "SYN101"

HEAD = ("import torch\n"
        "from torch import nn\n"
        "from torch.utils.data import DataLoader\n"
        "def helper(x):\n"
        "    return x * 2\n")


def loop(call: str, params: str = "data") -> str:
    return HEAD + (f"def evaluate({params}):\n"
                   "    loader = DataLoader(data, batch_size=4)\n"
                   "    for batch in loader:\n"
                   f"        out = {call}\n"
                   "        print(out.sum().item())\n")


def test_a_module_called_in_the_loop_returns_values_off_the_host() -> None:
    [finding] = rule_findings(CODE, loop("model(batch)", "data, model: nn.Module"))
    assert finding.location.row == 10


@pytest.mark.parametrize("call", ["helper(batch)", "batch.float() / 255", "torch.sigmoid(batch)"])
def test_without_a_model_call_the_loop_stays_host_code(call: str) -> None:
    assert rule_findings(CODE, loop(call, "data, model: nn.Module")) == []


def scoring_class(header: str, score: str) -> str:
    """A class `header` whose `evaluate` loops over a DataLoader calling `self.score`."""
    return (f"{header}\n"
            "    def score(self, batch):\n"
            f"        return {score}\n"
            "    def evaluate(self, data):\n"
            "        for batch in DataLoader(data):\n"
            "            print(self.score(batch).sum().item())\n")


def test_a_method_of_self_in_a_module_class_is_the_model() -> None:
    [finding] = rule_findings(CODE, HEAD + scoring_class("class Net(nn.Module):",
                                                         "self.head(batch)"))
    assert finding.location.row == 11


def test_a_method_of_self_outside_a_module_class_is_not() -> None:
    assert rule_findings(CODE, HEAD + scoring_class("class Stats:", "batch.abs()")) == []


@pytest.mark.parametrize("base", ["Base[int]", "Base"])
def test_a_subscripted_project_generic_base_is_still_the_base(base: str) -> None:
    source = HEAD + ("import typing\n"
                     "T = typing.TypeVar('T')\n"
                     "class Base(nn.Module, typing.Generic[T]):\n"
                     "    pass\n") + scoring_class(f"class Net({base}):", "self.head(batch)")
    [finding] = rule_findings(CODE, source)
    assert finding.location.row == 15


def test_a_base_named_through_a_package_that_re_exports_it_is_the_project_class() -> None:
    from synclint.model.project import build_project

    sources = {
        "pkg/__init__.py": "",
        "pkg/nn/__init__.py": "from .model import Model\n",
        "pkg/nn/model.py": "import torch\nclass Model(torch.nn.Module):\n    pass\n",
        "pkg/models/reg.py": "import pkg\nclass Reg(pkg.nn.Model):\n    pass\n",
    }
    project = build_project(sources, {"pkg/__init__.py": "pkg", "pkg/nn/__init__.py": "pkg.nn",
                                      "pkg/nn/model.py": "pkg.nn.model",
                                      "pkg/models/reg.py": "pkg.models.reg"})
    reg = project.classes["pkg.models.reg:Reg"]
    assert reg.bases == ["pkg.nn.model:Model"]
    assert project.is_nn_module("pkg.models.reg:Reg")
