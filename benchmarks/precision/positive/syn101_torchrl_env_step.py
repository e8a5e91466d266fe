# expect: SYN101=1
# why: a TorchRL EnvBase._step runs once per environment step; reward.item() there syncs each step
import torch
from tensordict import TensorDict, TensorDictBase
from torchrl.envs import EnvBase


class ReachEnv(EnvBase):
    def __init__(self, device="cuda"):
        super().__init__(device=device)
        self.episode_returns: list[float] = []
        self.goal = torch.zeros(2, device=device)

    def _step(self, tensordict: TensorDictBase) -> TensorDictBase:
        position = tensordict["position"] + tensordict["action"].clamp(-0.1, 0.1)
        reward = -torch.linalg.vector_norm(position - self.goal, dim=-1)
        self.episode_returns.append(reward.item())
        done = reward > -0.05
        return TensorDict(
            {"position": position, "reward": reward, "done": done},
            batch_size=tensordict.batch_size,
        )

    def _reset(self, tensordict):
        return TensorDict({"position": torch.rand(2, device=self.device)}, batch_size=[])

    def _set_seed(self, seed):
        torch.manual_seed(seed)
