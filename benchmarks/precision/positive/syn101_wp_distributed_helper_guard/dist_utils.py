import torch.distributed as dist


def world_size() -> int:
    """The number of processes, 1 outside a distributed run."""
    return dist.get_world_size() if dist.is_initialized() else 1
