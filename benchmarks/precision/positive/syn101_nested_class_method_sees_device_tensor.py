# expect: SYN101=1
# why: a method of a class defined inside a function sees that function's names: `coords` there is the enclosing function's tensor moved to the GPU, and `.item()` per row syncs on every iteration (the look-alike of the mmCIF writer's NumPy rows)
from __future__ import annotations

import torch


def to_text(coords: torch.Tensor) -> str:
    coords = coords.cuda()

    class _Model:
        def get_coords(self) -> list:
            out = []
            for row in coords:
                out.append(row.sum().item())
            return out

    return str(_Model().get_coords())
