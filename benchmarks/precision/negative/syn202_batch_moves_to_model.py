# expect: none
# targets: SYN202, SYN105
# why: per-element moves of DataLoader inputs fed to the model, not stacked or reduced
import torch


def forward_batch(model, batch: tuple[torch.Tensor, ...], device: torch.device) -> torch.Tensor:
    inputs = [t.to(device) for t in batch]
    return model(*inputs)
