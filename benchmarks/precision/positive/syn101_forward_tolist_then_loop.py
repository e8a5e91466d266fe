# expect: SYN101=1
# why: diffusers lumina2: `forward` reads the caption lengths once with `.tolist()` and loops over the list; there is no outer loop to batch, so the one read is still a sync on every call of the module (the same read with no loop after it is reported)
import torch
from torch import nn


class PatchEmbedWithPositions(nn.Module):
    def __init__(self, patch_size: int):
        super().__init__()
        self.patch_size = patch_size

    def forward(self, hidden_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, height, width = hidden_states.shape
        image_seq_len = (height // self.patch_size) * (width // self.patch_size)
        cap_lengths = attention_mask.sum(dim=1).tolist()
        max_len = max(cap_lengths) + image_seq_len
        position_ids = torch.zeros(batch_size, max_len, dtype=torch.int32, device=hidden_states.device)
        for i, cap_len in enumerate(cap_lengths):
            position_ids[i, :cap_len] = torch.arange(cap_len, dtype=torch.int32, device=hidden_states.device)
        return position_ids
