# expect: SYN105=1
# why: a list comprehension of torch.tensor(..., device=...) per row
import torch


def rows_to_device(rows: list[list[float]], device: torch.device) -> torch.Tensor:
    tensors = [torch.tensor(row, device=device) for row in rows]
    return torch.nn.utils.rnn.pad_sequence(tensors, batch_first=True)
