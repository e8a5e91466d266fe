# expect: SYN107=1
# why: the delayed actor update runs every policy_delay steps, but the loss is logged under a different guard (every log_every steps): that read is periodic logging (SYN107, off by default), not the update's schedule, so SYN101 stays silent
import torch
import torch.nn.functional as F


def train_td3(actor, critic, actor_opt, critic_opt, batches, policy_delay: int = 2,
              log_every: int = 100):
    actor_losses = []
    actor_loss = torch.zeros(())
    for step, (obs, actions, target_q) in enumerate(batches):
        critic_loss = F.mse_loss(critic(obs, actions), target_q)
        critic_opt.zero_grad()
        critic_loss.backward()
        critic_opt.step()
        if not step % policy_delay:
            actor_loss = -critic(obs, actor(obs)).mean()
            actor_opt.zero_grad()
            actor_loss.backward()
            actor_opt.step()
        if not step % log_every:
            actor_losses.append(actor_loss.item())
    return actor_losses
