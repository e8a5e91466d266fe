# expect: SYN101=1
# why: `import pkg.metrics` then `pkg.metrics.token_accuracy(...)` reads a tensor on the host per batch
import torch
import torch.nn.functional as F

import pkg.metrics


def train_epoch(model, loader, optimizer):
    accuracies = []
    for x, y in loader:
        optimizer.zero_grad()
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        loss.backward()
        optimizer.step()
        accuracies.append(pkg.metrics.token_accuracy(logits.detach(), y))
    return accuracies
