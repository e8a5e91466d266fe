# expect-fix: none: the dtypes are not known: one stack of an int and a float would turn the int into a float
"""The content height and width stored in an image-size tensor (reduced from diffusers'
Cosmos 3 `_remove_action_video_padding_from_latent`)."""
from __future__ import annotations

import torch


def naive(latents: torch.Tensor, image_size: torch.Tensor) -> torch.Tensor:
    content_h = int(image_size[2].item())
    content_w = int(image_size[3].item())
    return latents[:, :max(content_h // 2, 1), :max(content_w // 2, 1)].contiguous()


def inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    torch.manual_seed(83)
    return [(torch.randn(1, 8, 8), torch.tensor([16.0, 16.0, 12.0, 6.0])),
            (torch.randn(1, 4, 4), torch.tensor([8, 8, 3, 9])),
            (torch.randn(1, 4, 4), torch.tensor([8.0, 8.0, 4.0, 2.0]).half())]


def edge_inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    torch.manual_seed(84)
    return [(torch.randn(1, 4, 4), torch.tensor([8.0, 8.0, float("nan"), 2.0])),
            (torch.randn(1, 4, 4), torch.tensor([[8.0], [8.0], [4.0], [2.0]]))]
