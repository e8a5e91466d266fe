# expect: SYN101=1
# why: the helper has no annotation, but its `return model, trainer, vocab` says the second element is a `Trainer`; its `update` reads the loss on the host once per batch of the loop
import torch
from torch import nn


class Trainer:
    def __init__(self, model: nn.Module) -> None:
        self.model = model.cuda()
        self.optimizer = torch.optim.Adam(self.model.parameters())

    def update(self, batch: torch.Tensor) -> float:
        self.optimizer.zero_grad()
        loss = self.model(batch.cuda()).mean()
        loss.backward()
        self.optimizer.step()
        return loss.item()


def build(model: nn.Module, words: list):
    trainer = Trainer(model)
    vocab = {w: i for i, w in enumerate(words)}
    return model, trainer, vocab


def fit(model: nn.Module, words: list, batches: list) -> None:
    model, trainer, vocab = build(model, words)
    for step, batch in enumerate(batches):
        loss = trainer.update(batch)
        print(step, len(vocab), loss)
