# expect: none
# targets: SYN104
# why: indexing with integer index tensors from randperm is a gather, fixed size
import torch


def minibatches(obs: torch.Tensor, actions: torch.Tensor, batch_size: int):
    perm = torch.randperm(obs.shape[0], device=obs.device)
    for start in range(0, obs.shape[0], batch_size):
        idx = perm[start:start + batch_size]
        yield obs[idx], actions[idx]
