"""Two false reports of the fresh2 draw (benchmarks/reviews/fresh2-sample-labels.tsv):

- `is_tensor_collection(v)` (tensordict) and `isinstance(v, TensorDictBase)` prove a
  TensorDict where they hold, so `v.is_empty()` there is host metadata, not a tensor test;
  where they fail, `v` keeps what it was (a leaf tensor of a TensorDict);
- a field torch tensors lack, of an object `.cpu()` moved to the host (ultralytics
  `boxes = results.boxes.cpu()`; `boxes.cls`), is on the host too; the same object moved
  to a device keeps its fields unknown (reported where `.item()` reads them).
"""

from __future__ import annotations

from synclint.analysis.kinds import HOST, HOST_TENSOR, TENSOR, UNKNOWN, Instance
from tests.model.probe import probes, syncs

TD = Instance("tensordict.TensorDictBase")


def test_is_tensor_collection_proves_a_tensordict_where_it_holds() -> None:
    source = ("from tensordict import TensorDictBase, is_tensor_collection\n\n\n"
              "def f(td: TensorDictBase):\n    for key, value in td.items(True):\n"
              "        if is_tensor_collection(value):\n"
              "            seen(value)\n            seen(value.is_empty())\n"
              "        else:\n            seen(value)\n")
    assert probes(source) == [TD, HOST, TENSOR]


def test_the_predicate_under_other_import_paths_and_isinstance_of_the_class() -> None:
    source = ("import tensordict\nfrom tensordict.utils import is_tensor_collection as itc\n"
              "from tensordict import TensorDictBase\n\n\n"
              "def f(td: TensorDictBase, x):\n    for key, value in td.items(True):\n"
              "        if tensordict.is_tensor_collection(value):\n            seen(value)\n"
              "        if itc(value):\n            seen(value)\n"
              "        if isinstance(value, TensorDictBase):\n            seen(value)\n")
    assert probes(source) == [TD, TD, TD]


def test_a_project_function_of_the_same_name_proves_nothing() -> None:
    source = ("import torch\n\n\ndef is_tensor_collection(v):\n    return False\n\n\n"
              "def f(value: torch.Tensor):\n    if is_tensor_collection(value):\n"
              "        seen(value)\n")
    assert probes(source) == [TENSOR]


def test_the_empty_test_of_a_collection_is_not_reported_and_a_leaf_test_is() -> None:
    source = ("from tensordict import TensorDictBase, is_tensor_collection\n\n\n"
              "def f(td: TensorDictBase):\n    bad = []\n"
              "    for key, value in td.items(True):\n"
              "        if is_tensor_collection(value) and value.is_empty():\n"
              "            del td[key]\n"
              "        elif not is_tensor_collection(value) and value.isnan().any():\n"
              "            bad.append(key)\n    return bad\n")
    assert syncs(source) == ["SYN102:9"]


def test_fields_of_an_object_moved_to_the_host_are_on_the_host() -> None:
    source = ("import torch\n\n\ndef f(results, device: torch.device):\n"
              "    boxes = results.boxes.cpu()\n    seen(boxes.cls)\n    seen(boxes.cls.item())\n"
              "    on_device = results.boxes.to(device)\n    seen(on_device.cls)\n"
              "    t = torch.ones(3, device=device)\n    seen(t.foo)\n"
              "    seen(boxes.shape)\n    seen(t.cpu().T)\n")
    assert probes(source) == [HOST_TENSOR, HOST, UNKNOWN, UNKNOWN, HOST, HOST_TENSOR]


def test_per_row_reads_of_host_fields_are_not_reported_and_of_device_fields_are() -> None:
    source = ("import torch\n\n\ndef summary(data, device: torch.device):\n    out = []\n"
              "    for row in data.cpu():\n        out.append(row.conf.item())\n"
              "    for row in data.to(device):\n        out.append(row.conf.item())\n"
              "    return out\n")
    assert syncs(source) == ["SYN101:9"]
