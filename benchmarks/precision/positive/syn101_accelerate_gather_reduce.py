# expect: SYN101=1, SYN102=1
# why: accelerate: float() of accelerator.reduce(...) and an `if` on accelerator.gather(...) per step
import torch
from accelerate import Accelerator


def train(model, loader, optimizer, num_epochs: int):
    accelerator = Accelerator()
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    history = []
    for epoch in range(num_epochs):
        for batch in loader:
            loss = model(**batch).loss
            accelerator.backward(loss)
            found_inf = torch.isinf(loss).to(torch.int32)
            if accelerator.gather(found_inf).any():
                optimizer.zero_grad()
                continue
            optimizer.step()
            optimizer.zero_grad()
            history.append(float(accelerator.reduce(loss.detach(), reduction="mean")))
    return history
