import torch


def orthonormalize(vectors: torch.Tensor, eps: float = 1e-9) -> torch.Tensor:
    final = []
    for x in vectors:
        for y in final:
            x = x - torch.dot(x, y) * y
        if x.norm() > 2 * eps:
            final.append(x / x.norm())
    return torch.stack(final)


def _paths(n: int, device: torch.device) -> list[torch.Tensor]:
    if n == 0:
        return []
    out = _paths(n - 1, device)
    basis = torch.randn(n, n, device=device)
    if basis.abs().max() > 0:
        out.append(basis)
    return out
