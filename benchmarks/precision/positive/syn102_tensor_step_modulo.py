# expect: SYN102=1
# why: the step counter is a device tensor: `step % 10 == 0` is a tensor test, not a periodic guard
import torch


def train_with_ema(model, ema, batches, device):
    step = torch.zeros((), dtype=torch.long, device=device)
    for batch in batches:
        model(batch).sum().backward()
        step += 1
        if step % 10 == 0:
            ema.update(model)
