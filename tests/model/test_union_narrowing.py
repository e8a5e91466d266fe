"""A parameter annotated with a union (`Union[int, Tensor]`, `int | Tensor`) is what the
union leaves where an `isinstance` test rules members out: the Tensor after `if
isinstance(x, int): return` and in its `else` (issue 22, sixth draw M7). Each narrowing
that makes a tensor has a look-alike that must not."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import DEVICE_TENSORS, TENSOR, Kind
from tests.model.probe import case_ids, line_of, probe, syncs

HEADER = ("from typing import Dict, List, Optional, Tuple, Union\n\nimport torch\n"
          "from torch import Tensor, nn\n\n\n")


def function(annotation: str, code: str) -> str:
    body = "".join(f"    {line}\n" for line in code.strip("\n").split("\n"))
    return f"{HEADER}def f(x: {annotation}, n: int):\n{body}"


EARLY_RETURN = "if isinstance(x, int):\n    return\nseen(x)"

#: (annotation, body probing `x`, the kind there; None: anything but a device tensor).
CASES = [
    ("Union[int, Tensor]", EARLY_RETURN, TENSOR),
    ("Union[int, Tensor]", "if isinstance(x, int):\n    pass\nelse:\n    seen(x)", TENSOR),
    ("Union[int, Tensor]", "if not isinstance(x, int):\n    seen(x)", TENSOR),
    ("int | Tensor", EARLY_RETURN, TENSOR),
    ("'Union[int, torch.Tensor]'", EARLY_RETURN, TENSOR),
    ("Optional[Union[int, Tensor]]", EARLY_RETURN, TENSOR),
    ("Union[bool, Tensor]", EARLY_RETURN, TENSOR),  # a bool is an int
    ("Union[int, float, Tensor]", "if isinstance(x, (int, float)):\n    return\nseen(x)",
     TENSOR),
    ("Union[Tensor, Tuple[Tensor, Tensor]]", "if isinstance(x, tuple):\n    return\nseen(x)",
     TENSOR),
    ("Union[Tensor, List[int]]", "if isinstance(x, list):\n    return\nseen(x)", TENSOR),
    # where the test holds, the member it names (fresh15 M1): a dict member's items
    ("Tensor | dict[str, Tensor]", "if isinstance(x, dict):\n    seen(x['main'])", TENSOR),
    ("Tensor | dict[str, Tensor]", "if isinstance(x, dict):\n    x = x['main']\nseen(x)",
     TENSOR),
    ("Union[Tensor, List[Tensor]]", "if isinstance(x, list):\n    seen(x[0])", TENSOR),
    # look-alikes: a member other than the tensor is left, or nothing was ruled out
    ("Union[int, float, Tensor]", EARLY_RETURN, None),
    ("Union[int, Tensor]", "if isinstance(x, nn.Parameter):\n    return\nseen(x)", None),
    ("Union[int, Tensor]", "if isinstance(x, float):\n    return\nseen(x)", None),
    ("Union[int, Tensor]", "if isinstance(x, int):\n    seen(x)", None),
    ("Union[int, Tensor]", "x = [n]\nif isinstance(x, int):\n    return\nseen(x)", None),
    ("Union[int, Tensor]", "int = float\nif isinstance(x, int):\n    return\nseen(x)", None),
    ("int", EARLY_RETURN, None),
    ("Union[Tensor, Dict[str, int]]", "if isinstance(x, dict):\n    seen(x['main'])", None),
    ("Union[Tensor, List[int]]", "if isinstance(x, list):\n    seen(x[0])", None),
]


@pytest.mark.parametrize(("annotation", "code", "expected"), CASES,
                         ids=case_ids([f"{a} {c}" for a, c, _ in CASES]))
def test_a_union_parameter_is_what_an_isinstance_test_leaves(
        annotation: str, code: str, expected: Kind | None) -> None:
    kind = probe(function(annotation, code))
    if expected is None:
        assert kind not in DEVICE_TENSORS
    else:
        assert kind == expected


def test_a_parameter_tensor_member_is_ruled_out_by_a_tensor_test() -> None:
    code = "if isinstance(x, torch.Tensor):\n    return\nseen(x)"
    assert probe(function("Union[nn.Parameter, int]", code)) not in DEVICE_TENSORS


TASK_LABELS = HEADER + '''
class TaskAccuracy:
    def update(self, true_y: Tensor, task_labels: Union[int, Tensor]) -> None:
        if isinstance(task_labels, int):
            self.seen[task_labels] = len(true_y)
            return
        for true, t in zip(true_y, task_labels):
            self.seen[int(t)] = 1
'''


def test_zipped_elements_of_the_narrowed_tensor_are_read_in_the_loop() -> None:
    assert syncs(TASK_LABELS) == [f"SYN101:{line_of(TASK_LABELS, 'int(t)')}"]


def test_zipped_elements_of_a_union_with_a_float_left_are_not_reported() -> None:
    source = TASK_LABELS.replace("Union[int, Tensor]", "Union[int, float, Tensor]")
    assert syncs(source) == []
