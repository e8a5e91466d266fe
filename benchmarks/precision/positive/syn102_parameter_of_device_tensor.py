# expect: SYN102=1
# why: torch.nn.Parameter(t) of a CUDA tensor is a CUDA tensor: a NaN test of it per optimisation step syncs (TorchRL's get_mode)
import torch


def refine(start: torch.Tensor, loss_fn, steps: int) -> torch.Tensor:
    m = torch.nn.Parameter(start.cuda().detach())
    optim = torch.optim.Adam((m,), lr=1e-2)
    for _ in range(steps):
        loss_fn(m).backward()
        optim.step()
        optim.zero_grad()
        if m.isnan().any():
            break
    return m.detach()
