# expect: SYN101=1
# why: an mmdet assigner's assign runs for every image of every training step: .tolist() of the matched indices syncs each time
import torch
from mmdet.models.task_modules.assigners import BaseAssigner


class ListAssigner(BaseAssigner):
    def assign(self, pred_instances, gt_instances, gt_instances_ignore=None):
        overlaps = pred_instances.priors.new_zeros((3, 4)) + torch.rand(3, 4, device="cuda")
        matched = overlaps.argmax(dim=0).tolist()
        return matched
