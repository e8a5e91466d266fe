# expect: none
# targets: SYN104
# why: advanced indexing with arange and a lengths tensor (fixed size), per layer
import torch


def last_token_states(hidden_states: list[torch.Tensor], lengths: torch.Tensor) -> list[torch.Tensor]:
    batch = torch.arange(lengths.shape[0], device=lengths.device)
    out = []
    for h in hidden_states:
        out.append(h[batch, lengths - 1])
    return out
