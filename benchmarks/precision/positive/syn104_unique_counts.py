# expect: SYN104=1
# why: method form .unique(return_counts=True) per batch
import torch


def action_histograms(action_batches: list[torch.Tensor]) -> list[tuple[torch.Tensor, torch.Tensor]]:
    hists = []
    for actions in action_batches:
        values, counts = actions.unique(return_counts=True)
        hists.append((values, counts))
    return hists
