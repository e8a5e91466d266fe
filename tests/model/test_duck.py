"""Duck-typed parameters (`model/duck.py`): an unannotated parameter read with attributes
that only a few project classes have is read as those classes hold them, where every one
of them holds a host value there (torchkge's graph utilities, fresh11 F1). Each with its
look-alikes: a class that keeps them on the GPU, two classes that disagree, a single
attribute, a tensor's attribute, an annotated or rebound parameter."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import HOST, HOST_TENSOR, UNKNOWN
from synclint.model.duck import MAX_CANDIDATES
from synclint.model.project import build_project
from tests.model.probe import codes, probes

GRAPH = '''
import torch


class KnowledgeGraph:
    def __init__(self, heads, tails, relations):
        self.n_rel = len(set(relations))
        self.head_idx = torch.tensor(heads)
        self.tail_idx = torch.tensor(tails)
        self.relations = torch.tensor(relations)

    def relabel(self, mapping):
        self.relations = torch.tensor([mapping[r] for r in self.relations.tolist()])


def relation_sizes(kg):
    sizes = {}
    for r in range(kg.n_rel):
        mask = kg.relations == r
        seen(kg.relations)
        seen(kg.n_rel)
        sizes[r] = mask.sum().item()
        if (kg.head_idx[mask] == kg.tail_idx[mask]).any():
            sizes[r] -= 1
    return sizes
'''


def test_a_parameter_read_with_a_host_classes_attributes_is_host() -> None:
    assert probes(GRAPH) == [HOST_TENSOR, HOST]
    assert codes(GRAPH) == []


def test_the_summary_names_the_classes_and_the_view_reads_them() -> None:
    project = build_project({"m.py": GRAPH.replace("seen(", "print(")}, {"m.py": "m"})
    assert project.summaries["m:relation_sizes"].ducks == (("kg", ("m:KnowledgeGraph",)),)
    assert project.summaries["m:KnowledgeGraph.relabel"].ducks == ()  # `mapping[r]` only


DEVICE = '''

class DeviceGraph:
    def __init__(self, relations, n_rel):
        self.n_rel = n_rel
        self.head_idx = torch.zeros(3, device="cuda")
        self.tail_idx = torch.zeros(3, device="cuda")
        self.relations = torch.tensor(relations, device="cuda")
'''


@pytest.mark.parametrize(("change", "added"), [
    # Another class with the same attributes on the GPU: either may be passed.
    ("", DEVICE),
    # The same class keeping one of them on the GPU.
    ("self.relations = torch.tensor(relations)",
     "self.relations = torch.tensor(relations, device='cuda')"),
    # A tensor's attribute read too: the parameter may be a tensor.
    ("mask = kg.relations == r", "mask = kg.relations == r + kg.shape[0]"),
    # Annotated: the annotation decides, as before.
    ("def relation_sizes(kg):", "def relation_sizes(kg: object):"),
    # Rebound in the body: not the caller's value any more.
    ("    sizes = {}\n", "    sizes = {}\n    kg = to_device(kg)\n"),
    # A container that moves its tensors (torchdrug's graphs: `graph.cuda()`).
    ("    def relabel(self, mapping):",
     "    def cuda(self):\n        return KnowledgeGraph(self.head_idx.cuda(), self.tail_idx,"
     " self.relations)\n\n    def relabel(self, mapping):"),
    # A module moves with `.to(device)`.
    ("class KnowledgeGraph:", "class KnowledgeGraph(torch.nn.Module):"),
])
def test_look_alikes_keep_the_read_as_it_was(change: str, added: str) -> None:
    source = GRAPH + added if not change else GRAPH.replace(change, added)
    # Never a device tensor where the read was unknown: the facts only ever make it host.
    assert probes(source)[0] is UNKNOWN, (change, added)
    assert "SYN101" in codes(source)


def test_one_attribute_says_too_little() -> None:
    source = GRAPH.replace("""        if (kg.head_idx[mask] == kg.tail_idx[mask]).any():
            sizes[r] -= 1
""", "").replace("for r in range(kg.n_rel):", "for r in range(4):").replace(
        "        seen(kg.n_rel)\n", "")
    assert probes(source) == [UNKNOWN]
    assert codes(source) == ["SYN101"]


def test_too_many_classes_with_the_attributes_say_nothing() -> None:
    copies = "".join(
        GRAPH.split("\n\ndef relation_sizes")[0].split("import torch\n", 1)[1].replace(
            "KnowledgeGraph", f"Graph{i}") for i in range(MAX_CANDIDATES))
    assert probes(GRAPH + copies)[0] is UNKNOWN
    fewer = "".join(
        GRAPH.split("\n\ndef relation_sizes")[0].split("import torch\n", 1)[1].replace(
            "KnowledgeGraph", f"Graph{i}") for i in range(MAX_CANDIDATES - 1))
    assert probes(GRAPH + fewer)[0] is HOST_TENSOR


def test_across_modules_through_the_view() -> None:
    graph, helper = GRAPH.split("\n\ndef relation_sizes")
    sources = {"graphs.py": graph, "utils.py": "import torch\n\n\ndef relation_sizes" + helper}
    assert probes(sources, "utils.py") == [HOST_TENSOR, HOST]
    assert codes(sources, "utils.py") == []
