# expect: none
# targets: SYN101
# why: iterating a tensor already moved to the CPU once: float() of host elements does not sync
import torch


def histogram_lines(values: torch.Tensor) -> list[str]:
    host = values.detach().cpu()
    lines = []
    for i, v in enumerate(host):
        lines.append(f"{i}: {float(v):.3f}")
    return lines
