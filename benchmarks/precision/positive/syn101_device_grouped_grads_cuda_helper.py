# expect: SYN101=2
# why: look-alike of fresh12 F2 the other way round: the helper that reads each grad with .item() is called for the groups whose first grad is not on the CPU, so it reads device grads once per grad per step (in the helper, and the chain at its call)
from collections import defaultdict

import torch


class GradScaler:
    def _check_per_grad_(self, grads: list[torch.Tensor], found_inf: torch.Tensor) -> None:
        for tensor in grads:
            if torch.isinf(tensor).any().item() is True:
                found_inf.fill_(1.0)
                break

    def unscale_(self, optimizer: torch.optim.Optimizer) -> None:
        per_device: dict[torch.device, list[torch.Tensor]] = defaultdict(list)
        for group in optimizer.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    per_device[p.grad.device].append(p.grad)
        for device, grads in per_device.items():
            found_inf = torch.zeros(1, device=device)
            if grads[0].device.type != "cpu":
                self._check_per_grad_(grads, found_inf)
