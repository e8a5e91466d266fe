# expect: none
# targets: SYN110
# why: one empty_cache() after training is a single wait, not one per step
import torch


def finish(model: torch.nn.Module) -> torch.nn.Module:
    model = model.cpu()
    torch.cuda.empty_cache()
    return model
