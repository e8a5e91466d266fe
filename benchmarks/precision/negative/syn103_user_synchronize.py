# expect: none
# targets: SYN103
# why: a project's own synchronize() helper and a distributed barrier
import torch
import torch.distributed as dist


class Trainer:
    def synchronize(self) -> None:
        if dist.is_initialized():
            dist.barrier()

    def save(self, model: torch.nn.Module, path: str) -> None:
        self.synchronize()
        torch.save(model.state_dict(), path)
