"""SYN401 graph-break: code `torch.compile` runs that breaks the graph without a host sync.

A host read in compiled code is a sync and a graph break, and the sync rules report it
(with `graph_break` on the finding). This rule reports the breaks that are not syncs:
`print`, calls Dynamo cannot trace (`time.time()`, `warnings.warn`, logging), a call of a
function disabled for the compiler, Python control flow on the size of a data-dependent
result, and `.numpy()` where the installed torch breaks on it. Whether each breaks is a
row of `knowledge/dynamo.py`, asked for the installed torch and the project's flags.
"""

from __future__ import annotations

import libcst as cst

from synclint.analysis.graph_breaks import call_pattern, graph_break_here
from synclint.analysis.walker import Context, walk
from synclint.rules.base import Rule, Sink

_HELP = {
    "print": "Print outside the compiled function, or return the values and print them there "
             "(`torch._dynamo.config.reorderable_logging_functions` can defer `print`).",
    "unsupported-call": "Move the call out of the compiled function (time, warn or log "
                        "around the compiled call), or keep it behind a flag that is off "
                        "when compiling.",
    "disabled-call": "Call the disabled function outside the compiled region, or let Dynamo "
                     "trace it (remove `torch.compiler.disable`).",
    "data-dependent-shape-control": "Keep the shape fixed (`nonzero_static(size=...)`, a "
                                    "mask with `torch.where`), or branch with `torch.cond`.",
    "numpy": "Stay in torch: use the tensor op instead of the NumPy one.",
}
_WHAT = {
    "print": "`print()`",
    "unsupported-call": "A call Dynamo cannot trace",
    "disabled-call": "A call of a function disabled for the compiler",
    "numpy": "`.numpy()`",
}
_SHAPE_READS = frozenset({"shape", "size", "numel", "dim"})


class GraphBreak(Rule):
    code = "SYN401"
    name = "graph-break"
    summary = ("Code torch.compile runs breaks the graph without a host sync: print, "
               "untraceable calls")
    group = "graph break"
    triggers = ("compile",)

    VALID = [
        # Not compiled: print is fine.
        "import torch\ndef f(x: torch.Tensor):\n    print('step')\n    return x * 2\n",
        # Compiled, nothing Dynamo cannot trace.
        "import torch\n@torch.compile\ndef f(x: torch.Tensor):\n    y = torch.where(x > 0, x, 0.0)\n"
        "    return y.sum()\n",
        # Control flow on a static shape is specialised, not broken.
        "import torch\n@torch.compile\ndef f(x: torch.Tensor):\n    if x.shape[0] > 4:\n"
        "        return x + 1\n    return x\n",
        # Disabled itself: the code inside runs eagerly.
        "import torch\n@torch.compiler.disable\ndef f(x: torch.Tensor):\n    print('eager')\n"
        "    return x\n",
        # A print in an `except` handler runs only on an error.
        "import torch\n@torch.compile\ndef f(x: torch.Tensor):\n    try:\n        return x * 2\n"
        "    except RuntimeError:\n        print('failed')\n        raise\n",
        # A module's own method named like a logger call is not logging.
        "import torch\n@torch.compile\ndef f(x: torch.Tensor, stats):\n    stats.info(x)\n"
        "    return x\n",
    ]
    INVALID = [
        "import torch\n@torch.compile\ndef f(x: torch.Tensor):\n    print('step')\n"
        "    return x * 2\n",
        "import torch\nimport time\n@torch.compile(fullgraph=True)\ndef f(x: torch.Tensor):\n"
        "    t = time.time()\n    return x * 2, t\n",
        "import torch\nimport logging\nlog = logging.getLogger(__name__)\n"
        "def f(x: torch.Tensor):\n    log.info('step')\n    return x\ng = torch.compile(f)\n",
        "import torch\n@torch.compiler.disable\ndef g(x: torch.Tensor):\n    return x + 1\n"
        "@torch.compile\ndef f(x: torch.Tensor):\n    return g(x) * 2\n",
        "import torch\n@torch.compile\ndef f(x: torch.Tensor):\n    idx = x.nonzero()\n"
        "    if idx.shape[0] > 0:\n        return idx + 1\n    return idx\n",
        "import torch\nclass Net(torch.nn.Module):\n    def forward(self, x: torch.Tensor):\n"
        "        print(x.shape)\n        return x\nmodel = torch.compile(Net())\n",
    ]

    def __init__(self, context: Context, sink: Sink) -> None:
        super().__init__(context, sink)
        self._dynamic: dict[int, frozenset[str]] = {}

    def visit_Call(self, node: cst.Call) -> None:
        if self.ctx.compiled_region() is None or _on_error_path(self.ctx.parents):
            return
        pattern = call_pattern(self.ctx, node, self.ctx.parents)
        if pattern not in _HELP:
            return
        if pattern == "data-dependent-shape-control":
            return
        self._report(node, pattern, f"{_WHAT[pattern]} breaks the torch.compile graph")

    def visit_If(self, node: cst.If) -> None:
        self._shape_test(node.test, "`if`")

    def visit_While(self, node: cst.While) -> None:
        self._shape_test(node.test, "`while`")

    def visit_For(self, node: cst.For) -> None:
        self._shape_test(node.iter, "A loop")

    def _shape_test(self, test: cst.BaseExpression, what: str) -> None:
        if self.ctx.compiled_region() is None or not self.ctx.functions or \
                _on_error_path(self.ctx.parents):
            return
        dynamic = self._dynamic_names()
        if not dynamic:
            return
        for node in walk(test):
            if isinstance(node, cst.Attribute) and node.attr.value in _SHAPE_READS and \
                    isinstance(node.value, cst.Name) and node.value.value in dynamic:
                self._report(test, "data-dependent-shape-control",
                             f"{what} on the size of data-dependent `{node.value.value}` "
                             "breaks the torch.compile graph")
                return
            if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and \
                    node.func.value == "len" and len(node.args) == 1 and \
                    isinstance(node.args[0].value, cst.Name) and \
                    node.args[0].value.value in dynamic:
                self._report(test, "data-dependent-shape-control",
                             f"{what} on the length of data-dependent "
                             f"`{node.args[0].value.value}` breaks the torch.compile graph")
                return

    def _dynamic_names(self) -> frozenset[str]:
        """Names the current function assigns a data-dependent-size result to."""
        function = self.ctx.functions[-1]
        found = self._dynamic.get(id(function))
        if found is None:
            names: set[str] = set()
            for node in walk(function.body):
                if isinstance(node, cst.Assign) and len(node.targets) == 1 and \
                        isinstance(node.targets[0].target, cst.Name) and \
                        any(isinstance(n, cst.Call) and
                            call_pattern(self.ctx, n, ()) == "dynamic-shape"
                            for n in walk(node.value)):
                    names.add(node.targets[0].target.value)
            found = self._dynamic[id(function)] = frozenset(names)
        return found

    def _report(self, node: cst.CSTNode, pattern: str, message: str) -> None:
        found = graph_break_here(self.ctx, node, self.code, pattern)
        if found is None or not found.breaks:
            return
        self.report(node, message, help=_HELP[pattern], pattern=pattern)


def _on_error_path(parents: list[cst.CSTNode]) -> bool:
    """Whether the node under `parents` is in an `except` handler of its function: code
    that runs only when the `try` body raised, never on a normal step (Dynamo traces the
    body; a handler's break happens on the error alone)."""
    for parent in reversed(parents):
        if isinstance(parent, (cst.ExceptHandler, cst.ExceptStarHandler)):
            return True
        if isinstance(parent, (cst.FunctionDef, cst.Lambda)):
            return False
    return False
