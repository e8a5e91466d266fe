# expect: SYN102=1
# why: checkpoint selection compares a device tensor to the best loss every epoch
import torch


def fit(model, train_one_epoch, val_batches, epochs, path):
    best = float("inf")
    for epoch in range(epochs):
        train_one_epoch(model)
        losses = [model.loss(batch) for batch in val_batches]
        val_loss = torch.stack(losses).mean()
        if val_loss < best:
            best = val_loss
            torch.save(model.state_dict(), path)
    return best
