# expect: SYN101=1
# why: probabilities copied to the host with .cpu() every batch
import torch


@torch.no_grad()
def predict_proba(model, loader, device):
    all_probs = []
    for (x,) in loader:
        logits = model(x.to(device, non_blocking=True))
        all_probs.append(torch.softmax(logits, dim=-1).cpu())
    return torch.cat(all_probs).numpy()
