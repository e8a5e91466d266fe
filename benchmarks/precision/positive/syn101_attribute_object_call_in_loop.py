# expect: SYN101=1
# why: a pipeline calls `self._embedding(batch)` for every batch; the object's `__call__` copies the embeddings to the host, so each iteration syncs, as `self._embedding.embed(batch)` would (fresh10 M5, pyannote's diarization)
import torch
from torch import nn


class SpeakerEmbedding:
    def __init__(self, model: nn.Module, device: torch.device):
        self.model_ = model.to(device)
        self.device = device

    def __call__(self, waveforms: torch.Tensor):
        embeddings = self.model_(waveforms.to(self.device))
        return embeddings.cpu().numpy()


class Diarization:
    def __init__(self, model: nn.Module):
        self._embedding = SpeakerEmbedding(model, torch.device("cuda"))

    def apply(self, batches: list[torch.Tensor]) -> list:
        return [self._embedding(batch) for batch in batches]
