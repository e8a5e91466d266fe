# expect: SYN101=1
# why: outputs.get("aux_loss", <device tensor>) is a device tensor; float() of it per step
import torch


def train_epoch(model, loader, optimizer, device: torch.device) -> float:
    running = 0.0
    for batch in loader:
        outputs = model(batch.to(device))
        aux = outputs.get("aux_loss", torch.zeros((), device=device))
        loss = outputs["loss"] + 0.01 * aux
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        running += float(aux)
    return running / len(loader)
