"""SYN199 runtime-only-sync: a host sync a runtime profile measured where no rule fires.

It never fires from source alone: `synclint check --runtime PROFILE.json` adds its findings
(synclint/join.py) for the profile's sync sites that no other finding covers.
"""

from __future__ import annotations

from synclint.rules.base import Rule


class RuntimeOnlySync(Rule):
    code = "SYN199"
    group = "measured"
    name = "runtime-only-sync"
    summary = "A host sync measured at run time (check --runtime) that no static rule reports"
    runtime_only = True

    # Source alone never fires it, however obvious the sync.
    VALID = [
        "import torch\nfor p in model.parameters():\n    print(p.grad.norm().item())\n",
        "import torch\ndef loss_value(loss: torch.Tensor) -> float:\n    return loss.item()\n",
        "import torch\nif torch.isnan(loss):\n    raise RuntimeError('nan')\n",
    ]
    INVALID = []

    @classmethod
    def could_match(cls, source: str) -> bool:
        return False  # not a walk rule: only a runtime profile makes its findings
