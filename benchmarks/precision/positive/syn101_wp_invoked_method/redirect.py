from typing import Any, Callable

from torch import nn


class ForwardRedirection:
    """Runs `method` as if it were `original_module`'s forward (DDP/FSDP hooks fire)."""

    def __call__(self, original_module: nn.Module, module_to_run: nn.Module,
                 method: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        original_forward = original_module.forward

        def wrapped_forward(*_args: Any, **_kwargs: Any) -> Any:
            original_module.forward = original_forward
            return method(*_args, **_kwargs)

        original_module.forward = wrapped_forward
        return original_module(*args, **kwargs)
