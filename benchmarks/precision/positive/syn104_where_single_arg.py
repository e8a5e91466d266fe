# expect: SYN104=1
# why: one-argument torch.where (same as nonzero) inside the rollout loop
import torch


def finished_env_ids(done_history: list[torch.Tensor]) -> list[torch.Tensor]:
    finished = []
    for dones in done_history:
        ids = torch.where(dones > 0.5)[0]
        finished.append(ids)
    return finished
