# expect: none
# targets: SYN104
# why: nonzero() runs only inside a block that raises: once, to build the error message
import torch


def validate_masks(masks: list[torch.Tensor], allow_empty: bool) -> None:
    for i, mask in enumerate(masks):
        if mask.dtype != torch.bool:
            bad = mask.nonzero()
            raise TypeError(f"mask {i} is {mask.dtype}; first set entries: {bad[:5].tolist()}")
        if not allow_empty and mask.numel() == 0:
            raise ValueError(f"mask {i} is empty")
