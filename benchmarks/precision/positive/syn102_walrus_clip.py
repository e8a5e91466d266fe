# expect: SYN102=1
# why: a walrus-bound clip_grad_norm_ result compared in an if test
import torch


def step(model, optimizer, max_norm: float, spike: float, log: list) -> None:
    if (norm := torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)) > spike:
        log.append(norm.detach())
    optimizer.step()
