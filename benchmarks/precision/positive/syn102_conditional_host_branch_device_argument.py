# expect: SYN102=2
# why: the look-alike's caller passes a GPU tensor of indices instead of the int: the `else` branch tests it, and the assert waits for the device in the helper (where every caller passes a tensor) and on every iteration of the render loop (the call)
from typing import Union

import torch
from torch import Tensor


class Cameras:
    def generate_rays(self, camera_indices: Union[Tensor, int]) -> int:
        assert torch.all(torch.tensor(camera_indices == 0) if isinstance(camera_indices, int)
                         else camera_indices == 0)
        return 1


def render(cameras: Cameras, indices: Tensor) -> list:
    indices = indices.cuda()
    return [cameras.generate_rays(camera_indices=indices[i]) for i in range(len(indices))]
