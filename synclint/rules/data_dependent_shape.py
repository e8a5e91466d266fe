"""SYN111 data-dependent-shape: ops whose output size the host must learn from the GPU,
outside loops (SYN104 reports them in loops): `repeat_interleave` without `output_size=`
and one-argument `torch.where` anywhere; `nonzero`, `unique`, `masked_select`, `bincount`
... where their result feeds host code; `bincount` in loops too."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from synclint.analysis.names import keyword_arg, last_name
from synclint.analysis.site_names import DATA_SHAPE_NAMES, SIZED_BY_DATA
from synclint.analysis.uses import occurrences
from synclint.fixes.compiled_forms import one_hot_fix
from synclint.fixes.output_size import output_size_fix, output_size_help
from synclint.knowledge.torch import JOIN_FLATTENED_FUNCTIONS
from synclint.rules.base import Example, Rule
from synclint.rules.wording import with_reason

#: Ops whose result size depends on the data; reported outside loops where the result
#: reaches host code (the sync is then the first of several host round trips).
#: Methods and attributes that read a tensor, or its size, on the host.
HOST_USES = frozenset({"tolist", "item", "numel", "size", "shape", "cpu", "numpy", "__len__"})
#: Builtins that take a value to the host.
HOST_BUILTINS = frozenset({"len", "range", "int", "float", "bool", "list", "tuple", "enumerate",
                           "zip", "print", "str", "set", "sorted", "dict"})
#: Tensor methods whose result is still the same data on the device (follow through them).
_PASS_THROUGH = frozenset({"flatten", "squeeze", "unsqueeze", "view", "reshape", "t", "long",
                           "int", "float", "to", "contiguous", "clone", "detach"})
_ADVICE = {
    "nonzero": "`nonzero_static(size=...)` when an upper bound is known, or a fixed-shape "
               "mask (`torch.where(mask, x, 0)`)",
    "argwhere": "`nonzero_static(size=...)` when an upper bound is known",
    "unique": "a fixed-size count over the known range (`torch.bincount(x, minlength=n)` "
              "into `> 0`, or `one_hot(...).any(0)`)",
    "unique_consecutive": "a fixed-shape comparison with the shifted tensor (`x[1:] != x[:-1]`)",
    "masked_select": "`torch.where(mask, x, 0)` (or `masked_fill`) with the shape kept",
    "bincount": "a fixed-size `scatter_add_` into `torch.zeros(n)` when the range is known",
}


class DataDependentShape(Rule):
    code = "SYN111"
    name = "data-dependent-shape"
    summary = "An op whose output size depends on GPU data: the host waits to learn the size"
    group = "data-dependent shape"
    fixable = True
    triggers = ("repeat_interleave", "where", "nonzero", "argwhere", "unique", "masked_select",
                "bincount", "one_hot")

    VALID = [
        # Fixed sizes.
        "import torch\ndef f(x: torch.Tensor, m: torch.Tensor, c: torch.Tensor, n: int):\n"
        "    a = torch.where(m, x, 0)\n    b = torch.repeat_interleave(x, c, output_size=n)\n"
        "    d = x.repeat_interleave(4, dim=0)\n    return a, b, d\n",
        # NumPy.
        "import torch\nimport numpy as np\ndef f(a: np.ndarray):\n"
        "    return np.where(a > 0), len(np.unique(a))\n",
        # Outside a loop, a result that stays on the device: one sync, not reported.
        "import torch\ndef f(x: torch.Tensor, dead: torch.Tensor):\n"
        "    idx = dead.nonzero().squeeze(1)\n    return x.index_fill(0, idx, 0.0)\n",
        # The number of classes is given: no read of the largest label.
        "import torch\nimport torch.nn.functional as F\ndef f(y: torch.Tensor):\n"
        "    return F.one_hot(y, num_classes=10), F.one_hot(y, 10)\n",
        # In a loop: SYN104's finding.
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
        "        n = len(t.nonzero())\n        w = torch.where(t > 0)\n",
    ]
    INVALID = [
        Example("import torch\ndef f(x: torch.Tensor, seqs: list[torch.Tensor]):\n"
                "    lengths = [len(s) for s in seqs]\n"
                "    counts = torch.tensor(lengths, device=x.device)\n"
                "    return torch.repeat_interleave(counts)\n",
                "import torch\ndef f(x: torch.Tensor, seqs: list[torch.Tensor]):\n"
                "    lengths = [len(s) for s in seqs]\n"
                "    counts = torch.tensor(lengths, device=x.device)\n"
                "    return torch.repeat_interleave(counts, output_size=sum(lengths))\n"),
        "import torch\ndef f(x: torch.Tensor, counts: torch.Tensor):\n"
        "    return torch.repeat_interleave(x, counts, dim=0)\n",
        "import torch\ndef f(x: torch.Tensor, counts: torch.Tensor):\n"
        "    return x.repeat_interleave(counts)\n",
        "import torch\ndef f(mask: torch.Tensor):\n    rows, cols = torch.where(mask > 0)\n"
        "    return rows\n",
        "import torch\ndef f(labels: torch.Tensor):\n    return len(torch.unique(labels))\n",
        "import torch\ndef f(done: torch.Tensor):\n    idx = done.nonzero().flatten()\n"
        "    return idx.tolist()\n",
        "import torch\ndef f(preds: torch.Tensor):\n    counts = torch.bincount(preds)\n"
        "    for c in counts:\n        print(c)\n",
        "import torch\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
        "        h = torch.bincount(t)\n",
        # Per-step code: one sync per call (SYN104 has no bincount).
        "import torch\nclass Counts(torch.nn.Module):\n"
        "    def forward(self, x: torch.Tensor):\n        return torch.bincount(x)\n",
        "import torch\nimport torch.nn.functional as F\ndef f(logits: torch.Tensor):\n"
        "    return F.one_hot(logits.argmax(-1))\n",
    ]

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        # Cheap test first: most calls name none of these ops.
        if last_name(func) not in DATA_SHAPE_NAMES:
            return
        qualified = self.ctx.imports.qualify(func)
        if qualified == "torch.nn.functional.one_hot":
            self._one_hot(node)
            return
        if qualified is not None:
            name = self.ctx.imports.torch_function(func)
            if name is None:
                return
            positional = [a for a in node.args if a.keyword is None]
            subject = positional[0] if positional else keyword_arg(node, "input")
            if name == "where":
                if len(node.args) == 1 and subject is not None:
                    self._where(node, subject.value)
            elif name == "repeat_interleave":
                repeats = keyword_arg(node, "repeats")
                if repeats is None and len(positional) in (1, 2):
                    repeats = positional[-1]
                one_argument = (len(positional) == 1 and repeats is positional[0]
                                and keyword_arg(node, "input") is None)
                self._repeat(node, repeats, one_argument)
            elif name in SIZED_BY_DATA and subject is not None:
                self._sized(node, name, subject.value)
        elif isinstance(func, cst.Attribute):
            name = func.attr.value
            if name == "repeat_interleave":
                positional = [a for a in node.args if a.keyword is None]
                repeats = keyword_arg(node, "repeats") or (positional[0] if positional else None)
                if self.is_device_tensor(func.value):
                    self._repeat(node, repeats, False)
            elif name in SIZED_BY_DATA:
                self._sized(node, name, func.value)

    def _one_hot(self, node: cst.Call) -> None:
        positional = [a for a in node.args if a.keyword is None]
        labels = positional[0] if positional else keyword_arg(node, "tensor")
        if self.ctx.in_loop or len(positional) >= 2 or keyword_arg(node, "num_classes") \
                is not None or labels is None or not self.is_device_tensor(labels.value):
            return
        outcome = one_hot_fix(self.ctx, node, labels.value)
        self.report(node, "`one_hot` without `num_classes=` reads the largest label from the "
                    "GPU", fix=outcome.fix,
                    help=with_reason("Pass `num_classes=` (the number of classes the labels "
                                     "come from)", outcome.reason))

    def _where(self, node: cst.Call, condition: cst.BaseExpression) -> None:
        if self.ctx.in_loop or not self.is_device_tensor(condition):
            return
        self.report(node, "One-argument `torch.where(cond)` is `nonzero`: its size is read "
                    "from the GPU",
                    help="Use the three-argument `torch.where(cond, a, b)` to keep the shape, "
                    "or `nonzero_static(size=...)` when an upper bound is known.")

    def _repeat(self, node: cst.Call, repeats: cst.Arg | None, one_argument: bool) -> None:
        if self.ctx.in_loop or keyword_arg(node, "output_size") is not None:
            return
        if repeats is None or not self.is_device_tensor(repeats.value):
            return
        outcome = output_size_fix(node, repeats.value, one_argument, self.scope(),
                                  self.ctx.parents, self.output_size_facts())
        self.report(node, "`repeat_interleave` with GPU repeats and no `output_size=` reads "
                    "the total on the host", fix=outcome.fix, help=output_size_help(outcome))

    def _sized(self, node: cst.Call, name: str, subject: cst.BaseExpression) -> None:
        if not self.is_device_tensor(subject):
            return
        if self.ctx.in_loop:
            if name != "bincount":
                return  # SYN104's finding
        elif not self._feeds_host(node) and not (
                name == "bincount" and self.ctx.hot_here() is not None):
            return  # (per-step `bincount` is reported: SYN104 has no bincount)
        self.report(node, f"`{name}()` has a data-dependent size: the host waits for the GPU "
                    "to learn it",
                    help=f"Keep the shape fixed: {_ADVICE[name]}.")

    # -- does the result reach host code? -------------------------------------------------
    def _feeds_host(self, node: cst.Call) -> bool:
        parents = self.ctx.parents
        target = self._host_use(node, parents)
        if target is not None:
            return True
        # `name = <call>...`: follow the name through its later uses in the function.
        assigned = _assigned_name(node, parents)
        if assigned is None:
            return False
        scope: cst.CSTNode = self.ctx.functions[-1] if self.ctx.functions else parents[0]
        # ... and through the names its pieces are gathered into (`reads = [counts[i].view(())
        # for i in ...]` then `torch.stack(reads).tolist()`: the batched fix's form).
        names, seen = [assigned], {assigned}
        while names:
            current = names.pop()
            for name, ancestors in occurrences(scope, current):
                use = self._host_use(name, ancestors)
                # Iterating a gathered Python list reads nothing; iterating the result does.
                if use is not None and (use != "for" or current == assigned):
                    return True
                gathered = _gathered_name(name, ancestors)
                if gathered is not None and gathered not in seen and len(seen) < _MAX_HOPS:
                    seen.add(gathered)
                    names.append(gathered)
        return False

    def _host_use(self, node: cst.CSTNode, ancestors: Sequence[cst.CSTNode]) -> str | None:
        """The host use `node`'s value reaches through pass-through methods, or None."""
        child = node
        for parent in reversed(ancestors):
            if isinstance(parent, cst.Attribute) and parent.value is child:
                if parent.attr.value in HOST_USES:
                    return parent.attr.value
                child = parent
                continue
            if isinstance(parent, cst.Call):
                if isinstance(parent.func, cst.Attribute) and parent.func is child:
                    if parent.func.attr.value in _PASS_THROUGH:
                        child = parent
                        continue
                    return None
                if (isinstance(parent.func, cst.Name) and parent.func.value in HOST_BUILTINS
                        and any(a is child or a.value is child for a in parent.args)):
                    return parent.func.value
                if self.ctx.imports.qualify(parent.func) in _JOINS and parent.args and \
                        parent.args[0] is child:
                    child = parent  # `torch.stack(pieces)`: the same values, on the device
                    continue
                return None
            if isinstance(parent, cst.Arg) or (
                    isinstance(parent, cst.Subscript) and parent.value is child):
                child = parent
                continue
            if isinstance(parent, (cst.For, cst.CompFor)) and parent.iter is child:
                return "for"
            return None
        return None


