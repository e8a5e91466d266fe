# expect: none
# targets: SYN201, SYN101
# why: per-batch logits concatenated once and saved whole
import torch


@torch.no_grad()
def dump_logits(model, loader, device, path):
    all_logits = []
    for x, _ in loader:
        all_logits.append(model(x.to(device)))
    torch.save(torch.cat(all_logits).cpu(), path)
