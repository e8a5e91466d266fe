# expect: SYN101=1
# targets: SYN101
# why: a fast image processor given `device="cuda"` makes its `return_tensors="pt"` output on that device: reading it per image syncs (the look-alike of a processor's CPU output)
import torch
from transformers import AutoImageProcessor


def image_means(images: list) -> list[float]:
    processor = AutoImageProcessor.from_pretrained("google/vit-base-patch16-224", use_fast=True)
    means = []
    for image in images:
        inputs = processor(images=image, return_tensors="pt", device="cuda")
        means.append(inputs["pixel_values"].mean().item())
    return means
