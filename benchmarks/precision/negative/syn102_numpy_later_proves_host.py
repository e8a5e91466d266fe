# expect: none
# targets: SYN102, SYN101
# why: each output is read with `.detach().numpy()` further down the same loop body, which raises on an accelerator tensor: the model runs on the host here, and the NaN test and the `.item()` before it read host memory
import torch


def evaluate(model, loader) -> list:
    scores = []
    for batch in loader:
        out = model(batch)
        bad = torch.isnan(out).any()
        if bad:
            print("nan in batch", out.sum().item())
        scores.append(out.detach().numpy())
    return scores
