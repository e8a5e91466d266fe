# expect: none
# targets: SYN105
# why: .to(device) of tensors that are already device tensors made on another GPU
import torch


def noise_per_device(devices: list[torch.device], shape: tuple[int, ...]) -> list[torch.Tensor]:
    base = torch.randn(shape, device=devices[0])
    out = []
    for d in devices:
        out.append(base.to(d) * 0.1)
    return out
