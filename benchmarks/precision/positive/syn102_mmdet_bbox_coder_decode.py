# expect: SYN102=1, SYN104=1
# why: an mmdet head's bbox_coder (built from its config) decodes boxes into a tensor on the anchors' device; testing the size mask per level is a sync per level
import torch
from mmdet.models.dense_heads import AnchorHead
from mmdet.registry import TASK_UTILS


class ProposalHead(AnchorHead):
    def __init__(self, bbox_coder: dict, min_bbox_size: float = 0.0) -> None:
        super().__init__()
        self.bbox_coder = TASK_UTILS.build(bbox_coder)
        self.min_bbox_size = min_bbox_size

    def _proposals(self, anchors: list, bbox_preds: list, img_shape: tuple) -> list:
        kept = []
        for level_anchors, level_preds in zip(anchors, bbox_preds):
            proposals = self.bbox_coder.decode(level_anchors, level_preds, max_shape=img_shape)
            w = proposals[:, 2] - proposals[:, 0]
            h = proposals[:, 3] - proposals[:, 1]
            valid_mask = (w > self.min_bbox_size) & (h > self.min_bbox_size)
            if not valid_mask.all():
                proposals = proposals[valid_mask]
            kept.append(proposals)
        return kept
