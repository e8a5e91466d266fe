import torch


def world_size(batch: torch.Tensor) -> int:
    """The number of views in the batch (named like the distributed helper, but data)."""
    return int(batch.shape[0])


def should_gather(step: int) -> bool:
    return step % 100 == 0
