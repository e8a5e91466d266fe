# expect: SYN101=1
# why: `import pkg.metrics as m`; m.mean_value() reads its tensor argument on the host per batch
import torch

import pkg.metrics as m


@torch.no_grad()
def evaluate(model, loader):
    scores = []
    for x, y in loader:
        probs = torch.softmax(model(x), dim=-1)
        scores.append(m.mean_value(probs.amax(dim=-1)))
    return sum(scores) / len(scores)
