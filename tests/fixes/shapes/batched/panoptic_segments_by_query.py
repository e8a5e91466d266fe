# expect-fix: unsafe
# max-syncs: 2
# reads-ahead: the labels and scores are listed before the loop, also where it runs none
"""Panoptic segments, one per query (reduced from transformers' VideoMT video processor,
`compute_segments`; the ASR processors' timestamp loops take the same form):
`pred_labels[k].item()` and `pred_scores[k].item()` of the function's arguments, with a
segment check called in between. The fix reads each tensor once before the loop. Unsafe:
the arguments are memory other code holds, and what the loop calls may change it in place
(the edge input's checker holds the scores and damps them as it goes); `pred_labels` of
several values per query would give values where `.item()` raised."""
from __future__ import annotations

import torch


class SegmentChecker:
    def __init__(self, shared_scores: torch.Tensor | None = None) -> None:
        self.shared_scores = shared_scores

    def check(self, mask_labels: torch.Tensor, k: int) -> torch.Tensor:
        if self.shared_scores is not None:
            self.shared_scores.mul_(0.5)
        return mask_labels == k


def naive(pred_labels: torch.Tensor, pred_scores: torch.Tensor, mask_probs: torch.Tensor,
          checker: SegmentChecker) -> tuple[torch.Tensor, list[dict[str, float]]]:
    segmentation = torch.zeros(mask_probs.shape[1:], dtype=torch.long) - 1
    mask_labels = (pred_scores[:, None] * mask_probs).argmax(0)
    segments = []
    current_segment_id = 0
    for query_idx in range(pred_labels.shape[0]):
        pred_class = pred_labels[query_idx].item()
        final_mask = checker.check(mask_labels, query_idx)
        segmentation[final_mask] = current_segment_id
        segment_score = round(pred_scores[query_idx].item(), 6)
        segments.append({"id": current_segment_id, "label_id": pred_class, "score": segment_score})
        current_segment_id += 1
    return segmentation, segments


def inputs() -> list[tuple[torch.Tensor, torch.Tensor, torch.Tensor, SegmentChecker]]:
    torch.manual_seed(3)
    probs = torch.rand(3, 4)
    return [(torch.tensor([2, 0, 5]), torch.tensor([0.9, 0.4, 0.7]), probs, SegmentChecker()),
            (torch.zeros(0, dtype=torch.long), torch.zeros(0), torch.rand(0, 4), SegmentChecker()),
            (torch.tensor([[1], [3], [4]]), torch.tensor([0.5, 0.25, 0.125]).half(), probs,
             SegmentChecker())]


def edge_inputs() -> list[tuple[torch.Tensor, torch.Tensor, torch.Tensor, SegmentChecker]]:
    scores = torch.tensor([0.9, 0.4, 0.7])
    return [(torch.tensor([2, 0, 5]), scores, torch.rand(3, 4), SegmentChecker(scores))]
