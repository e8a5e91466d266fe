# expect: none
# targets: SYN102
# why: `torch.tensor(idx == 0) if isinstance(idx, int) else idx == 0` is a host tensor or a test of what the caller passes: every project call passes the int 0 (in a loop), so the assert reads nothing from the device, there or at the calls (fresh12 #55's nerfstudio `Cameras.generate_rays(camera_indices=0)`, reached through `get_outputs_for_camera` from render scripts)
from typing import Union

import torch
from torch import Tensor


class Cameras:
    def generate_rays(self, camera_indices: Union[Tensor, int]) -> int:
        assert torch.all(torch.tensor(camera_indices == 0) if isinstance(camera_indices, int)
                         else camera_indices == 0)
        return 1


def render(cameras: Cameras, n: int) -> list:
    return [cameras.generate_rays(camera_indices=0) for _ in range(n)]


def preview(cameras: Cameras) -> int:
    return cameras.generate_rays(0)
