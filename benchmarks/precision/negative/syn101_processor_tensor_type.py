# expect: none
# targets: SYN101
# why: a processor called with return_tensors=TensorType.PYTORCH gives CPU tensors
import torch
from transformers import AutoImageProcessor
from transformers.utils import TensorType


def image_stats(paths: list[str], images: list) -> list[float]:
    processor = AutoImageProcessor.from_pretrained("google/vit-base-patch16-224")
    stats = []
    for image in images:
        inputs = processor(images=image, return_tensors=TensorType.PYTORCH)
        stats.append(inputs["pixel_values"].mean().item())
    return stats
