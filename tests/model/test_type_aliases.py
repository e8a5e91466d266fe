"""A project's own type aliases (`OptTensor = Optional[Tensor]`) read as what they alias,
in their module and imported from another (issue 22, fresh5 M5); aliases of host values,
unions with a non-tensor, a local name that shadows an alias, and cycles do not make
tensors."""

from __future__ import annotations

from pathlib import Path

import pytest

from synclint.analysis.kinds import HOST, NUMPY, TENSOR, UNKNOWN, Instance, Seq, Tup
from tests.model.probe import probes, syncs

TYPING = """\
from typing import Dict, List, Optional, Tuple, Union

import numpy as np
import torch
from torch import Tensor
from typing_extensions import TypeAlias

OptTensor = Optional[Tensor]
PairTensor = Tuple[Tensor, Tensor]
OptPairTensor = Tuple[Tensor, Optional["Tensor"]]
TensorList: TypeAlias = List[Tensor]
MaybePair = Union[Tensor, PairTensor]
Plain = torch.Tensor
NodeType = str
Size = Optional[Tuple[int, int]]
Arrays = Union[Tensor, np.ndarray]
Array = np.ndarray
Loop = Optional["Loop"]
"""


@pytest.mark.parametrize(("annotation", "kind"), [
    ("OptTensor", TENSOR), ("PairTensor", Tup((TENSOR, TENSOR))),
    ("OptPairTensor", Tup((TENSOR, TENSOR))), ("TensorList", Seq(TENSOR)),
    ("MaybePair", Seq(TENSOR)), ("Plain", TENSOR), ("NodeType", HOST),
    ("Size", Tup((HOST, HOST))), ("Arrays", UNKNOWN), ("Array", NUMPY), ("Loop", UNKNOWN),
])
def test_an_imported_alias_reads_as_what_it_aliases(annotation: str, kind: object) -> None:
    layer = (f"from graph_typing import {annotation}\n\n\n"
             f"def f(a: {annotation}, b: '{annotation}', c: {annotation} | None = None):\n"
             "    seen(a)\n    seen(b)\n    seen(c)\n")
    assert probes({"graph_typing.py": TYPING, "layer.py": layer}, "layer.py") == [kind] * 3


def test_an_alias_of_the_module_itself_and_through_a_module_name() -> None:
    source = ("from typing import Optional\nfrom torch import Tensor\n\n"
              "OptTensor = Optional[Tensor]\n\n\ndef f(a: OptTensor):\n    seen(a)\n")
    assert probes(source) == [TENSOR]
    layer = ("import graph_typing as gt\n\n\ndef f(a: gt.OptTensor, b: gt.Size):\n"
             "    seen(a)\n    seen(b)\n")
    assert probes({"graph_typing.py": TYPING, "layer.py": layer}, "layer.py") == [
        TENSOR, Tup((HOST, HOST))]


def test_the_names_of_an_alias_are_its_modules_not_the_readers() -> None:
    # The reader's own `Tensor` is a class of its own: the alias still means torch's.
    layer = ("from graph_typing import OptTensor\n\n\nclass Tensor:\n    pass\n\n\n"
             "def f(a: OptTensor, b: Tensor):\n    seen(a)\n    seen(b)\n")
    assert probes({"graph_typing.py": TYPING, "layer.py": layer}, "layer.py") == [
        TENSOR, Instance("layer:Tensor")]


def test_values_and_local_names_are_not_aliases() -> None:
    # A module-level value (`DEVICE = "cuda"`, a tensor) is no alias, and a local name
    # that shadows an alias is the local value.
    source = """\
from typing import Optional

import torch
from torch import Tensor

OptTensor = Optional[Tensor]
scale = torch.ones(3)
Weights = torch.ones(3)


def f(a: scale, b: Weights):
    seen(a)
    seen(b)


def g(items):
    OptTensor = items
    x: OptTensor = items[0]
    seen(x)
"""
    assert probes(source) == [UNKNOWN, UNKNOWN, UNKNOWN]


def test_a_return_annotation_through_an_alias_and_its_syncs() -> None:
    layer = """\
from graph_typing import OptTensor, TensorList


def pick(xs: TensorList) -> OptTensor:
    return xs[0] if xs else None


def count(xs: TensorList) -> int:
    n = 0
    for x in xs:
        if x.sum() > 0:
            n += 1
    first = pick(xs)
    if first is not None and first.any():
        n += 1
    return n
"""
    assert syncs({"graph_typing.py": TYPING, "layer.py": layer}, "layer.py") == [
        "SYN102:11", "SYN102:14"]


def test_python_312_type_statement_is_an_alias() -> None:
    import sys

    if sys.version_info < (3, 12):
        pytest.skip("`type X = ...` is Python 3.12 syntax")
    source = ("from torch import Tensor\n\ntype OptTensor = Tensor | None\n\n\n"
              "def f(a: OptTensor):\n    seen(a)\n")
    assert probes(source) == [TENSOR]


def test_a_cached_alias_reads_the_same_and_a_changed_one_re_reads_its_importers(
        tmp_path: Path) -> None:
    # The warm run reads the alias from the index cache (its module unparsed); once the
    # alias no longer names a tensor, the importer's finding goes, as in a cold run.
    from tests.project.test_index_cache import _findings, write_tree

    files = {
        "pkg/__init__.py": "",
        "pkg/typing.py": "from typing import Optional\n\nfrom torch import Tensor\n\n"
                         "OptTensor = Optional[Tensor]\n",
        "pkg/conv.py": "import torch\n\nfrom .typing import OptTensor\n\n\n"
                       "def f(edge_type: OptTensor):\n"
                       "    if edge_type is not None and edge_type.any():\n"
                       "        return 1\n    return 0\n",
    }
    paths, cache = write_tree(tmp_path / "src", files), tmp_path / "cache"
    cold = _findings(paths, None)
    assert [(Path(f).name, row) for f, row, _ in cold] == [("conv.py", 7)]
    assert _findings(paths, cache) == cold
    assert _findings(paths, cache) == cold  # warm: nothing parsed again
    typing = next(p for p in paths if p.endswith("typing.py"))
    Path(typing).write_text(files["pkg/typing.py"].replace("Optional[Tensor]", "Optional[int]"))
    assert _findings(paths, cache) == _findings(paths, None) == []
