# expect: none
# targets: SYN105
# why: torch.tensor without a device stays on the host: no copy to the device in the loop
import torch


def host_returns(episodes: list[list[float]]) -> torch.Tensor:
    per_episode = []
    for rewards in episodes:
        per_episode.append(torch.tensor(rewards, dtype=torch.float32).sum())
    return torch.stack(per_episode)
