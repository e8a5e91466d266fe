# expect: none
# targets: SYN102
# why: integer step counters and module.training flags are Python values
import torch


def maybe_log(model: torch.nn.Module, step: int, log_every: int, loss: torch.Tensor, history: list):
    if step % log_every == 0 and model.training:
        history.append(loss.detach())
    return history
