"""SYN499 runtime-only-graph-break: a graph break Dynamo reported where no rule predicts one.

It never fires from source alone: `synclint check --runtime PROFILE.json` adds its findings
(synclint/join.py) for the graph breaks of a `synclint profile --compile` run that no
finding with `"graph_break": true` covers.
"""

from __future__ import annotations

from synclint.rules.base import Rule


class RuntimeOnlyGraphBreak(Rule):
    code = "SYN499"
    group = "measured"
    name = "runtime-only-graph-break"
    summary = ("A graph break Dynamo reported at run time (profile --compile) that no static "
               "rule predicts")
    runtime_only = True

    # Source alone never fires it, however obvious the break.
    VALID = [
        "import torch\n@torch.compile\ndef f(x: torch.Tensor):\n    print('step')\n"
        "    return x\n",
        "import torch\nimport inspect\n@torch.compile\ndef f(x: torch.Tensor):\n"
        "    return x * len(inspect.stack())\n",
        "import torch\n@torch.compile\ndef f(x: torch.Tensor):\n    if x.sum() > 0:\n"
        "        return x\n    return -x\n",
    ]
    INVALID = []

    @classmethod
    def could_match(cls, source: str) -> bool:
        return False  # not a walk rule: only a compile profile makes its findings
