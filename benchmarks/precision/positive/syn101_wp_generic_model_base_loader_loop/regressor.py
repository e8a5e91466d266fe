# expect: SYN101=1
# why: the class derives from a project Model[Sentence] (a subscripted generic base, still an nn.Module): the host loader loop calls the model, so its scores may be on the GPU and the per-batch .cpu() syncs
import torch
from torch.utils.data import DataLoader

from model import Model


class TextRegressor(Model[str]):
    def forward_labels_and_loss(self, batch: list) -> tuple[torch.Tensor, torch.Tensor]:
        scores = self.head(self.embed(batch))
        return scores, scores.sum()

    def evaluate(self, data_points: list) -> list[float]:
        results: list[float] = []
        for batch in DataLoader(data_points, batch_size=8):
            scores, loss = self.forward_labels_and_loss(batch)
            results.extend(scores[:, 0].cpu().tolist())
        return results
