# expect: none
# targets: SYN101
# why: `patches, grids = self.collate_images(images) if images else (None, None)`: each None stands for "no images", so `grids` is the helper's CPU tensor (built by `torch.tensor` of Python ints) or None; the private helper's `.item()` per image reads host values (fresh13's torchtitan collator)
from __future__ import annotations

import torch


class MultiModalCollator:
    def collate_images(self, images: list) -> tuple[torch.Tensor, torch.Tensor]:
        grids = torch.tensor([[1, im.shape[-2] // 14, im.shape[-1] // 14] for im in images])
        return torch.cat([im.flatten() for im in images]), grids

    def _build_positions(self, tokens: torch.Tensor, grid_thw: torch.Tensor | None) -> list[int]:
        out = []
        for i in range(tokens.shape[0]):
            t, h, w = grid_thw[i]
            out.append(int(t.item()) * int(h.item()))
        return out

    def __call__(self, batch: list[dict]) -> dict:
        tokens = torch.stack([torch.as_tensor(b["tokens"]) for b in batch])
        images = [b["image"] for b in batch if "image" in b]
        patches, grids = self.collate_images(images) if images else (None, None)
        return {"tokens": tokens, "positions": self._build_positions(tokens, grids)}
