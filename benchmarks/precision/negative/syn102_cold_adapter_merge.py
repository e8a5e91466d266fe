# expect: none
# targets: SYN102, SYN101
# why: PEFT-style merge/unmerge run once per merge: their safe_merge NaN checks are not per step (added after the issue 22 sample)
import torch
from torch import nn


class LoraLinear(nn.Module):
    def merge(self, safe_merge: bool = False, adapter_names: list[str] | None = None) -> None:
        for name in adapter_names or []:
            weight = self.base_layer.weight.data.clone()
            weight += self.get_delta_weight(name)
            if safe_merge and not torch.isfinite(weight).all():
                raise ValueError(f"NaNs detected in the merged weights of {name}")
            self.base_layer.weight.data = weight

    def pissa_init(self, name: str) -> None:
        for i in range(self.r[name]):
            if torch.isnan(self.lora_A[name].weight[i]).any():
                raise ValueError("bad init")
