# expect: SYN101=2
# why: eval loop pulls predictions (.tolist) and labels (.cpu) to the host per batch
import torch


@torch.no_grad()
def collect_predictions(model, loader, device):
    model.eval()
    predictions, labels = [], []
    for batch, target in loader:
        batch = batch.to(device)
        target = target.to(device)
        logits = model(batch)
        predictions.extend(torch.argmax(logits, dim=1).tolist())
        labels.append(target.cpu())
    return predictions, torch.cat(labels)
