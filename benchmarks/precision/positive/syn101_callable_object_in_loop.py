# expect: SYN101=1, SYN102=1
# targets: SYN101, SYN102
# why: calling an object of a plain project class runs its `__call__`: a loss object that reads its argument on the host, or tests each row of it, syncs at every call with a device tensor (trl GOLD's `ULDLoss`-style helpers, third fresh draw C1)
import torch


class Meter:
    def __call__(self, loss):
        return loss.item()


class Starts:
    def __init__(self, ignore_index: int = -100) -> None:
        self.ignore_index = ignore_index

    def __call__(self, answer_tensors):
        out = []
        for answer in answer_tensors:
            mask = answer.ne(self.ignore_index)
            if not mask.any():
                out.append(0)
        return out


def train(model: torch.nn.Module, batches: list[dict[str, torch.Tensor]]) -> None:
    meter, starts = Meter(), Starts()
    for batch in batches:
        labels = batch["labels"].cuda()
        loss = model(batch["x"].cuda(), starts(labels)).sum()
        print(meter(loss))
