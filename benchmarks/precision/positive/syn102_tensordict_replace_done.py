# expect: SYN102=1
# why: TensorDict.replace gives a TensorDict on the same device: testing its "done" entry per step syncs (TorchRL's action transforms)
import torch
from tensordict import TensorDict


def rollout(env, policy, steps: int):
    td = env.reset().to("cuda")
    for _ in range(steps):
        td = policy(td)
        out = td.replace(action=td["action"].clamp(-1, 1))
        if out["done"].any():
            td = env.reset().to("cuda")
    return td
