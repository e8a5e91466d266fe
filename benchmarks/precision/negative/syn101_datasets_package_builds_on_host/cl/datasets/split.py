import torch


def leaky_entities(mapped_triples: torch.Tensor, test: torch.Tensor) -> list[int]:
    leaked = []
    for column in (0, 2):
        seen = mapped_triples[:, column].unique()
        for entity in test[:, column]:
            if (seen == entity).any():
                leaked.append(int(entity))
    return leaked
