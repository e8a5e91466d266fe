"""SYN101 sync-in-loop: every spelling of a host read in a loop is reported once, at the
read, and its look-alikes (host tensors, non-blocking copies, moves to a device, NumPy) are
not."""

from __future__ import annotations

import pytest

from tests.linter.helpers import rule_findings

CODE = "SYN101"


def in_loop(*statements: str) -> str:
    body = "".join(f"        {statement}\n" for statement in statements)
    return ("import torch\n"
            "import numpy as np\n"
            "def f(ts: list[torch.Tensor], arrays: list[np.ndarray]):\n"
            "    for t in ts:\n" + body)


READS = [
    ("t.item()", "`.item()`"),
    ("t.tolist()", "`.tolist()`"),
    ("t.cpu()", "`.cpu()`"),
    # `force=True` copies an accelerator tensor to the host first (a plain `.numpy()` raises).
    ("t.numpy(force=True)", "`.numpy()`"),
    ("t.to('cpu')", "`.to('cpu')`"),
    ("t.to(device='cpu')", "`.to('cpu')`"),
    ("t.to(device=torch.device('cpu'))", "`.to('cpu')`"),
    ("t.to('cpu', non_blocking=False)", "`.to('cpu')`"),
    ("float(t)", "`float()` of a tensor"),
    ("int(t)", "`int()` of a tensor"),
    ("bool(t)", "`bool()` of a tensor"),
]


@pytest.mark.parametrize(("read", "what"), READS, ids=[r for r, _ in READS])
def test_each_host_read_in_a_loop_is_reported_at_the_read(read: str, what: str) -> None:
    [finding] = rule_findings(CODE, in_loop(f"value = {read}"))
    assert (finding.location.row, finding.location.column) == (5, 17)
    assert finding.message == f"{what} in a loop syncs with the GPU on every iteration"


LOOK_ALIKES = [
    # Non-blocking copies do not wait.
    "value = t.to('cpu', non_blocking=True)",
    "value = t.to(device='cpu', non_blocking=True)",
    # Moves to a device, and conversions that stay where the tensor is.
    "value = t.to(device='cuda')",
    "value = t.to(dtype=torch.float64)",
    "value = t.to(torch.float16)",
    # NumPy arrays: .numpy() of an unknown receiver is not a tensor read.
    "value = [a.numpy() for a in arrays]",
    # `Tensor.numpy()` raises on a CUDA or MPS tensor: whatever `t`'s device, a plain
    # `.numpy()` reads host memory (the `.cpu()` before it is the read, when there is one).
    "value = t.numpy()",
    "value = t.detach().numpy()",
    "value = t.numpy(force=False)",
    "value = np.asarray(arrays[0]).item()",
    # Metadata.
    "value = int(t.numel())",
]


@pytest.mark.parametrize("statement", LOOK_ALIKES)
def test_look_alikes_of_host_reads_are_not_reported(statement: str) -> None:
    assert rule_findings(CODE, in_loop(statement)) == []


def test_numpy_of_a_tensor_already_on_the_host_is_not_a_second_read() -> None:
    found = rule_findings(CODE, in_loop("h = t.cpu()", "value = h.numpy()"))
    assert [(d.location.row, d.message.split(" ")[0]) for d in found] == [(5, "`.cpu()`")]


def test_cpu_then_numpy_is_reported_once_at_the_cpu() -> None:
    found = rule_findings(CODE, in_loop("value = t.detach().cpu().numpy()"))
    assert [(d.location.row, d.message) for d in found] == [
        (5, "`.cpu()` in a loop syncs with the GPU on every iteration")]


# M4 of benchmarks/reviews/fresh6-2026-11.md: with no mention of the framework in the file
# (mmdet's voc_metric.py), `.cpu()` of a value of unknown kind is a tensor read only when a
# `.numpy()` follows it: NumPy arrays have no `.cpu()`, records and modules no `.numpy()`.
_SAMPLES = ("from typing import Sequence\n"
            "class Metric:\n"
            "    def process(self, data_batch: dict, data_samples: Sequence[dict]) -> None:\n"
            "        for data_sample in data_samples:\n"
            "            pred = data_sample['pred_instances']\n")


def test_cpu_then_numpy_of_an_unknown_value_is_a_tensor_read_without_any_import() -> None:
    source = _SAMPLES + ("            bboxes = pred['bboxes'].cpu().numpy()\n"
                         "            self.results.append(pred['scores'].cpu().numpy())\n"
                         "            labels = pred['labels'].to('cpu').detach().numpy()\n")
    found = rule_findings(CODE, source)
    assert [(d.location.row, d.message) for d in found] == [
        (6, "`.cpu()` in a loop syncs with the GPU on every iteration"),
        (7, "`.cpu()` in a loop syncs with the GPU on every iteration"),
        (8, "`.to('cpu')` in a loop syncs with the GPU on every iteration")]


@pytest.mark.parametrize("statement", [
    "self.results.append(pred.cpu())",          # an InstanceData moved as a whole
    "bboxes = pred['bboxes'].numpy()",          # no `.cpu()`: a host value either way
    "self.results.append(pred.cpu().keys())",
    "self.results.append(pred.to('cuda').numpy())",  # no copy to the host before it
])
def test_cpu_without_numpy_of_an_unknown_value_is_no_evidence(statement: str) -> None:
    assert rule_findings(CODE, _SAMPLES + f"            {statement}\n") == []
