import torch


def mlp():
    return torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU())
