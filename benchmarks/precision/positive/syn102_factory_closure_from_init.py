# expect: SYN102=1
# why: `fuse_update` is called only from `__init__`, but it returns `func`, which `step` runs after every backward (pytorch-optimizer's LOMO `self.grad_func = self.fuse_update()`): the overflow test in its loop is one sync per parameter per step; a function that defines another is not cold by its callers
import torch


class FusedOptimizer:
    def __init__(self, model: torch.nn.Module, lr: float = 1e-3) -> None:
        self.model = model
        self.lr = lr
        self.grad_func = self.fuse_update()

    def fuse_update(self):
        @torch.no_grad()
        def func(x: int) -> int:
            for p in self.model.parameters():
                if p.grad is None:
                    continue
                if torch.isinf(p.grad).any():
                    p.grad = None
                    break
                p.data.add_(p.grad, alpha=-self.lr)
            return x

        return func

    def step(self, loss: torch.Tensor) -> None:
        loss.backward()
        self.grad_func(0)
