# expect: none
# targets: SYN101
# why: a read under `collected % eval_every < frames_per_batch` runs once per eval_every frames (periodic: SYN107's, off by default), not on every iteration
import torch


def train(collector, policy, loss_module, optimizer, eval_env, eval_every: int,
          frames_per_batch: int, logger):
    collected = 0
    for data in collector:
        collected += frames_per_batch
        loss = loss_module(data.cuda())
        loss.backward()
        optimizer.step()
        if frames_per_batch > collected % eval_every:
            rollout = eval_env.rollout(1000, policy).cuda()
            logger.log_scalar("eval/reward", rollout.sum().item())
