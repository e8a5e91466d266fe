# expect: none
# targets: SYN202
# why: the fix: stack on each device, one move, then reduce
import torch


def unified_norm(norms: list[torch.Tensor], target: torch.device) -> torch.Tensor:
    local = torch.stack([n for n in norms if n.device == target])
    remote = [n for n in norms if n.device != target]
    moved = torch.stack(remote).to(target) if remote else local.new_zeros(0)
    return torch.linalg.vector_norm(torch.cat([local, moved]))
