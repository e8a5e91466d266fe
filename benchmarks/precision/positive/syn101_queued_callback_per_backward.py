# expect: SYN101=1
# why: a backward hook queues a closure with the autograd engine's queue_callback; the engine runs it at the end of every backward, so its all-reduced device flags read with .cpu() sync once per backward
import torch
import torch.distributed as dist
from torch import nn


class GradSyncDDP(nn.Module):
    def __init__(self, module: nn.Module, device: torch.device):
        super().__init__()
        self.module = module
        self._device = device
        self.register_full_backward_hook(self._backward_hook)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.module(x)

    def _backward_hook(self, module, grad_input, grad_output) -> None:
        def _synchronize() -> None:
            params = dict(self.module.named_parameters())
            has_grads = torch.tensor([p.grad is not None for p in params.values()],
                                     device=self._device)
            dist.all_reduce(has_grads)
            for name, has_grad in zip(params, has_grads.bool().cpu()):
                if not has_grad:
                    params[name].grad = torch.zeros_like(params[name])

        torch.autograd.Variable._execution_engine.queue_callback(_synchronize)
