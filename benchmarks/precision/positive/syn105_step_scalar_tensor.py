# expect: SYN105=1
# why: the Python step counter copied to the device every iteration for a schedule
import torch


def train(model, optimizer, batches, device, warmup=1000):
    for step, batch in enumerate(batches):
        step_t = torch.tensor(float(step), device=device)
        scale = torch.clamp(step_t / warmup, max=1.0)
        loss = model(batch) * scale
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
