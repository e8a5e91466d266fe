import torch


def eval_model(actor, test_env):
    rewards = actor(test_env.reset()).cuda()
    return rewards.sum().item()
