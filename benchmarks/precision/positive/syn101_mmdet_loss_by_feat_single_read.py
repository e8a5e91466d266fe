# expect: SYN101=1
# why: an mmdet dense head's loss_by_feat runs on every training step: the one .item() of the averaged factor is a sync per step
import torch
from mmdet.models.dense_heads import AnchorHead
from mmdet.utils import reduce_mean


class LDLikeHead(AnchorHead):
    def loss_by_feat(self, cls_scores: list, bbox_preds: list, avg_factor: torch.Tensor) -> dict:
        factor = reduce_mean(avg_factor).clamp_(min=1).item()
        losses = [s.sigmoid().sum() / factor for s in cls_scores]
        return {"loss_cls": losses}
