# expect: none
# targets: SYN101
# why: `.tolist()` of an unannotated `forward` input is no evidence of a tensor outside a module: a NumPy pipeline step's `forward`, a module input annotated as a NumPy array, and a module's second argument (a list of lengths) read nothing from a device
import numpy as np
import torch
from torch import nn


class Thresholder:
    def __init__(self, threshold: float = 0.5):
        self.threshold = threshold

    def forward(self, x):
        return (x > self.threshold).squeeze(1).tolist()


class Segmenter(nn.Module):
    def forward(self, x: np.ndarray, lengths):
        return (x > 0).squeeze(1).tolist(), np.asarray(lengths).tolist()


def run(frames: list[np.ndarray]) -> list[list[bool]]:
    step = Thresholder()
    return [step.forward(np.stack(frames))]