#: How many names `_feeds_host` follows a result through; joins it follows through.
_MAX_HOPS = 4
_JOINS = JOIN_FLATTENED_FUNCTIONS | {"torch.vstack"}


def _gathered_name(node: cst.CSTNode, ancestors: Sequence[cst.CSTNode]) -> str | None:
    """`x` when a use of a name (`counts[i].view(())`: through subscripts and pass-through
    methods) is the element of a comprehension assigned to `x`."""
    child = node
    comprehension = None
    for parent in reversed(ancestors):
        if (isinstance(parent, cst.Subscript) and parent.value is child) or (
                isinstance(parent, cst.Attribute) and parent.value is child):
            child = parent
            continue
        if (isinstance(parent, cst.Call) and parent.func is child
                and isinstance(child, cst.Attribute) and child.attr.value in _PASS_THROUGH):
            child = parent
            continue
        if comprehension is None and isinstance(parent, (cst.ListComp, cst.GeneratorExp)) \
                and parent.elt is child:
            comprehension = child = parent
            continue
        if comprehension is not None and isinstance(parent, cst.Assign) and \
                parent.value is child and len(parent.targets) == 1:
            target = parent.targets[0].target
            return target.value if isinstance(target, cst.Name) else None
        return None
    return None


def _assigned_name(node: cst.CSTNode, parents: Sequence[cst.CSTNode]) -> str | None:
    """`x` when `node` (through pass-through method calls) is the value of `x = ...`."""
    child: cst.CSTNode = node
    for parent in reversed(parents):
        if isinstance(parent, cst.Attribute) and parent.value is child:
            child = parent
            continue
        if (isinstance(parent, cst.Call) and parent.func is child
                and isinstance(child, cst.Attribute) and child.attr.value in _PASS_THROUGH):
            child = parent
            continue
        if isinstance(parent, cst.Assign) and parent.value is child and len(parent.targets) == 1:
            target = parent.targets[0].target
            return target.value if isinstance(target, cst.Name) else None
        return None
    return None

