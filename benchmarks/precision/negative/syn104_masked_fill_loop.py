# expect: none
# targets: SYN104
# why: masked_fill and multiplication by a mask keep shapes fixed
import torch


def masked_token_losses(logits_list, targets_list, masks_list):
    losses = []
    for logits, targets, mask in zip(logits_list, targets_list, masks_list):
        logits = logits.masked_fill(~mask.bool().unsqueeze(-1), float("-inf"))
        nll = torch.nn.functional.cross_entropy(logits.transpose(1, 2), targets, reduction="none")
        losses.append((nll * mask).sum() / mask.sum().clamp(min=1))
    return torch.stack(losses)
