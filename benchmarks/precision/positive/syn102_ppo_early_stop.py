# expect: SYN102=1
# why: PPO early stopping tests a device KL estimate each minibatch
import torch


def ppo_epochs(policy, optimizer, minibatches, target_kl=0.015):
    for obs, actions, old_logp, adv in minibatches:
        log_ratio = policy.log_prob(obs, actions) - old_logp
        ratio = torch.exp(log_ratio)
        approx_kl = ((ratio - 1) - log_ratio).mean()
        if approx_kl > 1.5 * target_kl:
            break
        loss = -(ratio * adv).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
