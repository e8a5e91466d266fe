# expect: SYN101=2
# why: fields of a transformers ModelOutput are device tensors: float(outputs.loss), int(...logits...)
import torch
from transformers import PreTrainedModel


def evaluate(model: PreTrainedModel, loader, device: torch.device) -> tuple[float, float]:
    model.eval()
    total_loss, correct, seen = 0.0, 0, 0
    for batch in loader:
        batch = {k: v.to(device) for k, v in batch.items()}
        with torch.no_grad():
            outputs = model(**batch)
        total_loss += float(outputs.loss)
        correct += int((outputs.logits.argmax(-1) == batch["labels"]).sum())
        seen += batch["labels"].numel()
    return total_loss / len(loader), correct / seen
