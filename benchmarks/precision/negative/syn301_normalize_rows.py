# expect: none
# targets: SYN301
# why: F.normalize and x.norm(dim=-1): library norms, no manual squared sum
import torch
import torch.nn.functional as F


def cosine_logits(a: torch.Tensor, b: torch.Tensor, temperature: float = 0.07) -> torch.Tensor:
    a = F.normalize(a, dim=-1)
    b = b / b.norm(dim=-1, keepdim=True).clamp_min(1e-6)
    return a @ b.t() / temperature
