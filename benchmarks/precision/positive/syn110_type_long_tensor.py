# expect: SYN110=1
# why: .type(torch.LongTensor) moves a GPU tensor to the CPU (a blocking copy), not a cast
import torch


def predicted_labels(logits: torch.Tensor) -> torch.Tensor:
    preds = logits.argmax(dim=-1)
    return preds.type(torch.LongTensor)
