# expect: none
# targets: SYN109
# why: `text_len` is the int from .shape unless batch_flag is given; the slice runs only on that int path
import torch


def apply_rope(query: torch.Tensor, key: torch.Tensor, text_states: torch.Tensor, rotary,
               text_mask: torch.Tensor, batch_flag: torch.Tensor | None = None):
    batch_size, text_len, dim = text_states.shape
    if batch_flag is not None:
        text_len = torch.sum(text_mask, dim=1)
    if batch_flag is None:
        query[:, :, text_len:, :] = rotary(query[:, :, text_len:, :])
        key[:, :, text_len:, :] = rotary(key[:, :, text_len:, :])
    return query, key
