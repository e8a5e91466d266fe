# expect: none
# targets: SYN104
# why: subscripts of dicts and lists of tensors by string / int keys
import torch


def head_losses(outputs: dict[str, torch.Tensor], heads: list[str], weights: list[float]):
    total = []
    for i, head in enumerate(heads):
        total.append(outputs[head].mean() * weights[i])
    return torch.stack(total).sum()
