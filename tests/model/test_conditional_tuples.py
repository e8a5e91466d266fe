"""`f() if c else (None, None)`: each `None` of the tuple display stands for "none
given" (as a lone `None` does), so unpacking the result gives the helper's items (fresh13
F3: torchtitan's collator lost its CPU grids there and its `.item()` per image was
reported); the display's other items join with the helper's."""

from __future__ import annotations

from synclint.analysis.kinds import HOST, HOST_TENSOR, TENSOR, UNKNOWN, Tup
from tests.model.probe import probes

SOURCE = """\
import torch


def collate(images: list) -> tuple[torch.Tensor, torch.Tensor]:
    grids = torch.tensor([[1, im.shape[-2]] for im in images])
    return torch.cat([im.flatten() for im in images]), grids


def f(images: list, c: bool, n: int):
    patches, grids = collate(images) if c else {orelse}
    seen(patches)
    seen(grids)
"""


def test_none_placeholders_take_the_other_branchs_items() -> None:
    assert probes(SOURCE.format(orelse="(None, None)")) == [TENSOR, HOST_TENSOR]
    assert probes(SOURCE.replace("collate(images) if c else {orelse}",
                                 "(None, None) if not c else collate(images)")) == \
        [TENSOR, HOST_TENSOR]


def test_other_items_join_and_shapes_must_agree() -> None:
    # A real value joins: a Python int and a CPU tensor are no one kind.
    assert probes(SOURCE.format(orelse="(None, n)")) == [TENSOR, UNKNOWN]
    # Three placeholders for two items: nothing known of the result.
    assert probes(SOURCE.format(orelse="(None, None, None)")) == [UNKNOWN, UNKNOWN]


def test_the_tuple_itself() -> None:
    source = SOURCE.replace("    patches, grids = collate(images) if c else {orelse}\n"
                            "    seen(patches)\n    seen(grids)\n",
                            "    seen(collate(images) if c else (None, None))\n")
    assert probes(source) == [Tup((TENSOR, HOST_TENSOR))]
    assert HOST not in probes(source)[0].items  # type: ignore[union-attr]
