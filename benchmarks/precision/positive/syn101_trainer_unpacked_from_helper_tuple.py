# expect: SYN101=1
# why: the trainer comes out of a helper's tuple (`-> tuple[dict, Trainer]`, `return config, Trainer(...)`), or is built when none was loaded; its `update` reads the loss on the host, once per batch of the loop (stanza's ner_tagger.train, eleventh draw M4)
import torch
from torch import nn


class Trainer:
    def __init__(self, model: nn.Module) -> None:
        self.model = model.cuda()
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def update(self, batch: torch.Tensor) -> float:
        self.optimizer.zero_grad()
        loss = self.model(batch.cuda()).sum()
        loss_val = loss.data.item()
        loss.backward()
        self.optimizer.step()
        return loss_val


def load_model(path: str) -> tuple[dict, Trainer]:
    checkpoint = torch.load(path, weights_only=False)
    return checkpoint["config"], Trainer(checkpoint["model"])


def train(model: nn.Module, batches: list, resume: str) -> list:
    trainer = None
    if resume:
        _, trainer = load_model(resume)
    if trainer is None:
        trainer = Trainer(model)
    losses = []
    for batch in batches:
        losses.append(trainer.update(batch))
    return losses
