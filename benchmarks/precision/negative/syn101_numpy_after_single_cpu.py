# expect: none
# targets: SYN101
# why: one .cpu().numpy() before the loop; the loop reads NumPy values
import torch


def per_class_accuracy(confusion: torch.Tensor, class_names: list[str]) -> dict[str, float]:
    cm = confusion.cpu().numpy()
    out = {}
    for i, name in enumerate(class_names):
        row_total = cm[i].sum().item()
        out[name] = cm[i, i].item() / max(row_total, 1)
    return out
