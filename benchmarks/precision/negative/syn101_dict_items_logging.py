# expect: none
# targets: SYN101
# why: dict.items() over host floats is not Tensor.item()
import logging

import torch

logger = logging.getLogger(__name__)


def log_host_metrics(stats: dict[str, float], step: int) -> None:
    for key, value in stats.items():
        logger.info("step %d %s=%.4f", step, key, value)
    if torch.cuda.is_available():
        logger.info("max memory %d", torch.cuda.max_memory_allocated())
