# expect: SYN101=1
# why: the policy's output distribution comes from calling the model (kind unknown), but `entropy()` of it is a tensor on the model's device: `float()` of its mean reads it on the host every update (pfrl A2C's running statistics)
import torch


class A2C:
    def __init__(self, model, optimizer, device: torch.device) -> None:
        self.model, self.optimizer, self.device = model, optimizer, device
        self.average_entropy = 0.0

    def update(self, batches) -> None:
        for states, actions, returns in batches:
            pout, values = self.model(states.to(self.device))
            dist_entropy = pout.entropy().mean()
            log_probs = pout.log_prob(actions.to(self.device))
            advantages = returns.to(self.device) - values
            loss = (advantages ** 2).mean() - (advantages.detach() * log_probs).mean()
            self.optimizer.zero_grad()
            (loss - 0.01 * dist_entropy).backward()
            self.optimizer.step()
            self.average_entropy += 0.01 * (float(dist_entropy) - self.average_entropy)
