# expect: none
# targets: SYN101
# why: report() reads tensors but is only called by the user once, it is not a registered hook
import torch


def report(model: torch.nn.Module) -> float:
    norms = torch.stack([p.detach().norm() for p in model.parameters()])
    return norms.max().item()
