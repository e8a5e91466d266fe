"""kornia: an augmentation is an `nn.Module` whose `forward` draws the batch's parameters
(`forward_parameters`, `generate_parameters`, its random generator's `forward`) and then
applies them (`apply_func`, `transform_inputs`, `apply_transform` and its mask, box,
keypoint and class forms) on every call, that is once per training batch
(`augmentation/base.py`, `_BasicAugmentationBase.forward`). The base's `forward` calls
these through `self`, so the subclass's own are what runs."""

from __future__ import annotations

from synclint.analysis.kinds import HOST, TENSOR, Mapping
from synclint.knowledge.schema import Class, Library, Role

BASE = "kornia._BasicAugmentationBase"
#: kornia's augmentation bases, each deriving from the one before it in its row.
_BASES = (
    ("_AugmentationBase", "_BasicAugmentationBase"),
    ("AugmentationBase2D", "_AugmentationBase"),
    ("AugmentationBase3D", "_AugmentationBase"),
    ("RigidAffineAugmentationBase2D", "AugmentationBase2D"),
    ("RigidAffineAugmentationBase3D", "AugmentationBase3D"),
    ("GeometricAugmentationBase2D", "RigidAffineAugmentationBase2D"),
    ("IntensityAugmentationBase2D", "RigidAffineAugmentationBase2D"),
    ("GeometricAugmentationBase3D", "RigidAffineAugmentationBase3D"),
    ("IntensityAugmentationBase3D", "RigidAffineAugmentationBase3D"),
    ("MixAugmentationBaseV2", "_BasicAugmentationBase"),
)
#: What an augmentation call runs with the batch (an image or mask tensor) and its
#: parameters (inverse transforms are test-time augmentation, an opt-in: not listed).
_APPLIED = ("apply_func", "apply_transform", "apply_non_transform", "transform_inputs",
            "transform_masks", "apply_transform_mask", "apply_non_transform_mask",
            "compute_transformation",
            # `MixAugmentationBaseV2`'s own names for the same steps.
            "transform_input", "transform_mask")
#: The same for boxes, keypoints and class labels (kornia objects, not tensors) and the
#: reshaping of the input and output.
_APPLIED_OTHER = ("transform_tensor", "transform_output_tensor", "transform_boxes",
                  "transform_keypoints", "transform_classes", "apply_transform_box",
                  "apply_non_transform_box", "apply_transform_keypoint",
                  "apply_non_transform_keypoint", "apply_transform_class",
                  "apply_non_transform_class",
                  "transform_keypoint", "transform_class", "apply_transform_boxes",
                  "apply_non_transform_boxes")
#: What an augmentation call runs to draw the batch's parameters.
_DRAWN = ("forward_parameters", "generate_parameters")
#: `apply_transform(input, params, flags, transform)`: the batch and its parameters.
_BATCH_AND_PARAMS = (TENSOR, Mapping(HOST, TENSOR))

LIBRARY = Library(
    name="kornia",
    roots=("kornia",),
    classes=(
        Class(BASE, module=True),
        *(Class(f"kornia.{name}", bases=(f"kornia.{base}",)) for name, base in _BASES),
    ),
    # kornia's own augmentations derive from its project classes of these names.
    bare_names=frozenset({"_BasicAugmentationBase", *(name for name, _ in _BASES)}),
    roles=(
        *(Role(BASE, name, f"`{name}` runs on every call of the augmentation (per batch)",
               _BATCH_AND_PARAMS) for name in _APPLIED),
        *(Role(BASE, name, f"`{name}` runs on every call of the augmentation (per batch)")
          for name in _APPLIED_OTHER),
        *(Role(BASE, name, f"`{name}` runs on every call of the augmentation (per batch)",
               (HOST,)) for name in _DRAWN),
    ),
)
