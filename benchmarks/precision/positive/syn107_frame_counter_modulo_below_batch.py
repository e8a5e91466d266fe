# expect: SYN107=1
# why: `collected % eval_every < frames_per_batch` holds once per eval_every frames (TorchRL's evaluation guard): a periodic read, not one per iteration
import torch


def train(collector, policy, loss_module, optimizer, eval_env, eval_every: int,
          frames_per_batch: int, logger):
    collected = 0
    for data in collector:
        collected += frames_per_batch
        loss = loss_module(data.cuda())
        loss.backward()
        optimizer.step()
        if collected % eval_every < frames_per_batch:
            rollout = eval_env.rollout(1000, policy).cuda()
            logger.log_scalar("eval/reward", rollout.sum().item())
