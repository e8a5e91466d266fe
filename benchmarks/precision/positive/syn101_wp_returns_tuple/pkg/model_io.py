import torch
import torch.nn.functional as F


def forward_pass(model, x, y):
    logits = model(x)
    return F.cross_entropy(logits, y), logits
