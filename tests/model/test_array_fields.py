"""A field a project class body annotates as a NumPy array (`atoms: np.ndarray`, in a
dataclass or a NamedTuple) is NumPy wherever the class is read, as a parameter so
annotated is (fresh13 F2: boltz's record arrays, `atom["element"].item()` per atom was a
false SYN101). A field some method assigns, or the body binds twice, keeps what the
methods give it."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import NUMPY, UNKNOWN
from tests.model.probe import probes

SOURCE = """\
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import torch
from numpy import ndarray


@dataclass
class Structure:
    atoms: {annotation}
{extra}

def f(structure: Structure):
    seen(structure.atoms)
"""


@pytest.mark.parametrize("annotation", ["np.ndarray", "npt.NDArray[np.float32]",
                                        "numpy.ndarray", "ndarray"])
def test_an_array_annotated_field_is_numpy(annotation: str) -> None:
    assert probes(SOURCE.format(annotation=annotation, extra="")) == [NUMPY]


@pytest.mark.parametrize("extra", [
    "    def move(self):\n        self.atoms = torch.as_tensor(self.atoms).cuda()\n",
    "    atoms = None\n",
])
def test_a_field_a_method_assigns_or_the_body_binds_twice_is_not(extra: str) -> None:
    assert probes(SOURCE.format(annotation="np.ndarray", extra=extra)) != [NUMPY]


def test_other_annotations_say_nothing_here() -> None:
    assert probes(SOURCE.format(annotation="list", extra="")) == [UNKNOWN]
