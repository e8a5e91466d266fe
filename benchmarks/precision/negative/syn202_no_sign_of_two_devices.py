# expect: none
# targets: SYN202
# why: per-tensor moves to the one training device: nothing shows the tensors on other devices
import torch


def collate_losses(losses: list[torch.Tensor], device: torch.device) -> torch.Tensor:
    moved = [loss.to(device) for loss in losses]
    return torch.stack(moved).mean()


def stack_batch(samples: dict[str, torch.Tensor], device: torch.device) -> torch.Tensor:
    return torch.stack([v.to(device, non_blocking=True) for v in samples.values()])
