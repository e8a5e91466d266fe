import torch


def token_accuracy(logits, labels):
    return (logits.argmax(dim=-1) == labels).float().mean().item()
