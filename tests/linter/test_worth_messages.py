"""Messages that misled a maintainer in the sixth fresh draw (issue 22, review "Messages"):
a list index copied "to the GPU" where no GPU is shown, a boolean-mask store worded as an
indexing read and reported twice, and "under a setting" that hides a short setting."""

from __future__ import annotations

from tests.linter.helpers import rule_findings


def test_a_list_index_is_copied_to_the_tensors_device_not_the_gpu() -> None:
    source = """\
        import torch
        def split(triples: torch.Tensor, n: int):
            parts = []
            for _ in range(n):
                parts.append(triples[[0, 2]])
            return parts
    """
    [found] = rule_findings("SYN109", source)
    assert found.message == "A Python list as an index is copied to the tensor's device on " \
        "every call"
    assert "GPU" not in found.message


def test_a_mask_store_in_a_loop_is_one_finding_worded_as_a_store() -> None:
    source = """\
        import torch
        def weights(w: torch.Tensor, owner: torch.Tensor, n: int):
            for i in range(n):
                idxs = owner == i
                w[idxs] = torch.sigmoid(w[idxs])
    """
    found = rule_findings("SYN104", source)
    assert [(d.location.row, d.location.column) for d in found] == [(5, 9)]
    assert found[0].message.startswith("A boolean-mask store in a loop reads the mask's count")
    assert "torch.where(mask, value, t)" in (found[0].help or "")


def test_a_mask_read_stored_elsewhere_and_a_plain_read_keep_their_findings() -> None:
    source = """\
        import torch
        def weights(w: torch.Tensor, v: torch.Tensor, owner: torch.Tensor, n: int):
            for i in range(n):
                idxs = owner == i
                v[idxs > 0] = w[idxs]
                total = w[idxs].sum()
                w[idxs] = 0.0
    """
    found = rule_findings("SYN104", source)
    rows = {(d.location.row, d.message.split(" in a ")[0]) for d in found}
    assert (5, "Boolean-mask indexing") in rows
    assert (6, "Boolean-mask indexing") in rows
    assert not any(row == 7 for row, _ in rows)


GUARDED = """\
    import torch
    from torch import nn


    class PromptModule(nn.Module):
        def __init__(self, prompt_pool: bool, batchwise_prompt: bool, force_topk: bool):
            super().__init__()
            self.prompt_pool = prompt_pool
            self.batchwise_prompt = batchwise_prompt
            self.force_topk = force_topk

        def forward(self, x: torch.Tensor, prompt_mask=None) -> torch.Tensor:
            if self.force_topk:
                keep = torch.nonzero(x > 0)
            if self.prompt_pool and prompt_mask is None and self.batchwise_prompt:
                ids = torch.unique(x, return_counts=True)
            if self.prompt_pool and prompt_mask is None and self.batchwise_prompt_of_a_long_name_x:
                ids = torch.unique(x, return_counts=True)
            return x
"""


def test_a_guarded_read_names_its_short_setting() -> None:
    # Options without a default in `__init__` (an opt-in one says "only with ...":
    # tests/linter/test_opt_in.py).
    found = {d.location.row: d for d in rule_findings("SYN104", GUARDED)}
    assert found[14].message.endswith("when `self.force_topk`")
    assert found[16].message.endswith(", under `self.batchwise_prompt`")
    assert found[18].message.endswith(", under a setting")
    for row in (14, 16, 18):
        assert len(found[row].message) <= 100
    # The related location still names every condition whole.
    assert "`self.prompt_pool and prompt_mask is None and self.batchwise_prompt`" in \
        found[16].related[-1].message


def test_a_mask_store_in_per_step_code_outside_loops_is_syn109s_alone() -> None:
    source = """\
        import torch
        from torch import nn
        class Embed(nn.Module):
            def forward(self, mus: torch.Tensor, sar: torch.Tensor) -> torch.Tensor:
                opt = torch.logical_not(sar)
                mus[opt] = (mus[opt] // 2).to(mus.dtype)
                return mus
    """
    assert rule_findings("SYN104", source) == []
    assert [d.location.row for d in rule_findings("SYN109", source)] == [6]


def test_a_read_in_an_elif_test_names_the_branch_it_runs_on() -> None:
    # The read in the `elif` test runs when the first test fails: the message says so
    # (it said "when : ..." with no condition at all).
    source = """\
        import torch
        from torchmetrics import Metric
        class LabelConfusion(Metric):
            def update(self, true_y: torch.Tensor) -> None:
                if self._num_classes is None:
                    self.m = max(self.m, torch.max(true_y).item())
                elif torch.max(true_y).item() >= self._num_classes:
                    raise ValueError("x")
    """
    first, second = rule_findings("SYN101", source)
    assert " when `self._num_classes is None`" in first.message
    assert " when not `self._num_classes is None`" in second.message
    assert [r.message for r in second.related][-1] == \
        "runs when not `self._num_classes is None`, a setting the same on every step"


def test_a_read_in_an_elif_body_names_the_elif_test() -> None:
    source = """\
        import torch
        from torchmetrics import Metric
        class LabelConfusion(Metric):
            def update(self, true_y: torch.Tensor) -> None:
                if self._num_classes is None:
                    pass
                elif self.strict:
                    self.m = torch.max(true_y).item()
    """
    [found] = rule_findings("SYN101", source)
    assert " when `self.strict`" in found.message
