# expect: SYN101=1
# why: int() of the per-batch correct count in the evaluation loop
import torch


def evaluate_accuracy(model, loader, device) -> float:
    correct, seen = 0, 0
    with torch.inference_mode():
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            out = model(x)
            correct += int((torch.argmax(out, 1) == y).sum())
            seen += y.size(0)
    return correct / max(seen, 1)
