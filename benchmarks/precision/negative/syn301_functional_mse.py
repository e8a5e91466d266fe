# expect: none
# targets: SYN301
# why: F.mse_loss and a squared-error mean in a critic update
import torch.nn.functional as F


def critic_loss(q1, q2, target_q):
    loss = F.mse_loss(q1, target_q) + F.mse_loss(q2, target_q)
    td = ((q1 - target_q) ** 2).mean()
    return loss, td
