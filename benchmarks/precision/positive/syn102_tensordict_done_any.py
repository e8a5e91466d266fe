# expect: SYN102=2
# why: TorchRL-style rollout: td["next", "done"].any() and td.get("is_init") tested per env step
import torch
from tensordict import TensorDict, TensorDictBase


def rollout(env, policy, max_steps: int) -> list[TensorDictBase]:
    td: TensorDictBase = env.reset()
    steps = []
    for _ in range(max_steps):
        td = policy(td)
        td = env.step(td)
        steps.append(td.clone())
        if td["next", "done"].any():
            break
        td = td["next"]
        if td.get("is_init").all():
            td.set("hidden", torch.zeros_like(td.get("hidden")))
    return steps
