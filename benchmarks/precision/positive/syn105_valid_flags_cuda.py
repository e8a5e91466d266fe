# expect: SYN105=1
# why: a Python list of flags built per sample, moved with .cuda() per sample
import torch


def masked_losses(samples, criterion):
    losses = []
    for logits, targets, lengths in samples:
        valid_flags = [i < lengths for i in range(targets.shape[0])]
        mask = torch.tensor(valid_flags).cuda()
        losses.append((criterion(logits, targets) * mask).sum() / mask.sum())
    return losses
