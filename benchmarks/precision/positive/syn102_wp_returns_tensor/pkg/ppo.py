# expect: SYN102=1
# why: compute_returns() returns a CUDA tensor; `if returns.var() > 1e-8` tests it as a bool
import torch

from pkg.returns import compute_returns


def normalised_returns(rewards, gamma=0.99):
    returns = compute_returns(rewards, gamma)
    if returns.var() > 1e-8:
        returns = (returns - returns.mean()) / returns.std()
    return returns
