# expect: SYN102=2
# why: `partial = True`, then `partial & running` on some steps: where `partial is not True` (or is not a bool) it is the device mask, and testing it every step syncs (TorchRL's rollout with stop-early)
import torch


def rollout_stop_early(env, obs: torch.Tensor, max_steps: int, track_partial: bool):
    partial_steps = True
    for _ in range(max_steps):
        obs = torch.clamp(env.step(obs), -10.0, 10.0)
        if track_partial:
            running = obs.abs().sum(-1) < 1e3
            partial_steps = partial_steps & running
        if partial_steps is not True:
            if not partial_steps.any():
                break
    return obs


def rollout_until_all_done(env, obs: torch.Tensor, max_steps: int, track_partial: bool):
    alive = True
    for _ in range(max_steps):
        obs = torch.clamp(env.step(obs), -10.0, 10.0)
        if track_partial:
            alive = alive & (obs.norm(dim=-1) < 1e3)
        if not isinstance(alive, bool) and not alive.any():
            break
    return obs
