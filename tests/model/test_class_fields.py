"""A field a project class body annotates with another project class (`structure:
Structure`, `Optional["MSA"]`, `dict[str, MSA]`, `list[Chain]`) holds instances of it
wherever the class is read, as a parameter so annotated does: its fields and methods are
that class's (fresh13 F2: boltz's `data.structure.residues`, a NumPy record array, was a
false SYN101). A field some method assigns, or the body binds twice, keeps what the
methods give it; a library class or a plain type says nothing."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import HOST, NUMPY, UNKNOWN, Instance, Mapping, Seq
from tests.model.probe import findings, probes

SOURCE = """\
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple, Union

import numpy as np
import torch


@dataclass
class Structure:
    residues: np.ndarray


@dataclass
class Tokenized:
    structure: {annotation}
{extra}

def f(data: Tokenized):
    seen(data.structure)
"""

STRUCTURE = Instance("m:Structure")


@pytest.mark.parametrize(("annotation", "kind"), [
    ("Structure", STRUCTURE),
    ('"Structure"', STRUCTURE),
    ("Optional[Structure]", STRUCTURE),
    ("Structure | None", STRUCTURE),
    ("None | Structure", STRUCTURE),
    ("Union[Structure, None]", STRUCTURE),
    ("dict[str, Structure]", Mapping(HOST, STRUCTURE)),
    ("Dict[str, 'Structure']", Mapping(HOST, STRUCTURE)),
    ("list[Structure]", Seq(STRUCTURE)),
    ("List[Optional[Structure]]", Seq(STRUCTURE)),
    ("Tuple[Structure, ...]", Seq(STRUCTURE)),
])
def test_a_field_annotated_with_a_project_class_holds_its_instances(
        annotation: str, kind: object) -> None:
    assert probes(SOURCE.format(annotation=annotation, extra="")) == [kind]


@pytest.mark.parametrize("annotation", [
    "torch.Tensor", "np.ndarray", "int", "Union[Structure, int]", "Tuple[Structure, int]",
    "dict[Structure, int]", "torch.nn.Module",
])
def test_other_annotations_say_nothing_here(annotation: str) -> None:
    assert probes(SOURCE.format(annotation=annotation, extra="")) in ([UNKNOWN], [NUMPY])


@pytest.mark.parametrize("extra", [
    "    def move(self):\n        self.structure = None\n",
    "    structure = None\n",
])
def test_a_field_a_method_assigns_or_the_body_binds_twice_is_not(extra: str) -> None:
    assert probes(SOURCE.format(annotation="Structure", extra=extra)) != [STRUCTURE]


def test_the_fields_of_the_field_are_read_through_it() -> None:
    source = SOURCE.replace("seen(data.structure)", "seen(data.structure.residues)")
    assert probes(source.format(annotation="Structure", extra="")) == [NUMPY]


def test_a_method_called_through_a_field_reports_its_reads() -> None:
    # `state.meter.update(loss)` in a training loop runs `Meter.update`, which reads the
    # loss with `float()`; with `meter` annotated with a library type nothing is known.
    source = """\
from dataclasses import dataclass

import torch


class Meter:
    def update(self, loss: torch.Tensor) -> None:
        self.total = float(loss)


@dataclass
class State:
    meter: {annotation}


def train(state: State, model: torch.nn.Module, batches: list[torch.Tensor]) -> None:
    for batch in batches:
        loss = model(batch.cuda()).sum()
        loss.backward()
        state.meter.update(loss)
"""
    found = findings(source.format(annotation="Meter"))
    assert [(f.code, f.location.row) for f in found] == [("SYN101", 20)]
    assert "`Meter.update()` reads a tensor on the host" in found[0].message
    assert findings(source.format(annotation="object")) == []
