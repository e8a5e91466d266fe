# expect: none
# targets: SYN102
# why: torch.cuda.is_available(), distributed init and grad mode are host booleans
import torch
import torch.distributed as dist


def setup_device(local_rank: int) -> torch.device:
    if torch.cuda.is_available():
        torch.cuda.set_device(local_rank)
        device = torch.device("cuda", local_rank)
    else:
        device = torch.device("cpu")
    if dist.is_available() and dist.is_initialized() and dist.get_rank() == 0:
        print("world size", dist.get_world_size())
    assert not torch.is_grad_enabled() or device.type in ("cuda", "cpu")
    return device
