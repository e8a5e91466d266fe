# expect: SYN102=1
# why: a schnetpack Transform that may post-process (the base class, is_postprocessor=True) runs on the model's output batch on its device in every forward: the test syncs
from typing import Dict

import torch
from schnetpack.transform import Transform


class RejectHighEnergies(Transform):
    is_preprocessor: bool = False
    is_postprocessor: bool = True

    def __init__(self, limit: float):
        super().__init__()
        self.limit = limit

    def forward(self, inputs: Dict[str, torch.Tensor]) -> Dict[str, torch.Tensor]:
        if (inputs["energy"].abs() > self.limit).any():
            inputs["energy"] = inputs["energy"].clamp(-self.limit, self.limit)
        return inputs
