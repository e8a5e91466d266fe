# expect: SYN101=2
# why: PPO epoch loop reads approx KL and clip fraction with .item() per minibatch
import torch


def ppo_update(policy, optimizer, minibatches, clip=0.2, target_kl=0.02):
    stats = []
    for obs, actions, old_logp, adv in minibatches:
        new_logp = policy.log_prob(obs, actions)
        ratio = torch.exp(new_logp - old_logp)
        loss = -torch.min(ratio * adv, torch.clamp(ratio, 1 - clip, 1 + clip) * adv).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        approx_kl = (old_logp - new_logp).mean().item()
        clipfrac = ((ratio - 1.0).abs() > clip).float().mean().item()
        stats.append((approx_kl, clipfrac))
        if approx_kl > 1.5 * target_kl:
            break
    return stats
