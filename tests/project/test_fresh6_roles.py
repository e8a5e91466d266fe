"""Per-training-step roles of mmdet (issue 22, sixth draw M1): a head's or detector's
losses, an assigner's `assign` and a sampler's `sample`, in a user's subclass of what mmdet
exports and in mmdet's own package (its project classes of the base names); a method of
the same name in a class deriving from none of them, and inference, stay silent."""

from __future__ import annotations

from tests.project.test_fresh4_roles import lines, row_of
from tests.project.test_library_roles import findings

USER = """\
import torch
from mmdet.models.dense_heads import AnchorHead
from mmdet.models.roi_heads import StandardRoIHead
from mmdet.models.task_modules import MaxIoUAssigner


class Head(AnchorHead):
    def loss_by_feat(self, cls_scores, avg_factor: torch.Tensor):
        factor = avg_factor.clamp_(min=1).item()
        return {"loss_cls": cls_scores[0].sum() / factor}

    def predict_by_feat(self, cls_scores: torch.Tensor):
        self.kept = cls_scores.max().item()


class RoIHead(StandardRoIHead):
    def bbox_loss(self, x, sampling_results, ious: torch.Tensor):
        self.history.append(torch.kthvalue(ious, 3)[0].item())


class Assigner(MaxIoUAssigner):
    def assign(self, pred_instances, gt_instances, overlaps: torch.Tensor):
        return overlaps.argmax(dim=0).tolist()


class Report:
    def loss(self, history: torch.Tensor) -> float:
        return history.mean().item()

    def bbox_loss(self, errors: torch.Tensor) -> float:
        return errors.abs().max().item()
"""


def test_mmdet_losses_and_assign_run_every_training_step() -> None:
    found = findings(heads=USER)
    assert lines(found, USER) == [row_of(USER, "avg_factor.clamp_"),
                                  row_of(USER, "torch.kthvalue"),
                                  row_of(USER, "argmax(dim=0).tolist()")]
    by_row = {d.location.row: d.message for d in found}
    assert "`loss_by_feat`" in by_row[row_of(USER, "avg_factor.clamp_")]


OWN = {
    "base_dense_head": """\
import torch
from torch import nn


class BaseDenseHead(nn.Module):
    def loss(self, x, batch_data_samples):
        return self.loss_by_feat(self(x), batch_data_samples)
""",
    "ld_head": """\
import torch
from base_dense_head import BaseDenseHead


class LDHead(BaseDenseHead):
    def loss_by_feat(self, cls_scores, avg_factor: torch.Tensor):
        avg_factor = avg_factor.sum().clamp_(min=1).item()
        return {"loss": cls_scores[0].sum() / avg_factor}


class Sampler:
    def sample(self, assign_result: torch.Tensor):
        return assign_result.nonzero().tolist()
""",
}


def test_mmdet_own_package_takes_the_roles_by_its_class_names() -> None:
    found = findings(**OWN)
    head = OWN["ld_head"]
    # `Sampler` is not `BaseSampler`: its `sample` is no known role.
    assert sorted((d.filename.rsplit("/", 1)[-1], d.location.row) for d in found
                  if d.code == "SYN101") == [("ld_head.py", row_of(head, ".clamp_(min=1)"))]
