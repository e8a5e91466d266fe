# expect: SYN101=2
# why: catalyst's runner calls its handle_batch and every callback's on_batch_end on each batch of a loader: the loss .item() in a custom runner's handle_batch and a callback's .cpu() copy of the batch's predictions in on_batch_end are one sync per batch each
import torch
import torch.nn.functional as F
from catalyst import dl


class CustomRunner(dl.Runner):
    def handle_batch(self, batch):
        features, targets = batch
        logits = self.model(features)
        loss = F.cross_entropy(logits, targets)
        self.batch = {"features": features, "targets": targets, "logits": logits}
        self.batch_metrics.update({"loss": loss.item()})
        if self.is_train_loader:
            self.engine.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()


class PredictionStore(dl.Callback):
    def __init__(self) -> None:
        super().__init__(order=dl.CallbackOrder.External)
        self.predictions: list = []

    def on_batch_end(self, runner: dl.IRunner) -> None:
        self.predictions.append(runner.batch["logits"].argmax(dim=1).cpu())
