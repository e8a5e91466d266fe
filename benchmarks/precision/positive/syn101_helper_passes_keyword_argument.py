# expect: SYN101=2
# targets: SYN101
# why: a helper that passes its parameter on by keyword (`read(t=t)`, `self._loss(logits=logits, labels=labels)`) carries the callee's host read up to its callers, as a positional argument does (trl passes most arguments by keyword; third fresh draw)
import torch


def read(t):
    return t.item()


def outer(loss):
    return read(t=loss)


class Trainer:
    def _loss(self, logits, labels):
        return float(torch.nn.functional.cross_entropy(logits, labels))

    def step(self, logits, labels):
        return self._loss(logits=logits, labels=labels)


def train(model: torch.nn.Module, batches: list[torch.Tensor], trainer: Trainer) -> None:
    for batch in batches:
        logits = model(batch.cuda())
        outer(logits.sum())
        trainer.step(logits, batch.cuda())
