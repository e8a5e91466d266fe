# expect: none
# targets: SYN101
# why: fresh12 F2 (fairscale's ShardedGradScaler): grads grouped by device (per_device[g.device].append(g)), and a helper that reads each grad with .item() called only under `if grads[0].device.type == "cpu"`: the test on the first element holds for the whole group, so the helper's only caller passes CPU tensors (the CUDA grads go to the fused kernel)
from collections import defaultdict

import torch


class GradScaler:
    def _check_and_unscale_cpu_(self, grads: list[torch.Tensor], found_inf: torch.Tensor) -> None:
        for tensor in grads:
            if torch.isinf(tensor).any().item() is True:
                found_inf.data = torch.tensor([1.0])
                break

    def unscale_(self, optimizer: torch.optim.Optimizer) -> None:
        per_device: dict[torch.device, list[torch.Tensor]] = defaultdict(list)
        for group in optimizer.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    per_device[p.grad.device].append(p.grad)
        for device, grads in per_device.items():
            found_inf = torch.zeros(1, device=device)
            if grads[0].device.type == "cpu":
                self._check_and_unscale_cpu_(grads, found_inf)
            else:
                torch._amp_foreach_non_finite_check_and_unscale_(
                    grads, found_inf, torch.ones(1, device=device))
