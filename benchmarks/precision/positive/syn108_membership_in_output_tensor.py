# expect: SYN108=1
# why: `token in generated` where the model's output is a tensor of token ids on the GPU: a host read per candidate (the body does not index it by the value)
import torch
from torch import nn


class Sampler:
    def __init__(self, model: nn.Module, device: str = "cuda"):
        self.model = model.to(device)

    def banned(self, inputs: torch.Tensor, candidates: list[int]) -> list[int]:
        generated = self.model(inputs)
        hits = []
        for token in candidates:
            if token in generated:
                hits.append(token)
        return hits
