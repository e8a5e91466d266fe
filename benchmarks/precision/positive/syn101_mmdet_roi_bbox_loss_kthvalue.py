# expect: SYN101=1
# why: bbox_loss of an mmdet RoI head runs on every training step: reading the k-th IoU with .item() syncs per step
import torch
from mmdet.models.roi_heads import StandardRoIHead


class DynamicLikeRoIHead(StandardRoIHead):
    def bbox_loss(self, x: tuple, sampling_results: list) -> dict:
        bbox_results = self._bbox_forward(x, sampling_results)
        ious = bbox_results["ious"]
        k = min(self.train_cfg.dynamic_rcnn.iou_topk, ious.size(0))
        self.iou_history.append(torch.kthvalue(ious, ious.size(0) - k + 1)[0].item())
        return bbox_results
