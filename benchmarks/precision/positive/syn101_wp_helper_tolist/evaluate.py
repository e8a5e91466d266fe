import torch

from convert import to_host, to_ids


def predict(model: torch.nn.Module, loader, device: torch.device):
    predictions, embeddings = [], []
    for batch in loader:
        with torch.no_grad():
            logits = model(batch.to(device))
        predictions.extend(to_ids(logits.argmax(dim=-1)))
        embeddings.append(to_host(logits))
    return predictions, torch.cat(embeddings)
