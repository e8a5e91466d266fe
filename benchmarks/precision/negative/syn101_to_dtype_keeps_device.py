# expect: none
# targets: SYN101, SYN102
# why: .to(x.dtype) and .to(dtype=...) cast a CPU tensor without moving it
import numpy as np
import torch


def karras_table(sigmas: np.ndarray, latents: torch.Tensor) -> list[float]:
    table = torch.from_numpy(sigmas).to(latents.dtype)
    scaled = table.to(dtype=torch.float32) * 2.0
    return [float(s) for s in scaled if s > 0]
