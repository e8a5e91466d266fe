# expect: none
# targets: SYN111
# why: an int repeat count gives a size the host already knows
import torch


def tile_beams(encoder_out: torch.Tensor, num_beams: int) -> torch.Tensor:
    expanded = encoder_out.repeat_interleave(num_beams, dim=0)
    return torch.repeat_interleave(expanded, 2, dim=1)
