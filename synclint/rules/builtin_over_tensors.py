"""SYN108 builtin-over-tensors: `max`, `min`, `sorted` or `in` over tensors: every
comparison is a tensor truth test, a GPU sync the code does not show."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from synclint.analysis.kinds import DEVICE_TENSORS, Seq, Tup, elem_of
from synclint.analysis.site_names import COMPARING_BUILTINS
from synclint.analysis.tree import walk
from synclint.analysis.uses import binds, occurrences
from synclint.analysis.walker import Context
from synclint.diagnostics import Applicability
from synclint.rules.base import Example, PendingFix, Replacement, Rule, Sink

#: Builtins that compare the elements of their argument with `<` / `>`.
_STACK_UNSAFE = (
    "No safe fix: with a NaN element Python's `{name}` depends on the order while "
    "`torch.{name}` returns NaN, an empty list raises RuntimeError instead of ValueError, "
    "mixed dtypes are promoted, and the result is a new tensor rather than one of the "
    "elements."
)

_HOST_RESULT = (
    "No fix: the result is used on the host, where reading the values once "
    "(`{name}(torch.stack(ts).tolist())`) is one sync and keeps Python numbers."
)
#: Tensor methods that read the value on the host.
_HOST_METHODS = frozenset({"item", "tolist", "cpu", "numpy", "__bool__", "__float__",
                           "__int__", "__index__"})


class BuiltinOverTensors(Rule):
    code = "SYN108"
    name = "builtin-over-tensors"
    summary = "`max`/`min`/`sorted`/`in` over tensors: each comparison is a hidden GPU sync"
    group = "truth test"
    fixable = True
    triggers = ("max(", "min(", "sorted(", " in ", ".sort(")

    VALID = [
        # A key test: a string is never an element of a tensor (from transformers' Trainer).
        "import torch\ndef f(model: torch.nn.Module, x):\n    outputs = model(x)\n"
        "    if isinstance(outputs, dict) and 'loss' not in outputs:\n"
        "        raise ValueError('no loss')\n",
        "import torch\ndef f(out: torch.Tensor):\n    return 'loss' in out\n",
        # torch reductions stay on the device.
        "import torch\ndef f(ts: list[torch.Tensor]):\n    return torch.stack(ts).max()\n",
        # Python numbers and NumPy arrays.
        "import torch\nimport numpy as np\ndef f(xs: list[float], a: np.ndarray):\n"
        "    return max(xs), min(a), sorted(xs)\n",
        # Read once, then compared on the host.
        "import torch\ndef f(ts: list[torch.Tensor]):\n    values = torch.stack(ts).tolist()\n"
        "    return max(values)\n",
        # A key that returns a host value.
        "import torch\ndef f(model: torch.nn.Module):\n"
        "    return sorted(model.named_parameters(), key=lambda kv: kv[0])\n",
        # `in` on a dict of tensors tests its keys.
        "import torch\ndef f(batch: dict[str, torch.Tensor]):\n    return 'labels' in batch\n",
        # A key test whose body reads the item: a model's output dict, not a tensor.
        "import torch\ndef f(model: torch.nn.Module, x, keys: list[str]):\n"
        "    out = model(x)\n    for k in keys:\n        if k in out:\n"
        "            print(out[k])\n",
        # Metadata.
        "import torch\ndef f(ts: list[torch.Tensor]):\n    return max(t.numel() for t in ts)\n",
        # A host tensor.
        "import torch\ndef f(t: torch.Tensor):\n    h = t.cpu()\n    return max(h), 3 in h\n",
    ]
    INVALID = [
        Example("import torch\ndef f(losses: list[torch.Tensor]):\n    return min(losses)\n",
                "import torch\ndef f(losses: list[torch.Tensor]):\n"
                "    return torch.stack(losses).min()\n"),
        "import torch\ndef f(scores: list[torch.Tensor]):\n"
        "    return sorted(scores, reverse=True)\n",
        "import torch\ndef f(tokens: torch.Tensor, eos: int):\n    return eos in tokens\n",
        "import torch\ndef f(model: torch.nn.Module, x, ids: list[int], hits: list[int]):\n"
        "    out = model(x)\n    for i in ids:\n        if i in out:\n"
        "            hits.append(i)\n",
        "import torch\ndef f(norm: torch.Tensor):\n    return 1.0 / max(norm, 1e-6)\n",
        "import torch\ndef f(model: torch.nn.Module):\n"
        "    return max(p.abs().max() for p in model.parameters())\n",
        "import torch\ndef f(t: torch.Tensor):\n    return max(t)\n",
        "import torch\ndef f(ts: list[torch.Tensor]):\n    ts.sort()\n",
        Example("import torch\ndef f(a: torch.Tensor, b: torch.Tensor, c: list[torch.Tensor]):\n"
                "    return max(a, b), min(c), sorted(c)\n", count=3),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Name) and func.value in COMPARING_BUILTINS:
            if not self.ctx.bound(func.value):  # not shadowed by a local
                self._builtin(node, func.value)
        elif (isinstance(func, cst.Attribute) and func.attr.value == "sort"
              and all(a.keyword is not None and a.keyword.value == "reverse" for a in node.args)
              and self._sequence_of_tensors(func.value)):
            self.report(node, "`list.sort()` of tensors compares them on the host: one sync "
                        "per comparison",
                        help="Sort on the device: `torch.stack(ts).sort()`, or read the "
                        "values once (`torch.stack(ts).tolist()`) and sort those.")

    def __init__(self, context: Context, sink: Sink) -> None:
        super().__init__(context, sink)
        #: `in` tests that look an item up in a mapping (`_key_test`), by node id.
        self._key_tests: set[int] = set()

    def visit_If(self, node: cst.If) -> None:
        self._key_test(node.test, node.body)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._key_test(node.test, node.body)

    def _key_test(self, test: cst.BaseExpression, body: cst.CSTNode) -> None:
        """`if prop in results: ... results[prop]`: the body reads the item the test
        found, so `results` is a mapping (a model's output dict), not a tensor whose
        elements are compared."""
        if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1 or \
                not isinstance(test.comparisons[0].operator, cst.In):
            return
        key, mapping = test.left, test.comparisons[0].comparator
        if not isinstance(key, cst.Name) or not isinstance(mapping, (cst.Name, cst.Attribute)):
            return
        if any(isinstance(node, cst.Subscript) and node.value.deep_equals(mapping) and
               len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) and
               node.slice[0].slice.value.deep_equals(key) for node in walk(body)):
            self._key_tests.add(id(test))

    def visit_Comparison(self, node: cst.Comparison) -> None:
        if id(node) in self._key_tests:
            return
        for target in node.comparisons:
            if isinstance(target.operator, (cst.In, cst.NotIn)) and self.is_device_tensor(
                    target.comparator) and not isinstance(node.left, cst.BaseString):
                # `"loss" in outputs` is a key test: a string is never in a tensor.
                self.report(node, "`in` on a tensor is `(t == x).any()` read on the host: "
                            "a GPU sync",
                            help="Keep the test on the device (`(t == x).any()`) and read it "
                            "once where a Python bool is needed; or test a host copy.")
                return

    def _builtin(self, node: cst.Call, name: str) -> None:
        if any(arg.star for arg in node.args):
            return
        if any(arg.keyword is not None and arg.keyword.value == "key" for arg in node.args):
            return  # what the key returns is not known
        positional = [arg for arg in node.args if arg.keyword is None]
        if not positional:
            return
        if len(positional) == 1:
            argument = positional[0].value
            kind = self.kind(argument)
            over_sequence = isinstance(kind, (Seq, Tup)) and elem_of(kind) in DEVICE_TENSORS
            if not (over_sequence or kind in DEVICE_TENSORS):
                return
        elif name == "sorted" or not any(self.is_device_tensor(a.value) for a in positional):
            return
        message = (f"`{name}()` over tensors compares them on the host: one GPU sync per "
                   "comparison")
        if name == "sorted":
            remedy = ("Sort on the device (`torch.stack(ts).sort()`, `torch.topk`), or read the "
                      "values once (`torch.stack(ts).tolist()`) and sort those.")
        elif len(positional) == 1:
            remedy = (f"Reduce on the device: `torch.stack(ts).{name}()` (or `t.{name}()` for one "
                      "tensor), and read the result once if a Python number is needed.")
        else:
            remedy = (f"Use `torch.{'maximum' if name == 'max' else 'minimum'}(a, b)` or "
                      "`t.clamp(...)`: they compare on the device.")
        fix = None
        if (len(positional) == 1 and len(node.args) == 1 and name != "sorted"
                and isinstance(self.kind(positional[0].value), (Seq, Tup))):
            if self._used_as_tensor(node):
                fix = self._stack_fix(node, name, positional[0].value)
                remedy += " " + _STACK_UNSAFE.format(name=name)
            else:
                remedy += " " + _HOST_RESULT.format(name=name)
        self.report(node, message, fix=fix, help=remedy)

    # -- is the result used as a tensor? --------------------------------------------------
    def _used_as_tensor(self, node: cst.Call) -> bool:
        """Whether every use of `node`'s value is a tensor use: returned, passed to torch,
        a tensor method, arithmetic whose result is such a use, or a name used only so.
        Where it reaches host code (`if`, `print`, an f-string, `float()`, `.item()`) the
        better change reads the values once, so the stack fix is not offered there."""
        use = self._use_of(node, self.ctx.parents)
        if isinstance(use, str):
            scope: cst.CSTNode = (self.ctx.functions[-1] if self.ctx.functions
                                  else self.ctx.parents[0])
            uses = [(n, a) for n, a in occurrences(scope, use) if not binds(n, a)]
            return bool(uses) and all(self._use_of(n, a) is True for n, a in uses)
        return use

    def _use_of(self, node: cst.CSTNode, ancestors: Sequence[cst.CSTNode]) -> bool | str:
        """True for a tensor use, False for a host (or unknown) one, or the name the
        value is assigned to (its uses decide)."""
        child = node
        for parent in reversed(ancestors):
            if isinstance(parent, (cst.BinaryOperation, cst.UnaryOperation)):
                child = parent  # still a tensor: its use decides
                continue
            if isinstance(parent, cst.Attribute) and parent.value is child:
                if parent.attr.value in _HOST_METHODS:
                    return False
                child = parent  # a method call: a tensor whose use decides; else metadata
                continue
            if isinstance(parent, cst.Call) and parent.func is child:
                child = parent
                continue
            if isinstance(child, cst.Attribute):
                return True  # `.shape`, `.dtype`: metadata
            if isinstance(parent, cst.Arg) and parent.value is child:
                child = parent
                continue
            if isinstance(parent, cst.Call) and isinstance(child, cst.Arg):
                qualified = self.ctx.imports.qualify(parent.func)
                return qualified is not None and qualified.startswith("torch.")
            if isinstance(parent, cst.Return):
                return True  # the caller gets a tensor either way
            if (isinstance(parent, cst.Assign) and parent.value is child
                    and len(parent.targets) == 1
                    and isinstance(parent.targets[0].target, cst.Name)
                    and not isinstance(node, cst.Name)):
                return parent.targets[0].target.value
            return False
        return False

    def _stack_fix(self, node: cst.Call, name: str, argument: cst.BaseExpression) -> PendingFix:
        code = cst.Module([]).code_for_node(argument)
        if isinstance(argument, cst.GeneratorExp) and not argument.lpar:
            code = f"[{code}]"  # torch.stack takes a sequence, not a generator
        elif isinstance(argument, cst.GeneratorExp):
            code = f"[{code[1:-1]}]"
        return PendingFix(Applicability.UNSAFE, f"Replace with `torch.stack(...).{name}()`",
                          (Replacement(node, f"torch.stack({code}).{name}()"),),
                          imports=("torch",))

    def _sequence_of_tensors(self, node: cst.BaseExpression) -> bool:
        kind = self.kind(node)
        return isinstance(kind, Seq) and kind.elem in DEVICE_TENSORS
