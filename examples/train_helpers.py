"""Helpers of examples/train.py: a host read that the caller's loop makes hot."""

from __future__ import annotations

import torch


def loss_value(loss: torch.Tensor) -> float:
    """The loss as a Python number, for printing."""
    return loss.detach().item()
