# expect: none
# targets: SYN101
# why: both modules are imported by their dotted names; the loop calls the one whose token_accuracy stays on the device
import torch
import torch.nn.functional as F

import pkg.device_metrics
import pkg.metrics


def train_epoch(model, loader, optimizer):
    accuracies = []
    for x, y in loader:
        optimizer.zero_grad()
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        loss.backward()
        optimizer.step()
        accuracies.append(pkg.device_metrics.token_accuracy(logits.detach(), y))
    return torch.stack(accuracies).tolist() if accuracies else []
