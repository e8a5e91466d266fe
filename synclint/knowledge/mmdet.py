"""mmdet (OpenMMLab detection, on mmengine): a training step runs `model.train_step`, whose
`self(data, mode="loss")` calls the detector's `loss` (`BaseDetector.forward`,
`mmengine.model.BaseModel.train_step`); the detector calls its heads' `loss` /
`loss_and_predict` (an RPN head's, before the RoI head's), a dense head's `loss` calls
`loss_by_feat` (and per level `loss_by_feat_single`), an RoI head's `loss` calls
`bbox_loss` and `mask_loss`, and the targets are matched by the assigner's `assign` and
the sampler's `sample` for every image of the batch (`models/dense_heads/base_dense_head.py`,
`models/roi_heads/standard_roi_head.py`, `models/task_modules/`).

The roles are on mmdet's own abstract bases, so a method of that name in a class deriving
from none of them (a `loss` of any other class) is not per-step code by this table. Heads
and detectors a user imports from mmdet's `models` packages (`AnchorHead`,
`StandardRoIHead`, `FasterRCNN`) derive from them. Inference (`predict`,
`predict_by_feat`) is not listed: it runs per inference batch.

A head's box coder is built from its config (`self.bbox_coder =
TASK_UTILS.build(bbox_coder)`), so its class is unknown: in a file importing mmdet, a
receiver named `bbox_coder` is one, and its `encode` / `decode` give tensors (on the
anchors' device; `decode` gives a `BaseBoxes` only with `use_box_type=True`, which wraps
the same tensor)."""

from __future__ import annotations

from synclint.analysis.kinds import TENSOR
from synclint.knowledge.schema import Class, Library, Method, Returns, Role

DENSE_HEAD = "mmdet.BaseDenseHead"
ROI_HEAD = "mmdet.BaseRoIHead"
MASK_HEAD = "mmdet.BaseMaskHead"
DETECTOR = "mmdet.BaseDetector"
ASSIGNER = "mmdet.BaseAssigner"
SAMPLER = "mmdet.BaseSampler"
BBOX_CODER = "mmdet.BaseBBoxCoder"

#: What a head or detector runs on every training step.
_LOSSES = ("loss", "loss_by_feat", "loss_by_feat_single", "loss_and_predict", "bbox_loss",
           "mask_loss")
_WHY = "`{}` of an mmdet head or detector runs on every training step"

LIBRARY = Library(
    name="mmdet",
    roots=("mmdet",),
    classes=(
        Class(DENSE_HEAD, module=True),
        Class(ROI_HEAD, module=True),
        Class(MASK_HEAD, module=True),
        Class(DETECTOR, module=True),
        Class(ASSIGNER),
        Class(SAMPLER),
        Class(BBOX_CODER, hints=frozenset({"bbox_coder"})),
    ),
    methods=(
        Method(BBOX_CODER, "encode", Returns(TENSOR)),
        Method(BBOX_CODER, "decode", Returns(TENSOR)),
    ),
    # mmdet's own heads, detectors, assigners and samplers derive from its project
    # classes of these names (`class AnchorHead(BaseDenseHead)`). Libraries built the same
    # way on mmengine (mmseg's `BaseAssigner`) match them too: the role's reason names no
    # library.
    bare_names=frozenset({"BaseDenseHead", "BaseRoIHead", "BaseMaskHead", "BaseDetector",
                          "BaseAssigner", "BaseSampler", "BaseBBoxCoder"}),
    # What a user imports from mmdet's model packages: `from mmdet.models.dense_heads
    # import AnchorHead`, `from mmdet.models.task_modules import MaxIoUAssigner`.
    class_patterns=(
        ("mmdet.models.dense_heads.*", DENSE_HEAD),
        ("mmdet.models.roi_heads.*RoIHead", ROI_HEAD),
        ("mmdet.models.detectors.*", DETECTOR),
        ("mmdet.models.task_modules.*Assigner", ASSIGNER),
        ("mmdet.models.task_modules.*Sampler", SAMPLER),
        ("mmdet.models.task_modules.*BBoxCoder", BBOX_CODER),
    ),
    roles=(
        *(Role(owner, name, _WHY.format(name))
          for owner in (DENSE_HEAD, ROI_HEAD, MASK_HEAD, DETECTOR) for name in _LOSSES),
        Role(ASSIGNER, "assign",
             "an assigner's `assign` runs for every image of every training step"),
        Role(SAMPLER, "sample",
             "a sampler's `sample` runs for every image of every training step"),
    ),
)
