# expect: none
# targets: SYN101
# why: the reads are in a block that always ends in raise: it runs once, on the way out
import logging

import torch

logger = logging.getLogger(__name__)


def check_shapes(outputs: list[torch.Tensor], expected: int) -> None:
    for i, out in enumerate(outputs):
        if out.shape[-1] != expected:
            summary = f"min={out.min().item()} max={out.max().item()}"
            logger.error("output %d has width %d (%s)", i, out.shape[-1], summary)
            raise ValueError(f"output {i} has the wrong width")
