# expect-fix: safe
# max-syncs: 2
"""Tokens per video from tokens per frame (reduced from transformers' Gemma 4 video
features): `int()` of each video's sum, over `torch.split` pieces."""
from __future__ import annotations

import torch


def naive(num_tokens_per_frame: torch.Tensor, num_frames_per_video: torch.Tensor) -> list[int]:
    split_sizes = [
        int(video_frames.sum())
        for video_frames in torch.split(num_tokens_per_frame, num_frames_per_video.tolist())
    ]
    return split_sizes


def inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    torch.manual_seed(74)
    return [(torch.randint(0, 300, (6,)), torch.tensor([2, 3, 1])),
            (torch.tensor([2**40, 2**40 + 1]), torch.tensor([2])),
            (torch.tensor([5]), torch.tensor([1])),
            (torch.tensor([1.5, 2.75, 1e30]), torch.tensor([1, 2])),
            (torch.tensor([1.5, 2.5], dtype=torch.float16), torch.tensor([1, 1])),
            (torch.tensor([True, True, False]), torch.tensor([3])),
            (torch.empty(0, dtype=torch.long), torch.tensor([0]))]


def edge_inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    return [(torch.tensor([float("nan"), 1.0]), torch.tensor([2])),
            (torch.tensor([1, 2]), torch.tensor([3]))]
