"""An mmdet head's box coder (issue 22, sixth draw M5): built from a config, its class is
unknown, so in a file importing mmdet a receiver named `bbox_coder` is one, and its
`decode` / `encode` give tensors. Other receivers' `decode`, and files without mmdet,
stay unknown."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import DEVICE_TENSORS, TENSOR
from tests.model.probe import line_of, probe, syncs

HEAD = '''from mmdet.registry import TASK_UTILS


class Head:
    def __init__(self, bbox_coder: dict) -> None:
        self.bbox_coder = TASK_UTILS.build(bbox_coder)

    def boxes(self, anchors, preds, gt):
        seen(EXPR)
'''


@pytest.mark.parametrize("expr", ["self.bbox_coder.decode(anchors, preds)",
                                  "self.bbox_coder.encode(anchors, gt)"])
def test_a_bbox_coders_results_are_tensors(expr: str) -> None:
    assert probe(HEAD.replace("EXPR", expr)) == TENSOR


@pytest.mark.parametrize("expr", ["self.tokenizer.decode(preds)",
                                  "self.bbox_coder.split(anchors)",
                                  "decode(anchors, preds)"])
def test_other_receivers_and_methods_are_not(expr: str) -> None:
    assert probe(HEAD.replace("EXPR", expr)) not in DEVICE_TENSORS


def test_without_mmdet_a_bbox_coder_is_unknown() -> None:
    source = HEAD.replace("from mmdet.registry import TASK_UTILS", "from registry import TASK_UTILS")
    assert probe(source.replace("EXPR", "self.bbox_coder.decode(anchors, preds)")) \
        not in DEVICE_TENSORS


LEVELS = HEAD.replace("        seen(EXPR)\n", '''        for a, p in zip(anchors, preds):
            proposals = self.bbox_coder.decode(a, p)
            valid = proposals[:, 2] > proposals[:, 0]
            if not valid.all():
                return None
''')


def test_the_size_mask_of_decoded_boxes_tested_per_level_is_a_sync() -> None:
    assert syncs(LEVELS) == [f"SYN102:{line_of(LEVELS, 'if not valid.all()')}"]
