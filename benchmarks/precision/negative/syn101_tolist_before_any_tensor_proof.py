# expect: none
# targets: SYN101
# why: `.tolist()` of a value the model knows nothing of, and nothing proves a tensor before it (a NumPy array has `.tolist()` too; the `torch.nanmean` of another name, `scores`, proves nothing of `rewards`): not reported (look-alike of syn101_tensor_proven_by_torch_reduction)
import torch


def log_rewards(pool, names: list, scores: torch.Tensor) -> dict:
    rewards = pool.result()
    logs = {}
    for i, name in enumerate(names):
        logs[name] = rewards[:, i].tolist()
    logs["mean"] = torch.nanmean(scores)
    for i, name in enumerate(names):
        logs[name + "_keys"] = rewards[i].tolist()
    return logs
