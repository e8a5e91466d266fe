# expect: SYN105=1
# why: torch.LongTensor of a host list built in the loop, then .to(device)
import torch


def gather_actions(policy, trajectories, device):
    picked = []
    for traj in trajectories:
        actions = [step.action for step in traj]
        actions_t = torch.LongTensor(actions).to(device)
        logits = policy(traj.obs)
        picked.append(logits.gather(1, actions_t.unsqueeze(1)))
    return picked
