"""Objects of project classes returned by project functions: a return annotation that
names the class (`-> tuple[dict, Trainer]`) gives it, and where the annotation says
nothing of an element (`dict`), the body's `return` does (`evaluation._declared_return`,
`kindops._on_host_where_proved`)."""

from __future__ import annotations

from synclint.analysis.kinds import TENSOR, UNKNOWN, Instance
from tests.model.probe import line_of, probes, syncs

TRAIN = """\
import torch
from torch import nn


class Trainer:
    def __init__(self, model: nn.Module) -> None:
        self.model = model.cuda()

    def update(self, batch: torch.Tensor) -> float:
        return self.model(batch.cuda()).sum().item()


def load_model(path: str) -> tuple[dict, Trainer]:
    checkpoint = torch.load(path)
    return checkpoint["config"], Trainer(checkpoint["model"])


def train(batches: list, path: str) -> None:
    _, trainer = load_model(path)
    seen(trainer)
    for batch in batches:
        trainer.update(batch)
"""


def test_a_tuple_element_annotated_with_a_project_class_is_its_instance() -> None:
    assert probes(TRAIN) == [Instance("m:Trainer")]
    assert syncs(TRAIN) == [f"SYN101:{line_of(TRAIN, 'trainer.update(batch)')}"]


def test_the_annotation_names_the_class_where_the_body_shows_nothing() -> None:
    source = TRAIN.replace('Trainer(checkpoint["model"])', 'checkpoint["trainer"]')
    assert probes(source) == [Instance("m:Trainer")]


def test_an_element_the_annotation_says_nothing_of_is_the_body_s() -> None:
    source = TRAIN.replace("-> tuple[dict, Trainer]", "-> tuple[dict, object]")
    assert probes(source) == [Instance("m:Trainer")]


def test_joined_with_none_and_a_constructor_it_stays_the_class() -> None:
    source = TRAIN.replace(
        "    _, trainer = load_model(path)\n",
        "    trainer = None\n    if path:\n        _, trainer = load_model(path)\n"
        "    if trainer is None:\n        trainer = Trainer(nn.Linear(2, 2))\n")
    assert probes(source) == [Instance("m:Trainer")]


def test_the_other_element_is_not_the_class() -> None:
    source = TRAIN.replace("    _, trainer = load_model(path)",
                           "    trainer, _ = load_model(path)")
    assert probes(source) == [UNKNOWN]
    assert syncs(source) == []


def test_a_factory_annotated_with_an_abstract_base_returns_no_class() -> None:
    # Which subclass it builds is its arguments' choice: not every override runs.
    source = """\
import abc


class Base(abc.ABC):
    @abc.abstractmethod
    def fit(self, data: list) -> None:
        raise NotImplementedError


class Diag(Base):
    def fit(self, data: list) -> None:
        pass


KINDS = {"diag": Diag}


def make(kind: str) -> Base:
    return KINDS[kind]()


def main() -> None:
    seen(make("diag"))
"""
    assert probes(source) == [UNKNOWN]
    assert probes(source.replace("KINDS[kind]()", "Diag()")) == [Instance("m:Diag")]


OUTPUTS = """\
from collections import OrderedDict
from dataclasses import dataclass

import torch


class ModelOutput(OrderedDict):
    pass


@dataclass
class BaseModelOutput(ModelOutput):
    last_hidden_state: torch.FloatTensor | None = None
"""

PACKED = """\
import torch
from torch import nn

from transformers.modeling_outputs import BaseModelOutput


class Encoder(nn.Module):
    def forward(self, hidden: torch.Tensor) -> BaseModelOutput:
        return BaseModelOutput(last_hidden_state=hidden * 2)


class Model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.encoder = Encoder()

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        outputs: BaseModelOutput = self.encoder(hidden)
        seen(outputs.last_hidden_state)
        return seen(self.encoder(hidden).last_hidden_state)
"""


def test_a_library_output_named_inside_the_library_keeps_its_tensor_fields() -> None:
    # Inside transformers, `BaseModelOutput` is a project class whose fields no method
    # assigns, and the library's model output (fields hold tensors): the annotation's.
    sources = {"transformers/modeling_outputs.py": OUTPUTS,
               "transformers/models/packed.py": PACKED}
    assert probes(sources, "transformers/models/packed.py") == [TENSOR, TENSOR]


def test_a_project_class_annotation_still_yields_to_the_body_s_instance() -> None:
    # Outside the library's package, `Output` is only the project's: the body's subclass.
    source = """\
class Output:
    pass


class Packed(Output):
    def size(self) -> int:
        return 1


def make() -> Output:
    return Packed()


def main() -> None:
    seen(make())
"""
    assert probes(source) == [Instance("m:Packed")]
