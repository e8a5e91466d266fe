# expect: SYN102=1
# why: a per-step helper whose name mentions merging is not adapter merging: its test syncs per loop iteration (added after the issue 22 sample)
import torch


def merge_feature_batches(batches: list[torch.Tensor], threshold: float) -> list[torch.Tensor]:
    kept = []
    for batch in batches:
        if batch.abs().max() > threshold:
            kept.append(batch)
    return kept
