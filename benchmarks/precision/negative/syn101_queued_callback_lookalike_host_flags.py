# expect: none
# targets: SYN101
# why: a queued backward callback that reads flags built on the host (no device), and a hook's closure that is only stored, never queued or called: no device value is read per backward
import torch
from torch import nn


class GradCheck(nn.Module):
    def __init__(self, module: nn.Module):
        super().__init__()
        self.module = module
        self.pending = None
        self.register_full_backward_hook(self._backward_hook)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.module(x)

    def _backward_hook(self, module, grad_input, grad_output) -> None:
        def _count() -> None:
            flags = torch.tensor([p.grad is not None for p in self.module.parameters()])
            self.missing = [i for i, f in enumerate(flags.tolist()) if not f]

        def _report() -> None:
            norms = torch.stack([p.grad.norm() for p in self.module.parameters()])
            self.norms = norms.cpu().tolist()

        torch.autograd.Variable._execution_engine.queue_callback(_count)
        self.pending = _report
