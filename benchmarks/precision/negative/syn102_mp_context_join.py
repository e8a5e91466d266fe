# expect: none
# targets: SYN102
# why: torch.multiprocessing's context join() returns a Python bool
import torch
import torch.multiprocessing as mp


def launch(worker, world_size: int) -> None:
    context = mp.spawn(worker, args=(world_size,), nprocs=world_size, join=False)
    while not context.join():
        pass
