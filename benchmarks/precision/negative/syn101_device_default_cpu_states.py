# expect: none
# targets: SYN101, SYN102
# why: metric states made with a device= parameter whose default is "cpu" live on the CPU
import torch


class RunningStats:
    def __init__(self, num_classes: int, device: str = "cpu") -> None:
        self.correct = torch.zeros(num_classes, dtype=torch.long, device=device)
        self.total = torch.zeros(num_classes, dtype=torch.long, device=device)

    def update(self, preds: torch.Tensor, target: torch.Tensor) -> None:
        hits = (preds.argmax(-1) == target).cpu()
        self.correct.index_add_(0, target.cpu(), hits.long())
        self.total.index_add_(0, target.cpu(), torch.ones_like(hits, dtype=torch.long))

    def per_class(self) -> list[float]:
        return [float(c) / max(1, int(t)) for c, t in zip(self.correct, self.total)]


def confusion_rows(num_classes: int, device: torch.device | str = "cpu") -> list[list[int]]:
    matrix = torch.zeros(num_classes, num_classes, dtype=torch.long, device=device)
    return [row.tolist() for row in matrix]
