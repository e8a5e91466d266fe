# expect: SYN101=1
# why: `.eq()` (like `.ne()`, `.gt()` ...) is a tensor method NumPy arrays lack: in torch code without pandas, `preds.eq(y)` of an unknown model's output is a tensor, and `float()` of its sum reads it on the host every batch
import torch
import torch.nn.functional as F


def train_epoch(model, loader, optimizer, device="cuda:0") -> float:
    correct = 0.0
    seen = 0
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        preds = logits.argmax(-1)
        correct += float(preds.eq(y).sum())
        seen += len(y)
    return correct / seen
