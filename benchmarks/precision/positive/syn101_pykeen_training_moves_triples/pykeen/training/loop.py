# expect: SYN101=2
# why: outside the triples package pykeen moves batches of triples to the model's device inside training (`batch.to(device)`), and a mapped_triples parameter of a model helper has no host role: their per-batch .item() reads sync
import torch


def train_epoch(model, batches, optimizer, device) -> list[float]:
    losses = []
    for batch in batches:
        batch = batch.to(device)
        loss = model.loss(model.score_hrt(batch))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


def filter_known(model, mapped_triples: torch.Tensor) -> list[int]:
    scores = model.score_hrt(mapped_triples)
    return [int(s.argmax().item()) for s in scores]
