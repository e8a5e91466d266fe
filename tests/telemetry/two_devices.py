"""A stand-in for tensors on two accelerators, on a machine without one.

`OnDevice` is a CPU tensor that reports another device (`torch.device("cuda", 1)`, say) and
keeps reporting it through every op, as a real device tensor would; `.to()` relabels it,
`.to("cpu")` returns a plain tensor, and an op that mixes tensors of different devices
raises as torch does (`Expected all tensors to be on the same device`). Only what decides
where values go is emulated: the arithmetic is the CPU's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import torch


class OnDevice(torch.Tensor):
    """A CPU tensor labelled with another device."""

    label: torch.device

    @staticmethod
    def wrap(t: torch.Tensor, device: torch.device | str) -> OnDevice:
        with torch._C.DisableTorchFunctionSubclass():
            out = t.as_subclass(OnDevice)
        out.label = torch.device(device)
        return out

    @property
    def device(self) -> torch.device:  # type: ignore[override]
        return self.label

    @property
    def is_cuda(self) -> bool:  # type: ignore[override]
        return self.label.type == "cuda"

    @classmethod
    def __torch_function__(cls, func: Any, types: Any, args: tuple[Any, ...] = (),
                           kwargs: dict[str, Any] | None = None) -> Any:
        kwargs = kwargs or {}
        with torch._C.DisableTorchFunctionSubclass():
            if func is torch.Tensor.to:
                return _to(args[0], args[1:], kwargs)
            # Like CUDA: 0-d CPU tensors mix with device tensors, nothing else does.
            devices = {_device_of(t) for t in _tensors(args, kwargs)
                       if isinstance(t, OnDevice) or t.dim() > 0}
            if len(devices) > 1:
                raise RuntimeError(
                    "Expected all tensors to be on the same device, but found at least two "
                    f"devices, {', '.join(sorted(map(str, devices)))}!")
            out = func(*args, **kwargs)
            if len(devices) != 1:
                return out
            (device,) = devices
            return out if device.type == "cpu" else _relabel(out, device)


def _device_of(t: torch.Tensor) -> torch.device:
    return t.label if isinstance(t, OnDevice) else torch.device("cpu")


def _tensors(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Iterator[torch.Tensor]:
    for value in (*args, *kwargs.values()):
        if isinstance(value, torch.Tensor):
            yield value
        elif isinstance(value, (list, tuple)):
            yield from (v for v in value if isinstance(v, torch.Tensor))


def _relabel(out: Any, device: torch.device) -> Any:
    if isinstance(out, torch.Tensor):
        return OnDevice.wrap(out, device)
    if isinstance(out, (list, tuple)):
        return type(out)(_relabel(item, device) for item in out)
    return out


def _to(t: torch.Tensor, args: tuple[Any, ...], kwargs: dict[str, Any]) -> torch.Tensor:
    device, dtype, _, _ = torch._C._nn._parse_to(*args, **kwargs)
    plain = t.as_subclass(torch.Tensor)
    if dtype is not None:
        plain = plain.to(dtype)
    target = device if device is not None else _device_of(t)
    return plain if target.type == "cpu" else OnDevice.wrap(plain, target)


def on(device: str, t: torch.Tensor) -> OnDevice:
    return OnDevice.wrap(t, device)
