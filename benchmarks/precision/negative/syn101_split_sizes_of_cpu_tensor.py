# expect: none
# targets: SYN101
# why: torch.split/chunk/unbind of a CPU tensor (a processor's tile counts) give CPU pieces, whatever the size list
import torch


def tiles_per_image(processor, images, sizes: list[int]):
    batch = processor(images=images, return_tensors="pt")
    tiles = batch["image_grid_thw"].prod(-1)
    per_sample = [int(chunk.sum().item()) for chunk in torch.split(tiles, sizes)]
    per_half = [piece.sum().item() for piece in torch.chunk(tiles, 2)]
    per_image = [count.item() for count in torch.unbind(tiles)]
    return per_sample, per_half, per_image
