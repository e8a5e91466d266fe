# expect: SYN107=2
# why: reads under a should_log flag computed from the step are periodic
import torch
import wandb


def train(model, loader, optimizer, log_interval: int):
    for i, batch in enumerate(loader):
        loss = model(batch)
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad()
        should_log = (i + 1) % log_interval == 0
        if should_log:
            wandb.log({"loss": loss.item(), "grad_norm": grad_norm.item()})
