# expect: SYN102=1
# why: `if loss.isnan():` per accumulation micro-step
import torch


def accumulate(model, micro_batches, optimizer, accum_steps: int) -> int:
    skipped = 0
    for i, mb in enumerate(micro_batches):
        loss = torch.nn.functional.cross_entropy(model(mb["x"]), mb["y"]) / accum_steps
        if loss.isnan():
            skipped += 1
            continue
        loss.backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
    return skipped
