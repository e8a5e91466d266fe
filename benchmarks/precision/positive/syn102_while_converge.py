# expect: SYN102=1
# why: while test on a tensor: the power iteration syncs once per iteration
import torch


def top_singular_value(w: torch.Tensor, tol: float = 1e-4, max_iter: int = 100) -> torch.Tensor:
    v = torch.randn(w.shape[1], device=w.device)
    v = v / torch.linalg.vector_norm(v)
    delta = torch.ones((), device=w.device)
    it = 0
    while (delta > tol) and it < max_iter:
        u = w @ v
        new_v = w.t() @ u
        new_v = new_v / torch.linalg.vector_norm(new_v)
        delta = (new_v - v).abs().max()
        v = new_v
        it += 1
    return torch.linalg.vector_norm(w @ v)
