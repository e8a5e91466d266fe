# expect: SYN101=4
# why: tianshou runs an algorithm's `_update_with_batch` and SAC's `Alpha.update` once per gradient step, d3rlpy an impl's `compute_actor_loss` and `inner_update` once per gradient step: a single read there repeats all run long
import torch
from d3rlpy.algos.qlearning.torch import DDPGBaseImpl
from tianshou.algorithm import OffPolicyAlgorithm
from tianshou.algorithm.modelfree.sac import Alpha


class LearnedAlpha(torch.nn.Module, Alpha):
    def __init__(self, target_entropy: float) -> None:
        super().__init__()
        self.target_entropy = target_entropy
        self.log_alpha = torch.nn.Parameter(torch.zeros(1))
        self.optim = torch.optim.Adam([self.log_alpha], lr=3e-4)

    def update(self, entropy: torch.Tensor) -> float:
        alpha_loss = -(self.log_alpha * (self.target_entropy - entropy)).mean()
        self.optim.zero_grad()
        alpha_loss.backward()
        self.optim.step()
        return alpha_loss.item()


class ClippedDQN(OffPolicyAlgorithm):
    def _update_with_batch(self, batch) -> dict:
        q = self.policy.model(batch.obs)
        target = torch.as_tensor(batch.returns, device=q.device)
        loss = torch.nn.functional.smooth_l1_loss(q.max(dim=1).values, target)
        self.optim.step(loss)
        return {"loss": loss.item()}


class NeighbourRegularisedImpl(DDPGBaseImpl):
    def compute_actor_loss(self, batch, action, grad_step: int):
        key = torch.cat([batch.observations, action.squashed_mu], dim=1)
        distances, _ = self._nbsr.kneighbors(key.detach().cpu().numpy(), n_neighbors=1)
        q = self._q_func_forwarder.compute_expected_q(batch.observations, action.squashed_mu)
        return -q.mean() + torch.as_tensor(distances, device=q.device).mean()

    def inner_update(self, batch, grad_step: int) -> dict:
        metrics = super().inner_update(batch, grad_step)
        metrics["q_scale"] = float(self._q_func_forwarder.compute_expected_q(
            batch.observations, batch.actions).abs().mean())
        return metrics
