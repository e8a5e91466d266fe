# expect: none
# targets: SYN101
# why: torch.frombuffer wraps host memory, so each image's .numpy() is a view, not a transfer
import torch
from PIL import Image


def postprocess_decode(content: bytes, shape: list[int]) -> list[Image.Image]:
    output_tensor = torch.frombuffer(bytearray(content), dtype=torch.uint8).reshape(shape)
    return [Image.fromarray(image.numpy()) for image in output_tensor]
