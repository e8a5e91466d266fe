# expect: none
# targets: SYN105
# why: the fix: build host tensors in the loop, stack, one transfer after it
import torch


def batch_rewards(episodes: list[list[float]], device: torch.device) -> torch.Tensor:
    host = []
    for rewards in episodes:
        host.append(torch.as_tensor(rewards, dtype=torch.float32))
    return torch.stack(host).to(device)
