import torch


def loss_value(loss):
    return loss.detach().float().item()
