# expect: SYN101=1
# why: list[Tensor] argument logged element by element
import torch
from torch.utils.tensorboard import SummaryWriter


def log_head_entropies(entropies: list[torch.Tensor], writer: SummaryWriter, step: int) -> None:
    for i, ent in enumerate(entropies):
        writer.add_scalar(f"entropy/head_{i}", ent.item(), step)
