# expect: SYN101=1
# why: the loop iterates a host DataLoader but calls the model (a module method): its scores come from the model, which may move the batch to its GPU inside, so the per-batch .cpu() of them syncs
from torch.utils.data import DataLoader

import torch
from torch import nn


class TextRegressor(nn.Module):
    def forward_labels_and_loss(self, batch: list) -> tuple[torch.Tensor, torch.Tensor]:
        scores = self.head(self.embed(batch))
        return scores, self.loss_function(scores.squeeze(1), self.labels(batch))

    def evaluate(self, data_points: list, mini_batch_size: int = 32) -> list[float]:
        data_loader = DataLoader(data_points, batch_size=mini_batch_size)
        results: list[float] = []
        with torch.no_grad():
            for batch in data_loader:
                scores, loss = self.forward_labels_and_loss(batch)
                results.extend(scores[:, 0].cpu().tolist())
        return results
