# expect: SYN101=2
# why: helpers with unannotated parameters that math.exp() and format a value, called with device losses per step
import torch

from metrics import fmt, perplexity


def train(model: torch.nn.Module, loader, optimizer, log):
    for step, (inputs, targets) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(inputs), targets)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        log.append({"ppl": perplexity(loss.detach()), "loss": fmt(loss.detach())})
