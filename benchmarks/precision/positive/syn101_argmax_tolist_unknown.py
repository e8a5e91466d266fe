# expect: SYN101=1
# why: .tolist() of model output argmax per batch (the receiver's tensor-ness comes from the model call)
import torch


@torch.no_grad()
def predict(model, loader, device) -> list[int]:
    preds: list[int] = []
    for x, _ in loader:
        outputs = model(x.to(device))
        preds.extend(outputs.argmax(dim=1).tolist())
    return preds
