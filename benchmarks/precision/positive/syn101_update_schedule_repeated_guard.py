# expect: SYN101=1
# why: TD3's delayed actor update runs every policy_delay gradient steps; the loss is logged under a second guard with the same test, so the read runs on every actor update (the algorithm's schedule), not every few steps of logging (fresh9 M5, skrl TD3_RNN.update)
import torch
import torch.nn.functional as F


def train_td3(actor, critic, actor_opt, critic_opt, batches, policy_delay: int = 2):
    actor_losses = []
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
        if not step % policy_delay:
            actor_losses.append(actor_loss.item())
    return actor_losses
