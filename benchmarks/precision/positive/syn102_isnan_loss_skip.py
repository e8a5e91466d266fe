# expect: SYN102=1
# why: skip-on-NaN guard evaluates the loss tensor as a Python bool
import torch


def amp_step(model, batch, optimizer, scaler):
    with torch.autocast("cuda", dtype=torch.bfloat16):
        loss = model(**batch).loss
    if torch.isnan(loss):
        return None
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    return loss.detach()
