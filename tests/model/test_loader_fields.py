"""A data loader's field the loop never moves stays on the host (issue 22, sixth draw F4):
`for images, targets in data_loader:` that moves the images itself but never the targets
reads the targets as host data; each look-alike (the targets moved, handed to a call, a
loader that is no loader or may yield device batches) keeps its device and its finding."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import HOST_TENSOR, UNKNOWN
from tests.model.probe import line_of, probes, syncs

LOOP = """\
import torch


def evaluate(model, {loader}, device, evaluator):
    for images, targets in {iterable}:
        images = [img.to(device) for img in images]
        outputs = model(images{extra_arg})
{extra}
        res = {{t["image_id"].item(): o for t, o in zip(targets, outputs)}}
        evaluator.update(res)
    seen(targets)  # after the loop: a call in it would hand the targets on
"""


def loop(loader: str = "data_loader", iterable: str = "", extra: str = "",
         extra_arg: str = "") -> str:
    return LOOP.format(loader=loader, iterable=iterable or loader, extra=extra,
                       extra_arg=extra_arg)


@pytest.mark.parametrize("iterable", ["data_loader", "logger.log_every(data_loader, 100)",
                                      "tqdm(self_val_loader)"])
def test_a_field_the_loop_never_moves_is_host_data(iterable: str) -> None:
    loader = "self_val_loader" if "self_val" in iterable else "data_loader"
    source = loop(loader, iterable).replace("logger.", "evaluator.")
    assert probes(source) == [HOST_TENSOR]
    assert syncs(source) == []


@pytest.mark.parametrize(("extra", "extra_arg"), [
    ("        targets = [{k: v.to(device) for k, v in t.items()} for t in targets]", ""),
    ("        for t in targets:\n            t['boxes'] = t['boxes'].cuda()", ""),
    ("", ", targets"),
    ("        loss = criterion(outputs, [t['labels'] for t in targets])", ""),
    ("        loss = criterion(outputs, targets[0])", ""),
])
def test_a_field_moved_or_handed_to_a_call_keeps_its_finding(extra: str,
                                                             extra_arg: str) -> None:
    source = loop(extra=extra, extra_arg=extra_arg)
    assert probes(source) != [HOST_TENSOR]
    assert syncs(source) == [f"SYN101:{line_of(source, 'image_id')}"]


@pytest.mark.parametrize("loader", ["batches", "cuda_loader", "device_loader",
                                    "prefetch_loader"])
def test_an_iterable_not_named_a_host_loader_keeps_its_finding(loader: str) -> None:
    source = loop(loader)
    assert probes(source) == [UNKNOWN]
    assert syncs(source) == [f"SYN101:{line_of(source, 'image_id')}"]


def test_without_a_sibling_moved_nothing_shows_the_batches_are_on_the_host() -> None:
    source = loop().replace("[img.to(device) for img in images]", "list(images)")
    assert probes(source) == [UNKNOWN]
    assert syncs(source) == [f"SYN101:{line_of(source, 'image_id')}"]
