# expect: SYN102=2
# why: if/elif on the tensor returned by clip_grad_norm_ each step
import logging

import torch

logger = logging.getLogger(__name__)


def step_with_guard(model, optimizer, loss, max_norm=1.0, warn_at=10.0):
    loss.backward()
    grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    if torch.isnan(grad_norm):
        optimizer.zero_grad(set_to_none=True)
        return False
    elif grad_norm > warn_at:
        logger.warning("large gradient norm")
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
    return True
