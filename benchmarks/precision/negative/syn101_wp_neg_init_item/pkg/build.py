import torch

from pkg.embed import Embedding


def build(path: str) -> Embedding:
    return Embedding(torch.load(path))
