# expect: SYN102=1
# why: `not` of a tensor reduction in the attention preprocessing
import torch


def prepare_attention(hidden: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
    mask = attention_mask.bool()
    if not torch.all(mask):
        hidden = hidden.masked_fill(~mask.unsqueeze(-1), 0.0)
    return hidden
