# expect: none
# targets: SYN101
# why: a single .item() at the end of a training step, outside any loop
import torch.nn.functional as F


def train_step(model, optimizer, x, y) -> float:
    logits = model(x)
    loss = F.cross_entropy(logits, y)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()
    return loss.item()
