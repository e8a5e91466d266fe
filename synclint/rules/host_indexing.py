"""SYN109 host-indexing: indexing a GPU tensor with host data or through host reads: a
Python list index (copied to the tensor's device on every call), slice bounds that are GPU tensors
(each read on the host), `t[mask] = tensor` outside loops (the mask's count is read)."""

from __future__ import annotations

import libcst as cst

from synclint.analysis.kinds import BOOL_TENSOR, DEVICE_TENSORS, HOST, Seq
from synclint.rules.base import Rule
from synclint.rules.gating import per_step


class HostIndexing(Rule):
    code = "SYN109"
    name = "host-indexing"
    summary = "Indexing a GPU tensor with a Python list or with GPU slice bounds: a hidden copy or sync"
    group = "host-to-device copy"
    triggers = ("[",)

    VALID = [
        # A device index tensor, built once.
        "import torch\ndef f(x: torch.Tensor, n: int):\n"
        "    idx = torch.tensor([0, 2], device=x.device)\n    for _ in range(n):\n"
        "        y = x[idx]\n",
        # Python ints and tuples: plain views.
        "import torch\ndef f(x: torch.Tensor, n: int):\n    for i in range(n):\n"
        "        y = x[i, 1:n]\n        z = x[(0, 1)]\n",
        # NumPy arrays.
        "import torch\nimport numpy as np\ndef f(a: np.ndarray, n: int):\n"
        "    for _ in range(n):\n        b = a[[0, 2]]\n",
        # A list index outside any loop: one copy.
        "import torch\ndef f(x: torch.Tensor):\n    return x[[0, 2]]\n",
        # Host bounds.
        "import torch\ndef f(x: torch.Tensor, lengths: torch.Tensor):\n"
        "    bounds = lengths.tolist()\n    return x[bounds[0]:bounds[1]]\n",
        # A host scalar through a mask is masked_fill_; in a loop a tensor value is SYN104's.
        "import torch\ndef f(x: torch.Tensor, v: torch.Tensor, ts: list[torch.Tensor]):\n"
        "    x[x < 0] = 0.0\n    for t in ts:\n        t[t < 0] = v\n",
    ]
    INVALID = [
        "import torch\ndef f(x: torch.Tensor, n: int):\n    for _ in range(n):\n"
        "        y = x[:, [0, 2]]\n",
        "import torch\ndef f(x: torch.Tensor, n: int):\n    keep = [0, 3, 7]\n"
        "    for _ in range(n):\n        y = x[keep]\n",
        "import torch\ndef f(x: torch.Tensor, offsets: torch.Tensor, i: int):\n"
        "    return x[offsets[i]:offsets[i + 1]]\n",
        "import torch\ndef f(x: torch.Tensor, n: torch.Tensor):\n    return x[:n.sum()]\n",
        "import torch\ndef f(x: torch.Tensor, fill: torch.Tensor):\n"
        "    x[torch.isnan(x)] = fill\n",
    ]

    def visit_Subscript(self, node: cst.Subscript) -> None:
        # Structural tests first: most subscripts have literal indices and no slice bounds
        # worth inferring, and inference is the expensive part.
        candidates = False
        for element in node.slice:
            inner = element.slice
            if isinstance(inner, cst.Slice):
                bounds = [b for b in (inner.lower, inner.upper, inner.step)
                          if b is not None and not _literal(b)]
                if any(self.is_device_tensor(b) for b in bounds):
                    self.report(node, "A slice bound that is a GPU tensor is read on the host: "
                                "one sync per bound",
                                help="Read the bounds once (`offsets.tolist()`) and slice with "
                                "Python ints, or use `narrow`/`index_select` with device "
                                "indices.",
                                # Dynamo reads the bound as `.item()` does, for a slice.
                                pattern="item-arithmetic")
                    return
            elif isinstance(inner, cst.Index) and not _literal(inner.value):
                candidates = True
        if not candidates or not self.is_device_tensor(node.value):
            return
        if per_step(self.ctx) and any(isinstance(e.slice, cst.Index) and self._host_list(
                e.slice.value) for e in node.slice):
            self.report(node, "A Python list as an index is copied to the tensor's device on "
                        "every call",
                        help="Build the index once as a device tensor "
                        "(`torch.tensor(rows, device=x.device)`) outside the loop.")
            return
        if not self.ctx.in_loop and self._mask_store_of_tensor(node):
            self.report(node, "Storing a tensor through a boolean mask reads the mask's count "
                        "on the host",
                        help="`x.copy_(torch.where(mask, value, x))` (or `torch.where` "
                        "out of place) keeps the shapes fixed and does not sync.")

    def _host_list(self, index: cst.BaseExpression) -> bool:
        if isinstance(index, cst.List):
            return all(self.kind(e.value) is HOST for e in index.elements)
        if isinstance(index, cst.ListComp):
            return self.kind(index.elt) not in DEVICE_TENSORS
        if isinstance(index, cst.Name):
            kind = self.kind(index)
            return isinstance(kind, Seq) and kind.elem is HOST
        return False

    def _mask_store_of_tensor(self, node: cst.Subscript) -> bool:
        parent = self.ctx.parent
        if not (isinstance(parent, cst.Assign) and any(t.target is node for t in parent.targets)):
            return False
        if not any(isinstance(e.slice, cst.Index) and self.kind(e.slice.value) is BOOL_TENSOR
                   for e in node.slice):
            return False
        return self.kind(parent.value) in DEVICE_TENSORS


def _literal(node: cst.BaseExpression) -> bool:
    """An int, a string, `None` or `...`: never a tensor, never a list."""
    if isinstance(node, cst.UnaryOperation):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.SimpleString, cst.Ellipsis)) or (
        isinstance(node, cst.Name) and node.value == "None")
