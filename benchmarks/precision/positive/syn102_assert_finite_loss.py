# expect: SYN102=1
# why: assert on a tensor reduction: a sync on every training step
import torch
import torch.nn.functional as F


def training_step(model, batch, optimizer):
    logits = model(batch["input_ids"])
    loss = F.cross_entropy(logits.view(-1, logits.size(-1)), batch["labels"].view(-1))
    assert torch.isfinite(loss).all(), "non-finite loss"
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()
    return loss.detach()
